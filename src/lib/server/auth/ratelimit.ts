/**
 * Rate limits for sign-in and sign-up, and for the account's mails and links (ACCOUNT_LIMITS),
 * counted in D1 (`auth_attempts`: one row per counted attempt) — one count for all Worker
 * instances, unlike an in-memory counter. A sliding window: the rows of a key newer than the window.
 * docs/security.md "Rate limits" says which and why.
 *
 * Count and decide are one statement (issue 10). The old check-then-act (count, then hash, then
 * record) let 40 simultaneous wrong passwords all be checked against a limit of 10: every request
 * counted before any recorded. Now an attempt first *reserves* its place in every bucket it counts
 * in with a single INSERT … SELECT … WHERE each bucket is under its limit — D1 runs statements one
 * at a time, so of 50 simultaneous attempts exactly the first `max` get a place, the rest are
 * refused before anything is checked. A successful sign-in gives its places back; a failed one
 * keeps them. (Why not Cloudflare's rate-limiting binding: its counts are per location and
 * eventually consistent, "not for accurate accounting" by its docs — a limit of 10 guesses must hold.)
 */
import type { D1Database } from '@cloudflare/workers-types';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export interface Limit {
	max: number;
	windowMs: number;
}

export const LIMITS = {
	/**
	 * Failed sign-ins for one username from one address (an IPv6 address counts by its /64): slows
	 * guessing one account's password, without letting a stranger elsewhere lock the owner out.
	 */
	signinUserAddress: { max: 10, windowMs: 15 * MINUTE },
	/**
	 * Failed sign-ins for one username from all browsers it was never signed in on: the bar for a
	 * guesser with many addresses (NIST SP 800-63B §5.2.2: at most 100 consecutive failures).
	 * The owner's own browsers (a device cookie, ./devices.ts) are not held back by it.
	 */
	signinUser: { max: 100, windowMs: 60 * MINUTE },
	/** Failed sign-ins on one known device of the account (its device cookie). */
	signinDevice: { max: 10, windowMs: 15 * MINUTE },
	/** Failed sign-ins from one address, any usernames: slows spraying many accounts. */
	signinAddress: { max: 30, windowMs: 15 * MINUTE },
	/** Sign-up attempts from one address (each one counts, so taken names cannot be probed fast). */
	signupAddress: { max: 10, windowMs: 60 * MINUTE }
} satisfies Record<string, Limit>;

const LONGEST_WINDOW = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));

export const keys = {
	signinUserAddress: (usernameKey: string, address: string) => `signin:user-addr:${usernameKey}:${address}`,
	signinUser: (usernameKey: string) => `signin:user:${usernameKey}`,
	signinDevice: (deviceId: string) => `signin:device:${deviceId}`,
	signinAddress: (address: string) => `signin:addr:${address}`,
	signupAddress: (address: string) => `signup:addr:${address}`
};

/**
 * The account's mails and links (issue 15). Windows of at most an hour: `reserve` drops rows older
 * than LONGEST_WINDOW (an hour), which would otherwise forget attempts still inside a longer window.
 */
export const ACCOUNT_LIMITS = {
	/** Verification mails for one account (sign-up, address change, resend). */
	verifyUser: { max: 5, windowMs: HOUR },
	/** Verification mails to one address, from any account: nobody can flood a stranger's inbox. */
	verifyTo: { max: 5, windowMs: HOUR },
	/** Reset requests from one client address (answered 429: it does not depend on any account). */
	resetAddress: { max: 10, windowMs: HOUR },
	/** Reset mails for one account (silent: an answer must not tell whether the account exists). */
	resetAccount: { max: 3, windowMs: HOUR },
	/** Wrong current passwords when changing the password (a stolen session cannot guess on). */
	passwordUser: { max: 10, windowMs: 15 * MINUTE },
	/**
	 * Links opened with a token that works for nothing (verify or reset), from one client address
	 * (issue 28). Guessing a 160-bit token is hopeless anyway; the bucket costs nothing and keeps a
	 * client from making D1 work at will. A link that works gives its place back; 20 mistyped or
	 * stale links an hour is more than any person opens.
	 */
	linkAddress: { max: 20, windowMs: HOUR }
} satisfies Record<string, Limit>;

export const accountKeys = {
	verifyUser: (userId: string) => `verify:user:${userId}`,
	verifyTo: (email: string) => `verify:to:${email.toLowerCase()}`,
	resetAddress: (address: string) => `reset:addr:${address}`,
	resetAccount: (userId: string) => `reset:user:${userId}`,
	passwordUser: (userId: string) => `password:user:${userId}`,
	linkAddress: (address: string) => `link:addr:${address}`
};

export interface Bucket {
	key: string;
	limit: Limit;
}

/** The places an attempt holds (rowids), to give back when it succeeds. */
export type Reservation = number[];

/**
 * The one statement: a row for every bucket, or none if any bucket is full. Each bucket's count is
 * an uncorrelated subquery over the index (key, at), evaluated once; the insert and the counts are
 * one statement, so no other attempt can come between them.
 */
export function reserveSql(n: number): string {
	const values = Array.from({ length: n }, (_, i) => `(?${2 + i * 3})`).join(', ');
	const under = Array.from(
		{ length: n },
		(_, i) => `(SELECT count(*) FROM auth_attempts WHERE key = ?${2 + i * 3} AND at > ?${3 + i * 3}) < ?${4 + i * 3}`
	).join(' AND ');
	return `INSERT INTO auth_attempts (key, at) SELECT column1, ?1 FROM (VALUES ${values}) WHERE ${under} RETURNING rowid AS id`;
}

/**
 * Takes a place in every bucket, or in none: null when any of them is at its limit (answer 429
 * before checking anything). Rows older than every window are dropped in the same batch.
 */
export async function reserve(d1: D1Database, buckets: Bucket[], now = Date.now()): Promise<Reservation | null> {
	const params: (string | number)[] = [now];
	for (const b of buckets) params.push(b.key, now - b.limit.windowMs, b.limit.max);
	const [inserted] = await d1.batch([
		d1.prepare(reserveSql(buckets.length)).bind(...params),
		d1.prepare('DELETE FROM auth_attempts WHERE at < ?1').bind(now - LONGEST_WINDOW)
	]);
	const ids = (inserted.results as { id: number }[]).map((r) => r.id);
	return ids.length === buckets.length ? ids : null;
}

/** Gives the places back (a sign-in that succeeded does not count against anybody). */
export async function release(d1: D1Database, places: Reservation): Promise<void> {
	if (places.length === 0) return;
	await d1.prepare(`DELETE FROM auth_attempts WHERE rowid IN (${places.map((_, i) => `?${i + 1}`).join(', ')})`).bind(...places).run();
}

/**
 * The client's address as a rate-limit key. Cloudflare sets CF-Connecting-IP on every request and
 * overwrites any the client sent; Miniflare sets it locally. Missing only outside both: then all
 * such requests share one bucket, which errs on the strict side. An IPv6 client counts by its /64:
 * one subscriber usually holds a whole /64, so single addresses would be free for the asking.
 */
export function clientIp(request: Request): string {
	const ip = request.headers.get('cf-connecting-ip')?.trim().slice(0, 64) || 'unknown';
	return ip.includes(':') ? ipv6Prefix64(ip) : ip;
}

/** The first four groups of an IPv6 address, expanded (`2001:db8::1` → `2001:db8:0:0::/64`); the input if it is not one. */
export function ipv6Prefix64(ip: string): string {
	const addr = ip.toLowerCase().replace(/^\[|\]$/g, '').split('%')[0];
	if (!/^[0-9a-f:.]+$/.test(addr) || addr.split('::').length > 2) return ip;
	const [head, tail] = addr.includes('::') ? addr.split('::') : [addr, null];
	const left = head ? head.split(':') : [];
	const right = tail ? tail.split(':') : [];
	// An embedded IPv4 tail (::ffff:1.2.3.4) takes two groups; it lies beyond the /64 anyway.
	const size = (g: string[]) => g.reduce((n, x) => n + (x.includes('.') ? 2 : 1), 0);
	const groups = tail === null ? left : [...left, ...Array(Math.max(0, 8 - size(left) - size(right))).fill('0'), ...right];
	if (groups.length < 4 || groups.slice(0, 4).some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return ip;
	return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
