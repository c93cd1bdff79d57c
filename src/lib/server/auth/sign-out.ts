/**
 * Ending sessions, and with each the sockets it opened (../sockets/session-sockets.ts): one of the
 * user's own — sign-out, revocation, by form or API — or all of them, after a password reset or
 * change. Each session's D1 row goes first, so no new socket can be opened with it; then its sockets
 * close, before the answer goes out (docs/security.md "Sockets end with their session").
 */
import { closeSessionSockets } from '../sockets/session-sockets';
import { SESSION_ID, invalidateOwnSession, invalidateUserSessions } from './session';

export type SignOutEnv = Pick<Env, 'DB' | 'USER_HUB'>;

/**
 * Ends one of the user's own sessions and closes every socket it opened. False when the user has no
 * session of that id (another user's counts as none).
 */
export async function endOwnSession(env: SignOutEnv, userId: string, sessionId: string): Promise<boolean> {
	if (!SESSION_ID.test(sessionId) || !(await invalidateOwnSession(env.DB, userId, sessionId))) return false;
	await closeSessionSockets(env, userId, [sessionId]);
	return true;
}

/**
 * Ends every session of the user but `keepSession` (and closes their sockets), forgets their
 * browsers' device cookies but `keepDevice`, and kills every reset link of the account.
 */
export async function signOutEverywhere(env: SignOutEnv, userId: string, keepSession: string | null, keepDevice: string | null): Promise<void> {
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
