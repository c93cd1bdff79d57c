/**
 * Password hashing: scrypt (N=2^14, r=8, p=5, 16-byte salt, 32-byte key) from workerd's native
 * `node:crypto` (BoringSSL). Why not the PBKDF2-SHA256-600k the design first named: Cloudflare's
 * production runtime refuses PBKDF2 above 100,000 iterations (workerd#1346; the open-source
 * workerd used locally and in tests does not enforce that cap, so only a deploy would fail),
 * and 100k is a sixth of OWASP's minimum. The scrypt parameters are OWASP's
 * "N=2^14, r=8, p=5" minimum, use 16 MiB and a cost N·r·p = 655,360 under production's scrypt cap
 * of 2^20. Full reasoning, argon2id included: docs/security.md.
 *
 * Stored as `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`, so the parameters can be raised later
 * and old hashes still verify (and can be rehashed on the next sign-in).
 */
import { scrypt } from 'node:crypto';
import { decodeBase64, encodeBase64 } from '@oslojs/encoding';

export const SCRYPT = { N: 16384, r: 8, p: 5 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Production workerd refuses scrypt when N·r·p exceeds this (DEFAULT_MAX_SCRYPT_COST). */
export const WORKERS_MAX_SCRYPT_COST = 2 ** 20;
/** Node's default; 128·N·r = 16 MiB for our parameters. */
const MAX_MEM = 32 * 1024 * 1024;

function derive(password: string, salt: Uint8Array, N: number, r: number, p: number): Promise<Uint8Array> {
	return new Promise((resolve, reject) =>
		scrypt(
			// NFKC: the same password typed on two systems may arrive in different Unicode forms.
			new TextEncoder().encode(password.normalize('NFKC')),
			salt,
			KEY_BYTES,
			{ N, r, p, maxmem: MAX_MEM },
			(err, key) => (err ? reject(err) : resolve(new Uint8Array(key)))
		)
	);
}

export async function hashPassword(password: string): Promise<string> {
	const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
	const { N, r, p } = SCRYPT;
	const key = await derive(password, salt, N, r, p);
	return `scrypt$${N}$${r}$${p}$${encodeBase64(salt)}$${encodeBase64(key)}`;
}

/** Compares in time that depends only on the lengths, never on where the bytes differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
	if (a.length !== b.length) return false;
	let diff = 0;
	for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
	return diff === 0;
}

type Parsed = { N: number; r: number; p: number; salt: Uint8Array; key: Uint8Array };

function parse(stored: string): Parsed | null {
	const parts = stored.split('$');
	if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
	const [N, r, p] = parts.slice(1, 4).map(Number);
	// Only parameters production accepts: a tampered row must not make us burn CPU or throw.
	if (![N, r, p].every((x) => Number.isSafeInteger(x) && x > 0)) return null;
	if ((N & (N - 1)) !== 0 || N * r * p > WORKERS_MAX_SCRYPT_COST || 128 * N * r > MAX_MEM / 2) return null;
	try {
		return { N, r, p, salt: decodeBase64(parts[4]), key: decodeBase64(parts[5]) };
	} catch {
		return null;
	}
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
	const parsed = parse(stored);
	if (!parsed) return false;
	const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p);
	return constantTimeEqual(key, parsed.key);
}

/** True when a stored hash uses weaker parameters than today's: rehash it after a sign-in. */
export function needsRehash(stored: string): boolean {
	const parsed = parse(stored);
	return !parsed || parsed.N !== SCRYPT.N || parsed.r !== SCRYPT.r || parsed.p !== SCRYPT.p;
}

/**
 * A hash of a random password, computed once per isolate: signing in as a user who does not
 * exist still costs one scrypt, so the answer time does not tell which usernames exist.
 */
let dummy: string | null = null;
export async function dummyHash(): Promise<string> {
	if (dummy !== null) return dummy;
	// The value is shared, never the pending promise: a request that awaited another request's
	// unfinished hash waits on I/O that is not its own, and workerd cancels such a request as hung
	// when its own I/O is done (seen in the hostile tests under load). Callers that come while the
	// first hash is computed compute their own, once.
	const hash = await hashPassword(encodeBase64(crypto.getRandomValues(new Uint8Array(18))));
	dummy ??= hash;
	return dummy;
}
