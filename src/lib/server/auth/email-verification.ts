/**
 * The account's email address (issue 15; docs/security.md "Email verification"): what the owner sees
 * of it, a change (used only once its link is opened), the verification mail and its link. Results
 * are values with stable codes (./failure.ts).
 */
import type { D1Database } from '@cloudflare/workers-types';
import { sendAccountMail, verifyMail, type MailEnv } from '../mail/account-mail';
import { badToken, dropToken, issueToken, linkUrl, localeOf, useLink, userRow, VERIFY_TTL, type UserRow } from './email-tokens';
import { fail, rateLimited, type AuthFailure } from './failure';
import { checkEmail } from './input';
import { ACCOUNT_LIMITS, accountKeys, reserve } from './ratelimit';

const HOUR = 3_600_000;

/** What the owner sees of their account. */
export interface AccountState {
	username: string;
	/** The address in use (notifications go there only once it is verified). */
	email: string | null;
	emailVerified: boolean;
	/** An address waiting for its link to be opened (a change, or the sign-up address). */
	pendingEmail: string | null;
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
export async function startVerification(env: MailEnv, user: UserRow, email: string, origin: string, now = Date.now()): Promise<{ ok: true } | AuthFailure> {
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
		await dropToken(env.DB, token);
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
export async function changeEmail(env: MailEnv, userId: string, input: string | null, origin: string): Promise<{ ok: true; state: AccountState } | AuthFailure> {
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
export async function resendVerification(env: MailEnv, userId: string, origin: string): Promise<{ ok: true; state: AccountState } | AuthFailure> {
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
export async function verifyEmail(d1: D1Database, request: Request, token: string, now = Date.now()): Promise<{ ok: true; email: string } | AuthFailure> {
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
