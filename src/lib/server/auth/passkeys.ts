/**
 * Passkeys (WebAuthn) as a way to sign in and as a second way into an account (issue 15).
 * docs/security.md "Passkeys" says what is checked and why; docs/api.md "Passkeys" has the routes.
 *
 * The ceremonies are checked here, on webauthn.ts (CBOR by @oslojs/cbor, the byte layouts read
 * there, signatures by WebCrypto): first the things a person can get wrong on their own (the
 * challenge, the origin, the RP ID, user verification, the counter), each with its own stable
 * error code, then the attestation statement or the signature. No message quotes what the client sent.
 *
 * Challenges: 32 random bytes, stored as their SHA-256 (like session tokens), for one purpose
 * (and, for registration, one user), five minutes at most, and single-use: the first response
 * that names a challenge deletes it (DELETE … RETURNING) before anything else is checked, so a
 * replayed or second response finds nothing, whether the first one succeeded or not.
 */
import type { D1Database } from '@cloudflare/workers-types';
import { sha256 } from '@oslojs/crypto/sha2';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import * as v from 'valibot';
import { plainObject } from '../http';
import { fail, type AuthFailure } from './failure';
import { startSession, type AuthResult } from './sign-in';
import { deviceToken, knownDevice } from './devices';
import { LIMITS, clientIp, keys, release, reserve, type Limit } from './ratelimit';
import {
	assertionHolds,
	attestationHolds,
	backupFlagsValid,
	creationOptions,
	readAttestationObject,
	readAuthData,
	requestOptions,
	usableKey,
	type AuthData,
	type PublicKeyCredentialCreationOptionsJSON,
	type PublicKeyCredentialRequestOptionsJSON
} from './webauthn';

const MINUTE = 60 * 1000;
/** How long a challenge is good for (the brief: at most five minutes). */
export const CHALLENGE_TTL = 5 * MINUTE;
/** What the browser is told to wait: less than the challenge lives, so a slow answer still finds it. */
const CEREMONY_TIMEOUT = 4 * MINUTE;
/** A person with more passkeys than this is better served by removing old ones. */
export const MAX_PASSKEYS = 20;
export const NAME_MAX = 64;
const RP_NAME = 'Rongo';

/**
 * Rate limits of their own (rows in auth_attempts, like ratelimit.ts's; windows no longer than its
 * longest, so its pruning keeps them). Failed passkey sign-ins also count in ratelimit.ts's
 * per-address bucket of failed sign-ins, with failed passwords.
 */
export const PASSKEY_LIMITS = {
	/** Sign-in challenges handed out to one address (each is a D1 row until used or expired). */
	signinOptionsAddress: { max: 60, windowMs: 15 * MINUTE },
	/** Registration challenges for one account. */
	registerOptionsUser: { max: 20, windowMs: 15 * MINUTE }
} satisfies Record<string, Limit>;
const passkeyKeys = {
	signinOptionsAddress: (address: string) => `passkey:signin-options:addr:${address}`,
	registerOptionsUser: (userId: string) => `passkey:register-options:user:${userId}`
};

// ---- shapes ---------------------------------------------------------------------------------------

/** A credential id: base64url, at most 1023 bytes (WebAuthn's limit). */
export const CREDENTIAL_ID = /^[A-Za-z0-9_-]{16,1366}$/;
const b64url = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'expected base64url'));
const credentialId = v.pipe(v.string(), v.regex(CREDENTIAL_ID, 'expected a credential id'));
const extensions = v.optional(plainObject(v.looseObject({})), {});

/** What @simplewebauthn/browser's startRegistration() returns (unknown keys are dropped). */
const RegistrationResponse = v.object({
	id: credentialId,
	rawId: credentialId,
	type: v.literal('public-key'),
	authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
	clientExtensionResults: extensions,
	response: v.object({
		clientDataJSON: b64url(4096),
		attestationObject: b64url(12_000),
		authenticatorData: v.optional(b64url(8192)),
		transports: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(10))),
		publicKeyAlgorithm: v.optional(v.pipe(v.number(), v.integer())),
		publicKey: v.optional(b64url(4096))
	})
});

/** What @simplewebauthn/browser's startAuthentication() returns. */
const AuthenticationResponse = v.object({
	id: credentialId,
	rawId: credentialId,
	type: v.literal('public-key'),
	authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
	clientExtensionResults: extensions,
	response: v.object({
		clientDataJSON: b64url(4096),
		authenticatorData: b64url(8192),
		signature: b64url(2048),
		userHandle: v.optional(v.nullable(b64url(128)))
	})
});

export const RegisterBody = v.strictObject({ name: v.string(), response: RegistrationResponse });
export const SignInBody = v.strictObject({ response: AuthenticationResponse });
export const RenameBody = v.strictObject({ name: v.string() });

// ---- results --------------------------------------------------------------------------------------

export interface PasskeyInfo {
	id: string;
	name: string;
	createdAt: number;
	lastUsedAt: number | null;
	/** Synced between the user's devices (backed up), as the authenticator said at registration. */
	synced: boolean;
}

/** The relying party of a request: its host name and origin (http://localhost:<port> under wrangler dev). */
export interface RelyingParty {
	rpID: string;
	origin: string;
}
export const relyingParty = (url: URL): RelyingParty => ({ rpID: url.hostname, origin: url.origin });

// ---- names ----------------------------------------------------------------------------------------

/**
 * A passkey's name: trimmed, 1–64 characters, no control characters and no bidirectional
 * overrides (which would let a name display as something else). Shown as text only.
 */
export function checkName(raw: string): { name: string } | AuthFailure {
	const name = raw.normalize('NFC').trim();
	const length = [...name].length;
	if (length < 1 || length > NAME_MAX) return fail(400, 'BAD_NAME', `a passkey's name has 1 to ${NAME_MAX} characters`);
	if (/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(name) || /[\ud800-\udfff]/.test(name.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')))
		return fail(400, 'BAD_NAME', "a passkey's name cannot contain control or direction characters");
	return { name };
}

// ---- challenges -----------------------------------------------------------------------------------

const challengeId = (challenge: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(challenge)));

/**
 * A new challenge: the bytes for the library (given a string, it would encode the string's UTF-8
 * bytes, and the browser would sign those), stored as the SHA-256 of their base64url, which is
 * what clientDataJSON carries back.
 */
async function issueChallenge(d1: D1Database, purpose: 'register' | 'signin', userId: string | null, now: number): Promise<Uint8Array<ArrayBuffer>> {
	const bytes = crypto.getRandomValues(new Uint8Array(32));
	const challenge = encodeBase64urlNoPadding(bytes);
	await d1.batch([
		d1.prepare('DELETE FROM webauthn_challenges WHERE expires_at <= ?1').bind(now),
		d1
			.prepare('INSERT INTO webauthn_challenges (id, purpose, user_id, expires_at) VALUES (?1, ?2, ?3, ?4)')
			.bind(challengeId(challenge), purpose, userId, now + CHALLENGE_TTL)
	]);
	return bytes;
}

/**
 * Uses up the challenge a response names: deleted in one statement, so of two responses naming
 * it only one can find it. A challenge of another purpose or (registration) another user is not
 * touched and answers as unknown.
 */
async function consumeChallenge(d1: D1Database, challenge: string, purpose: 'register' | 'signin', userId: string | null, now: number): Promise<AuthFailure | null> {
	const row = await d1
		.prepare('DELETE FROM webauthn_challenges WHERE id = ?1 AND purpose = ?2 AND user_id IS ?3 RETURNING expires_at')
		.bind(challengeId(challenge), purpose, userId)
		.first<{ expires_at: number }>();
	if (!row) return fail(400, 'CHALLENGE_UNKNOWN', 'this challenge was never issued, or it has been used already; start again');
	if (row.expires_at <= now) return fail(400, 'CHALLENGE_EXPIRED', 'this challenge has expired; start again');
	return null;
}

// ---- reading what the authenticator signed --------------------------------------------------------

interface ClientData {
	type: string;
	challenge: string;
	origin: string;
	/** Set when the ceremony ran in a frame of another site (crossOrigin, topOrigin). */
	framed: boolean;
	/** The JSON's bytes, as the authenticator's signature covers them. */
	bytes: Uint8Array;
}

/** Base64url (padding tolerated) to bytes, or null. */
function bytesOf(b64: string): Uint8Array | null {
	try {
		return decodeBase64urlIgnorePadding(b64.replace(/=+$/, ''));
	} catch {
		return null;
	}
}

function clientData(b64: string): ClientData | null {
	try {
		const bytes = bytesOf(b64);
		if (!bytes) return null;
		const data: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
		if (typeof data !== 'object' || data === null) return null;
		const { type, challenge, origin, crossOrigin, topOrigin } = data as Record<string, unknown>;
		if (typeof type !== 'string' || typeof challenge !== 'string' || typeof origin !== 'string') return null;
		if (!/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return null;
		return { type, challenge, origin, framed: crossOrigin === true || topOrigin !== undefined, bytes };
	} catch {
		return null;
	}
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The checks with codes of their own, before the attestation or signature is verified: what the
 * authenticator signed must be for this ceremony, this origin and this RP ID, with the user
 * verified. `expectedType` is webauthn.create or webauthn.get.
 */
function precheck(data: ClientData, auth: AuthData | null, rp: RelyingParty, expectedType: string): AuthFailure | AuthData {
	if (data.type !== expectedType) return fail(400, 'WRONG_CEREMONY', `expected a ${expectedType} response`);
	// The site refuses to be framed (frame-ancestors 'none'), so a ceremony in a frame was another site's.
	if (data.origin !== rp.origin || data.framed) return fail(400, 'WRONG_ORIGIN', 'the passkey was used for another website (origin)');
	if (!auth) return fail(400, 'BAD_RESPONSE', 'the authenticator data cannot be read');
	if (!sameBytes(auth.rpIdHash, sha256(new TextEncoder().encode(rp.rpID))))
		return fail(400, 'WRONG_RP_ID', 'the passkey belongs to another website (RP ID)');
	if (!auth.userPresent || !auth.userVerified)
		return fail(400, 'USER_NOT_VERIFIED', 'the authenticator did not verify the user (PIN, fingerprint, face)');
	return auth;
}

// ---- registration ---------------------------------------------------------------------------------

interface PasskeyRow {
	id: string;
	user_id: string;
	public_key: string;
	counter: number;
	transports: string;
	device_type: string;
	backed_up: number;
	name: string;
	created_at: number;
	last_used_at: number | null;
}

function transportsOf(json: string): string[] {
	try {
		const t: unknown = JSON.parse(json);
		return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
	} catch {
		return [];
	}
}

const toInfo = (r: PasskeyRow): PasskeyInfo => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at, synced: r.backed_up === 1 });

/** The user's passkeys, oldest first. */
export async function listPasskeys(d1: D1Database, userId: string): Promise<PasskeyInfo[]> {
	const { results } = await d1.prepare('SELECT * FROM passkeys WHERE user_id = ?1 ORDER BY created_at, id').bind(userId).all<PasskeyRow>();
	return results.map(toInfo);
}

/**
 * Options for navigator.credentials.create(): a discoverable credential (resident key required,
 * so the person can later sign in without typing their name), user verification required, the
 * user's existing passkeys excluded. The WebAuthn user handle is our user id (a random UUID, no
 * personal data), so a sign-in response's userHandle can be checked against the passkey's owner.
 */
export async function registrationOptions(
	d1: D1Database,
	user: { id: string; username: string },
	rp: RelyingParty,
	now = Date.now()
): Promise<{ ok: true; options: PublicKeyCredentialCreationOptionsJSON } | AuthFailure> {
	const mine = await d1.prepare('SELECT id, transports FROM passkeys WHERE user_id = ?1').bind(user.id).all<{ id: string; transports: string }>();
	if (mine.results.length >= MAX_PASSKEYS) return fail(409, 'TOO_MANY_PASSKEYS', `an account can have at most ${MAX_PASSKEYS} passkeys; remove one first`);
	const places = await reserve(d1, [{ key: passkeyKeys.registerOptionsUser(user.id), limit: PASSKEY_LIMITS.registerOptionsUser }], now);
	if (!places) return fail(429, 'RATE_LIMITED', 'too many attempts; try again later');
	const challenge = await issueChallenge(d1, 'register', user.id, now);
	const options = creationOptions({
		rp: { id: rp.rpID, name: RP_NAME },
		user: { id: new TextEncoder().encode(user.id), name: user.username },
		challenge,
		timeout: CEREMONY_TIMEOUT,
		exclude: mine.results.map((p) => ({ id: p.id, transports: transportsOf(p.transports) }))
	});
	return { ok: true, options };
}

/** Checks a registration response against its challenge and stores the new passkey. */
export async function registerPasskey(
	d1: D1Database,
	userId: string,
	rp: RelyingParty,
	input: v.InferOutput<typeof RegisterBody>,
	now = Date.now()
): Promise<{ ok: true; passkey: PasskeyInfo } | AuthFailure> {
	const named = checkName(input.name);
	if ('ok' in named) return named;
	const data = clientData(input.response.response.clientDataJSON);
	if (!data) return fail(400, 'BAD_RESPONSE', 'clientDataJSON cannot be read');
	const used = await consumeChallenge(d1, data.challenge, 'register', userId, now);
	if (used) return used;
	const attested = bytesOf(input.response.response.attestationObject);
	const attestation = attested && readAttestationObject(attested);
	const auth = precheck(data, attestation && readAuthData(attestation.authData), rp, 'webauthn.create');
	if ('ok' in auth) return auth;

	const unverified = fail(400, 'VERIFICATION_FAILED', 'the passkey could not be verified');
	const { credential } = auth;
	// The attested credential (AT) with a key of an algorithm we offered, consistent backup flags,
	// and an attestation statement that holds.
	if (!credential || !backupFlagsValid(auth) || !(await usableKey(credential.publicKey))) return unverified;
	// (attestation is read: without it precheck found no authenticator data.)
	if (!(await attestationHolds(attestation!, credential.publicKey, data.bytes))) return unverified;
	// We store the attested id: a response that names another id than the one its authenticator
	// attested was not produced by that authenticator.
	const id = encodeBase64urlNoPadding(credential.id);
	if (id !== input.response.id || input.response.id !== input.response.rawId) return unverified;
	// Only as many as MAX_PASSKEYS, counted in the same statement; a credential id is anyone's once.
	const row = await d1
		.prepare(
			`INSERT INTO passkeys (id, user_id, public_key, counter, transports, device_type, backed_up, name, created_at)
			 SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE (SELECT count(*) FROM passkeys WHERE user_id = ?2) < ?10
			 ON CONFLICT (id) DO NOTHING RETURNING *`
		)
		.bind(
			id,
			userId,
			// The COSE key as the authenticator sent it (rows from before issue 29 hold
			// @simplewebauthn's re-encoding of it; both read the same).
			encodeBase64urlNoPadding(credential.publicKey),
			auth.counter,
			JSON.stringify((input.response.response.transports ?? []).slice(0, 10)),
			auth.backupEligible ? 'multiDevice' : 'singleDevice',
			auth.backedUp ? 1 : 0,
			named.name,
			now,
			MAX_PASSKEYS
		)
		.first<PasskeyRow>();
	if (row) return { ok: true, passkey: toInfo(row) };
	const exists = await d1.prepare('SELECT 1 AS x FROM passkeys WHERE id = ?1').bind(id).first();
	if (exists) return fail(409, 'PASSKEY_EXISTS', 'this passkey is registered already');
	return fail(409, 'TOO_MANY_PASSKEYS', `an account can have at most ${MAX_PASSKEYS} passkeys; remove one first`);
}

// ---- sign-in --------------------------------------------------------------------------------------

/**
 * Options for navigator.credentials.get() without allowCredentials: the authenticator offers the
 * passkeys it holds for this site (discoverable credentials), so nobody types a name.
 */
export async function signInOptions(
	d1: D1Database,
	request: Request,
	rp: RelyingParty,
	now = Date.now()
): Promise<{ ok: true; options: PublicKeyCredentialRequestOptionsJSON } | AuthFailure> {
	const places = await reserve(d1, [{ key: passkeyKeys.signinOptionsAddress(clientIp(request)), limit: PASSKEY_LIMITS.signinOptionsAddress }], now);
	if (!places) return fail(429, 'RATE_LIMITED', 'too many attempts; try again later');
	const challenge = await issueChallenge(d1, 'signin', null, now);
	return { ok: true, options: requestOptions({ rpId: rp.rpID, challenge, timeout: CEREMONY_TIMEOUT }) };
}

/**
 * A passkey sign-in: the challenge used up, the passkey found, the response verified, the counter
 * moved on, and a session started exactly as a password sign-in starts one (sign-in.ts
 * startSession: session cookie, and a device cookie for a browser new to the account). Every
 * attempt takes a place in the per-address bucket of failed sign-ins first; a success gives it back.
 */
export async function signInWithPasskey(
	d1: D1Database,
	request: Request,
	rp: RelyingParty,
	input: v.InferOutput<typeof SignInBody>,
	now = Date.now()
): Promise<AuthResult> {
	const address = clientIp(request);
	const places = await reserve(d1, [{ key: keys.signinAddress(address), limit: LIMITS.signinAddress }], now);
	if (!places) return fail(429, 'RATE_LIMITED', 'too many attempts; try again later');

	const response = input.response;
	const data = clientData(response.response.clientDataJSON);
	if (!data) return fail(400, 'BAD_RESPONSE', 'clientDataJSON cannot be read');
	const used = await consumeChallenge(d1, data.challenge, 'signin', null, now);
	if (used) return used;
	const authBytes = bytesOf(response.response.authenticatorData);
	if (!authBytes) return fail(400, 'BAD_RESPONSE', 'authenticatorData cannot be read');
	const auth = precheck(data, readAuthData(authBytes), rp, 'webauthn.get');
	if ('ok' in auth) return auth;

	if (response.id !== response.rawId) return fail(400, 'BAD_RESPONSE', 'id and rawId differ');
	const passkey = await d1.prepare('SELECT * FROM passkeys WHERE id = ?1').bind(response.id).first<PasskeyRow>();
	if (!passkey) return fail(401, 'UNKNOWN_PASSKEY', 'this passkey is not registered here (it may have been removed)');
	// The counter is checked below, after the signature: a forged response learns nothing of it.
	const signature = bytesOf(response.response.signature);
	const publicKey = bytesOf(passkey.public_key);
	if (!signature || !publicKey || !backupFlagsValid(auth) || !(await assertionHolds(publicKey, authBytes, data.bytes, signature)))
		return fail(401, 'VERIFICATION_FAILED', 'the passkey’s signature could not be verified');
	const newCounter = auth.counter;
	// The user handle is not signed, but an authenticator reports the one it was registered with:
	// another account's handle means the response was put together, not produced.
	const handle = response.response.userHandle;
	if (handle && handle.replace(/=+$/, '') !== encodeBase64urlNoPadding(new TextEncoder().encode(passkey.user_id)))
		return fail(401, 'PASSKEY_MISMATCH', 'this passkey belongs to another account');
	if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter)
		return fail(401, 'COUNTER_REPLAY', 'the passkey’s signature counter went backwards: a copied authenticator or a replayed response');

	// Compare-and-set: of two responses racing with one counter value, one moves it on.
	const moved = await d1
		.prepare('UPDATE passkeys SET counter = ?1, last_used_at = ?2 WHERE id = ?3 AND counter = ?4 RETURNING user_id')
		.bind(newCounter, now, passkey.id, passkey.counter)
		.first<{ user_id: string }>();
	if (!moved) return fail(401, 'COUNTER_REPLAY', 'the passkey was used by another sign-in at the same moment');
	const user = await d1.prepare('SELECT id, username, email FROM users WHERE id = ?1').bind(passkey.user_id).first<{ id: string; username: string; email: string | null }>();
	if (!user) return fail(401, 'UNKNOWN_PASSKEY', 'this passkey is not registered here (it may have been removed)');
	await release(d1, places);
	const device = await knownDevice(d1, deviceToken(request), user.id, now);
	return startSession({ db: d1, request }, user, device !== null);
}

// ---- managing ------------------------------------------------------------------------------------

/** Renames one of the user's own passkeys; another user's id is "not found" like an unknown one. */
export async function renamePasskey(d1: D1Database, userId: string, id: string, rawName: string): Promise<{ ok: true; passkey: PasskeyInfo } | AuthFailure> {
	const named = checkName(rawName);
	if ('ok' in named) return named;
	if (!CREDENTIAL_ID.test(id)) return fail(404, 'NOT_FOUND', 'no such passkey');
	const row = await d1.prepare('UPDATE passkeys SET name = ?1 WHERE id = ?2 AND user_id = ?3 RETURNING *').bind(named.name, id, userId).first<PasskeyRow>();
	return row ? { ok: true, passkey: toInfo(row) } : fail(404, 'NOT_FOUND', 'no such passkey');
}

/** Removes one of the user's own passkeys; another user's id is "not found" like an unknown one. */
export async function removePasskey(d1: D1Database, userId: string, id: string): Promise<{ ok: true } | AuthFailure> {
	if (!CREDENTIAL_ID.test(id)) return fail(404, 'NOT_FOUND', 'no such passkey');
	const row = await d1.prepare('DELETE FROM passkeys WHERE id = ?1 AND user_id = ?2 RETURNING id').bind(id, userId).first();
	return row ? { ok: true } : fail(404, 'NOT_FOUND', 'no such passkey');
}
