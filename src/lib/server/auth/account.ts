/**
 * Email verification, address changes, password reset and password change (issue 15);
 * docs/security.md "Email verification" and "Password reset".
 *
 * Both kinds of link carry a random token (20 bytes, like a session token) that exists only in the
 * mail; D1 `account_tokens` keeps its SHA-256 with its purpose, user, the address it was sent to
 * and its expiry. A link is used by one statement — `DELETE … WHERE id AND purpose AND not
 * expired RETURNING` — so it works once, only for its purpose and only in time, also when two
 * requests race. Results are values with stable codes, as in ./accounts.ts.
 */
import type { D1Database } from '@cloudflare/workers-types';
import { USERNAME, checkEmail, checkPassword, PASSWORD_MAX } from './accounts';
import { deviceToken } from './devices';
import { resetMail, sendAccountMail, verifyMail, type Locale, type MailEnv } from '../mail/account-mail';
import { hashPassword, verifyPassword } from './password';
import { clientIp, release, reserve, type Limit } from './ratelimit';
import { generateSessionToken, invalidateUserSessions, sessionIdFromToken } from './session';
import { closeSessionSockets } from '../sockets/session-sockets';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A verification link works for a day. */
export const VERIFY_TTL = 24 * HOUR;
/** A reset link works for an hour (the issue's bound). */
export const RESET_TTL = HOUR;

export type Purpose = 'verify_email' | 'reset_password';

/** Windows of at most an hour: ./ratelimit.ts drops rows older than its longest window (an hour). */
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

export type Failure = { ok: false; status: number; code: string; message: string };
const fail = (status: number, code: string, message: string): Failure => ({ ok: false, status, code, message });
const rateLimited = () => fail(429, 'RATE_LIMITED', 'too many attempts; try again later');
const badToken = () => fail(400, 'BAD_TOKEN', 'this link is not valid: it was used already, has expired, or never existed');

/** What the owner sees of their account. */
export interface AccountState {
	username: string;
	/** The address in use (notifications go there only once it is verified). */
	email: string | null;
	emailVerified: boolean;
	/** An address waiting for its link to be opened (a change, or the sign-up address). */
	pendingEmail: string | null;
}

export type AccountEnv = MailEnv & Pick<Env, 'USER_HUB'>;

const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

/** The site's address for links in mails: ORIGIN when set (never the request's Host, which a client could choose). */
export function linkOrigin(env: Pick<Env, 'ORIGIN'>, url: URL): string {
	return env.ORIGIN?.replace(/\/$/, '') || url.origin;
}

/** The link's token is in the fragment: it never reaches a server, a log or a Referer. */
export function linkUrl(origin: string, locale: Locale, page: '/verify' | '/reset', token: string): string {
	return `${origin}${locale === 'de' ? '/de' : ''}${page}#${token}`;
}

interface UserRow {
	id: string;
	username: string;
	email: string | null;
	email_verified_at: number | null;
	locale: string;
}

const userRow = (d1: D1Database, userId: string) =>
	d1.prepare('SELECT id, username, email, email_verified_at, locale FROM users WHERE id = ?1').bind(userId).first<UserRow>();

const localeOf = (u: { locale: string }): Locale => (u.locale === 'de' ? 'de' : 'en');

/** A new token of `purpose` for the user; returns the token (for the mail). Drops expired tokens of everybody. */
async function issueToken(d1: D1Database, purpose: Purpose, userId: string, email: string, now: number): Promise<string> {
	const token = generateSessionToken();
	const ttl = purpose === 'verify_email' ? VERIFY_TTL : RESET_TTL;
	// Only the newest link of a purpose counts: an address typed before is no longer waiting, and an
	// older reset mail (a mailbox read by someone else meanwhile, issue 28) no longer opens the account.
	const stmts = [
		d1.prepare('DELETE FROM account_tokens WHERE expires_at <= ?1').bind(now),
		d1.prepare('DELETE FROM account_tokens WHERE user_id = ?1 AND purpose = ?2').bind(userId, purpose)
	];
	stmts.push(
		d1
			.prepare('INSERT INTO account_tokens (id, purpose, user_id, email, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
			.bind(sessionIdFromToken(token), purpose, userId, email, now, now + ttl)
	);
	await d1.batch(stmts);
	return token;
}

/** Uses a token up: its row if it was live and of this purpose (and then it is gone), else null. */
export async function consumeToken(d1: D1Database, purpose: Purpose, token: string, now = Date.now()): Promise<{ userId: string; email: string } | null> {
	if (!TOKEN_SHAPE.test(token)) return null;
	const row = await d1
		.prepare('DELETE FROM account_tokens WHERE id = ?1 AND purpose = ?2 AND expires_at > ?3 RETURNING user_id, email')
		.bind(sessionIdFromToken(token), purpose, now)
		.first<{ user_id: string; email: string }>();
	return row ? { userId: row.user_id, email: row.email } : null;
}

/**
 * A link opened from `request`'s client address: the token used up as `consumeToken` does, counted
 * in that address's bucket unless it worked (issue 28). Null with `limited` when the address has
 * opened too many links that did not work.
 */
async function useLink(d1: D1Database, request: Request, purpose: Purpose, token: string, now: number) {
	const places = await reserve(d1, [{ key: accountKeys.linkAddress(clientIp(request)), limit: ACCOUNT_LIMITS.linkAddress }], now);
	if (!places) return { used: null, limited: true } as const;
	const used = await consumeToken(d1, purpose, token, now);
	if (used) await release(d1, places);
	return { used, limited: false } as const;
}

export async function accountState(d1: D1Database, userId: string, now = Date.now()): Promise<AccountState | null> {
	const u = await userRow(d1, userId);
	if (!u) return null;
	const pending = await d1
		.prepare("SELECT email FROM account_tokens WHERE user_id = ?1 AND purpose = 'verify_email' AND expires_at > ?2 ORDER BY created_at DESC LIMIT 1")
		.bind(userId, now)
		.first<{ email: string }>();
	const verified = !!u.email && u.email_verified_at !== null;
	return {
		username: u.username,
		email: u.email,
		emailVerified: verified,
		pendingEmail: pending && !(verified && pending.email === u.email) ? pending.email : null
	};
}

/**
 * Sends a verification link for `email` to `email`. Counts in the account's and the address's
 * buckets first. Sending failures are reported (503 MAIL_UNAVAILABLE) and leave no live token.
 */
export async function startVerification(env: MailEnv, user: UserRow, email: string, origin: string, now = Date.now()): Promise<{ ok: true } | Failure> {
	const places = await reserve(
		env.DB,
		[
			{ key: accountKeys.verifyUser(user.id), limit: ACCOUNT_LIMITS.verifyUser },
			{ key: accountKeys.verifyTo(email), limit: ACCOUNT_LIMITS.verifyTo }
		],
		now
	);
	if (!places) return rateLimited();
	const token = await issueToken(env.DB, 'verify_email', user.id, email, now);
	const locale = localeOf(user);
	try {
		await sendAccountMail(env, verifyMail(email, locale, user.username, linkUrl(origin, locale, '/verify', token), VERIFY_TTL / HOUR));
	} catch (e) {
		await env.DB.prepare('DELETE FROM account_tokens WHERE id = ?1').bind(sessionIdFromToken(token)).run();
		console.error((e as Error).message);
		return fail(503, 'MAIL_UNAVAILABLE', 'the mail could not be sent; try again later');
	}
	return { ok: true };
}

/** After a sign-up with an address: its verification mail. A failure does not undo the sign-up (the owner can resend). */
export async function verifyAfterSignUp(env: MailEnv, userId: string, origin: string): Promise<void> {
	try {
		const u = await userRow(env.DB, userId);
		if (u?.email) await startVerification(env, u, u.email, origin);
	} catch (e) {
		console.error(`verification mail after sign-up: ${(e as Error).name}`);
	}
}

/**
 * A new address (or none). Removing takes effect at once; a new address only once its link is
 * opened — until then the old one (verified or not) stays in use. The same verified address again changes nothing.
 */
export async function changeEmail(env: MailEnv, userId: string, input: string | null, origin: string): Promise<{ ok: true; state: AccountState } | Failure> {
	const checked = checkEmail(input);
	if ('ok' in checked) return checked;
	const u = await userRow(env.DB, userId);
	if (!u) return fail(401, 'UNAUTHENTICATED', 'sign in first');
	if (checked.email === null) {
		await env.DB.batch([
			env.DB.prepare('UPDATE users SET email = NULL, email_verified_at = NULL WHERE id = ?1').bind(userId),
			env.DB.prepare('DELETE FROM account_tokens WHERE user_id = ?1').bind(userId)
		]);
	} else if (!(u.email === checked.email && u.email_verified_at !== null)) {
		const sent = await startVerification(env, u, checked.email, origin);
		if (!sent.ok) return sent;
	}
	return { ok: true, state: (await accountState(env.DB, userId))! };
}

/** Sends the waiting address's link again (or the unverified current address's). */
export async function resendVerification(env: MailEnv, userId: string, origin: string): Promise<{ ok: true; state: AccountState } | Failure> {
	const state = await accountState(env.DB, userId);
	const u = await userRow(env.DB, userId);
	if (!state || !u) return fail(401, 'UNAUTHENTICATED', 'sign in first');
	const target = state.pendingEmail ?? (state.email && !state.emailVerified ? state.email : null);
	if (!target) return fail(409, 'NOTHING_TO_VERIFY', 'there is no address waiting to be verified');
	const sent = await startVerification(env, u, target, origin);
	if (!sent.ok) return sent;
	return { ok: true, state: (await accountState(env.DB, userId))! };
}

/** Opens a verification link: the address becomes the account's verified address. */
export async function verifyEmail(d1: D1Database, request: Request, token: string, now = Date.now()): Promise<{ ok: true; email: string } | Failure> {
	const { used, limited } = await useLink(d1, request, 'verify_email', token, now);
	if (limited) return rateLimited();
	if (!used) return badToken();
	const u = await userRow(d1, used.userId);
	if (!u) return badToken();
	const stmts = [
		d1.prepare('UPDATE users SET email = ?1, email_verified_at = ?2 WHERE id = ?3').bind(used.email, now, used.userId),
		d1.prepare("DELETE FROM account_tokens WHERE user_id = ?1 AND purpose = 'verify_email'").bind(used.userId)
	];
	// A new address: reset links sent to the old one stop working.
	if (u.email !== used.email) stmts.push(d1.prepare("DELETE FROM account_tokens WHERE user_id = ?1 AND purpose = 'reset_password'").bind(used.userId));
	await d1.batch(stmts);
	return { ok: true, email: used.email };
}

/** The accounts a reset request names: by username or by verified address (at most 5 share one). */
async function resetTargets(d1: D1Database, login: string): Promise<UserRow[]> {
	const cols = 'id, username, email, email_verified_at, locale';
	if (login.includes('@')) {
		return (
			await d1
				.prepare(`SELECT ${cols} FROM users WHERE email = ?1 COLLATE NOCASE AND email_verified_at IS NOT NULL LIMIT 5`)
				.bind(login)
				.all<UserRow>()
		).results;
	}
	if (!USERNAME.test(login)) return [];
	const u = await d1
		.prepare(`SELECT ${cols} FROM users WHERE username_key = ?1 AND email IS NOT NULL AND email_verified_at IS NOT NULL`)
		.bind(login.toLowerCase())
		.first<UserRow>();
	return u ? [u] : [];
}

async function sendResets(env: MailEnv, login: string, origin: string, now: number): Promise<number> {
	let sent = 0;
	for (const u of await resetTargets(env.DB, login)) {
		// Silent: when the account's bucket is full, no mail — and the same answer as always.
		const places = await reserve(env.DB, [{ key: accountKeys.resetAccount(u.id), limit: ACCOUNT_LIMITS.resetAccount }], now);
		if (!places) continue;
		const token = await issueToken(env.DB, 'reset_password', u.id, u.email!, now);
		const locale = localeOf(u);
		try {
			await sendAccountMail(env, resetMail(u.email!, locale, u.username, linkUrl(origin, locale, '/reset', token), RESET_TTL / MINUTE));
			sent++;
		} catch (e) {
			await env.DB.prepare('DELETE FROM account_tokens WHERE id = ?1').bind(sessionIdFromToken(token)).run();
			console.error((e as Error).message);
		}
	}
	return sent;
}

/**
 * "Forgot password" for a username or an address. The answer is the same whether or not an
 * account matches, has a verified address, or has asked too often: `{ok: true}` with 200. Only the
 * per-client-address limit (which counts every request alike) can answer 429. The lookup, the
 * token and the mail happen after the answer (`waitUntil`), so the time to answer does not depend
 * on them either; without an execution context they are awaited.
 */
export async function requestReset(
	env: MailEnv,
	request: Request,
	login: string,
	origin: string,
	waitUntil: ((p: Promise<unknown>) => void) | undefined,
	now = Date.now()
): Promise<{ ok: true } | Failure> {
	const name = login.trim();
	if (name === '' || name.length > 254) return fail(400, 'BAD_LOGIN', 'give your username or your email address');
	const places = await reserve(env.DB, [{ key: accountKeys.resetAddress(clientIp(request)), limit: ACCOUNT_LIMITS.resetAddress }], now);
	if (!places) return rateLimited();
	const work = sendResets(env, name, origin, now).catch((e) => console.error(`password reset mail: ${(e as Error).name}`));
	if (waitUntil) waitUntil(work);
	else await work;
	return { ok: true };
}

/** Ends every session of the user (and closes their sockets); forgets the devices, except `keepDevice`. */
async function endEverything(env: AccountEnv, userId: string, keepSession: string | null, keepDevice: string | null): Promise<void> {
	const ended = keepSession
		? (
				await env.DB.prepare('DELETE FROM sessions WHERE user_id = ?1 AND id != ?2 RETURNING id').bind(userId, keepSession).all<{ id: string }>()
			).results.map((r) => r.id)
		: await invalidateUserSessions(env.DB, userId);
	await env.DB.batch([
		env.DB.prepare('DELETE FROM known_devices WHERE user_id = ?1 AND id != ?2').bind(userId, keepDevice ?? ''),
		env.DB.prepare("DELETE FROM account_tokens WHERE user_id = ?1 AND purpose = 'reset_password'").bind(userId)
	]);
	await closeSessionSockets(env, userId, ended);
}

/**
 * A new password from a reset link. The password is checked before the link is used (a too-short
 * one does not burn it). Afterwards every session of the user has ended, every device cookie is
 * forgotten and every other reset link is dead; the person signs in with the new password.
 */
export async function resetPassword(env: AccountEnv, request: Request, token: string, password: string, now = Date.now()): Promise<{ ok: true; username: string } | Failure> {
	const bad = checkPassword(password);
	if (bad) return { ...bad, ok: false };
	const { used, limited } = await useLink(env.DB, request, 'reset_password', token, now);
	if (limited) return rateLimited();
	if (!used) return badToken();
	const u = await userRow(env.DB, used.userId);
	if (!u) return badToken();
	await env.DB.prepare('UPDATE users SET password_hash = ?1 WHERE id = ?2').bind(await hashPassword(password), used.userId).run();
	await endEverything(env, used.userId, null, null);
	return { ok: true, username: u.username };
}

/**
 * Changes the password of a signed-in user, who must give the current one (at most 10 wrong ones
 * in 15 minutes). The other sessions end; this one stays, and so does this browser's device cookie.
 */
export async function changePassword(
	env: AccountEnv,
	request: Request,
	user: { id: string },
	sessionId: string,
	current: string,
	next: string,
	now = Date.now()
): Promise<{ ok: true } | Failure> {
	const bad = checkPassword(next);
	if (bad) return { ...bad, ok: false };
	if (current.length > PASSWORD_MAX * 2) return fail(401, 'INVALID_CREDENTIALS', 'the current password is wrong');
	const places = await reserve(env.DB, [{ key: accountKeys.passwordUser(user.id), limit: ACCOUNT_LIMITS.passwordUser }], now);
	if (!places) return rateLimited();
	const row = await env.DB.prepare('SELECT password_hash FROM users WHERE id = ?1').bind(user.id).first<{ password_hash: string }>();
	if (!row || !(await verifyPassword(row.password_hash, current))) return fail(401, 'INVALID_CREDENTIALS', 'the current password is wrong');
	await release(env.DB, places);
	await env.DB.prepare('UPDATE users SET password_hash = ?1 WHERE id = ?2').bind(await hashPassword(next), user.id).run();
	const device = deviceToken(request);
	await endEverything(env, user.id, sessionId, device ? sessionIdFromToken(device) : null);
	return { ok: true };
}
