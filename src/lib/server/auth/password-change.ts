/**
 * A signed-in user changes their password (issue 15): the current one first, at most 10 wrong ones in
 * 15 minutes, so a stolen session cannot guess on. Results are values with stable codes (./failure.ts).
 */
import { deviceToken } from './devices';
import { fail, rateLimited, type AuthFailure } from './failure';
import { PASSWORD_MAX, checkPassword } from './input';
import { hashPassword, verifyPassword } from './password';
import { ACCOUNT_LIMITS, accountKeys, release, reserve } from './ratelimit';
import { sessionIdFromToken } from './session';
import { signOutEverywhere, type SignOutEnv } from './sign-out';

/**
 * Changes the password of a signed-in user, who must give the current one. The other sessions end;
 * this one stays, and so does this browser's device cookie.
 */
export async function changePassword(
	env: SignOutEnv,
	request: Request,
	user: { id: string },
	sessionId: string,
	current: string,
	next: string,
	now = Date.now()
): Promise<{ ok: true } | AuthFailure> {
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
	await signOutEverywhere(env, user.id, sessionId, device ? sessionIdFromToken(device) : null);
	return { ok: true };
}
