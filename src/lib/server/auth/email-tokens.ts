/**
 * The links mailed for email verification and password reset (issue 15; docs/security.md "Email
 * verification" and "Password reset"): their tokens, their addresses, and the account row a link is
 * sent for.
 *
 * A link carries a random token (20 bytes, like a session token) that exists only in the mail; D1
 * `account_tokens` keeps its SHA-256 with its purpose, user, the address it was sent to and its
 * expiry. A link is used by one statement — `DELETE … WHERE id AND purpose AND not expired
 * RETURNING` — so it works once, only for its purpose and only in time, also when two requests race.
 */
import type { D1Database } from '@cloudflare/workers-types';
import type { Locale } from '../mail/account-mail';
import { fail } from './failure';
import { ACCOUNT_LIMITS, accountKeys, clientIp, release, reserve } from './ratelimit';
import { generateSessionToken, sessionIdFromToken } from './session';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A verification link works for a day. */
export const VERIFY_TTL = 24 * HOUR;
/** A reset link works for an hour (the issue's bound). */
export const RESET_TTL = HOUR;

export type Purpose = 'verify_email' | 'reset_password';

const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

export const badToken = () => fail(400, 'BAD_TOKEN', 'this link is not valid: it was used already, has expired, or never existed');

/** The site's address for links in mails: ORIGIN when set (never the request's Host, which a client could choose). */
export function linkOrigin(env: Pick<Env, 'ORIGIN'>, url: URL): string {
	return env.ORIGIN?.replace(/\/$/, '') || url.origin;
}

/** The link's token is in the fragment: it never reaches a server, a log or a Referer. */
export function linkUrl(origin: string, locale: Locale, page: '/verify' | '/reset', token: string): string {
	return `${origin}${locale === 'de' ? '/de' : ''}${page}#${token}`;
}

/** The account a link is for, as its mail needs it. */
export interface UserRow {
	id: string;
	username: string;
	email: string | null;
	email_verified_at: number | null;
	locale: string;
}

export const USER_COLUMNS = 'id, username, email, email_verified_at, locale';

export const userRow = (d1: D1Database, userId: string) =>
	d1.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?1`).bind(userId).first<UserRow>();

export const localeOf = (u: { locale: string }): Locale => (u.locale === 'de' ? 'de' : 'en');

/** A new token of `purpose` for the user; returns the token (for the mail). Drops expired tokens of everybody. */
export async function issueToken(d1: D1Database, purpose: Purpose, userId: string, email: string, now: number): Promise<string> {
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

/** A token whose mail could not be sent: no live link is left behind. */
export async function dropToken(d1: D1Database, token: string): Promise<void> {
	await d1.prepare('DELETE FROM account_tokens WHERE id = ?1').bind(sessionIdFromToken(token)).run();
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
export async function useLink(d1: D1Database, request: Request, purpose: Purpose, token: string, now: number) {
	const places = await reserve(d1, [{ key: accountKeys.linkAddress(clientIp(request)), limit: ACCOUNT_LIMITS.linkAddress }], now);
	if (!places) return { used: null, limited: true } as const;
	const used = await consumeToken(d1, purpose, token, now);
	if (used) await release(d1, places);
	return { used, limited: false } as const;
}
