/**
 * Ending sessions, and with each the sockets it opened (../sockets/session-sockets.ts): sign-out and
 * revocation, by form or API. Each session's D1 row goes first, so no new socket can be opened with
 * it; then its sockets close, before the answer goes out (docs/security.md "Sockets end with their
 * session").
 */
import { closeSessionSockets } from '../sockets/session-sockets';
import { SESSION_ID, invalidateOwnSession } from './session';

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
