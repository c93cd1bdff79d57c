/**
 * "Forgot password" (issue 15; docs/security.md "Password reset"): a reset link mailed to the
 * account's verified address, and the new password it sets. Results are values with stable codes
 * (./failure.ts).
 */
import type { D1Database } from '@cloudflare/workers-types';
import { resetMail, sendAccountMail, type MailEnv } from '../mail/account-mail';
import { badToken, dropToken, issueToken, linkUrl, localeOf, RESET_TTL, USER_COLUMNS, useLink, userRow, type UserRow } from './email-tokens';
import { fail, rateLimited, type AuthFailure } from './failure';
import { USERNAME, checkPassword } from './input';
import { hashPassword } from './password';
import { ACCOUNT_LIMITS, accountKeys, clientIp, reserve } from './ratelimit';
import { signOutEverywhere, type SignOutEnv } from './sign-out';

const MINUTE = 60_000;

/** The accounts a reset request names: by username or by verified address (at most 5 share one). */
async function resetTargets(d1: D1Database, login: string): Promise<UserRow[]> {
	if (login.includes('@')) {
		return (
			await d1
				.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE email = ?1 COLLATE NOCASE AND email_verified_at IS NOT NULL LIMIT 5`)
				.bind(login)
				.all<UserRow>()
		).results;
	}
	if (!USERNAME.test(login)) return [];
	const u = await d1
		.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE username_key = ?1 AND email IS NOT NULL AND email_verified_at IS NOT NULL`)
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
			await dropToken(env.DB, token);
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
): Promise<{ ok: true } | AuthFailure> {
	const name = login.trim();
	if (name === '' || name.length > 254) return fail(400, 'BAD_LOGIN', 'give your username or your email address');
	const places = await reserve(env.DB, [{ key: accountKeys.resetAddress(clientIp(request)), limit: ACCOUNT_LIMITS.resetAddress }], now);
	if (!places) return rateLimited();
	const work = sendResets(env, name, origin, now).catch((e) => console.error(`password reset mail: ${(e as Error).name}`));
	if (waitUntil) waitUntil(work);
	else await work;
	return { ok: true };
}

/**
 * A new password from a reset link. The password is checked before the link is used (a too-short
 * one does not burn it). Afterwards every session of the user has ended, every device cookie is
 * forgotten and every other reset link is dead; the person signs in with the new password.
 */
export async function resetPassword(env: SignOutEnv, request: Request, token: string, password: string, now = Date.now()): Promise<{ ok: true; username: string } | AuthFailure> {
	const bad = checkPassword(password);
	if (bad) return { ...bad, ok: false };
	const { used, limited } = await useLink(env.DB, request, 'reset_password', token, now);
	if (limited) return rateLimited();
	if (!used) return badToken();
	const u = await userRow(env.DB, used.userId);
	if (!u) return badToken();
	await env.DB.prepare('UPDATE users SET password_hash = ?1 WHERE id = ?2').bind(await hashPassword(password), used.userId).run();
	await signOutEverywhere(env, used.userId, null, null);
	return { ok: true, username: u.username };
}
