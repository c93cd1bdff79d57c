import type { RequestHandler } from './$types';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { deleteSessionCookie } from '$lib/server/auth/session';
import { apiError, jsonResponse } from '$lib/server/http';
import { endOwnSession } from '$lib/server/auth/sign-out';

/**
 * DELETE → 200 {ok: true}: revokes one of the user's own sessions and closes its sockets (game and
 * inbox) before answering. Another user's session id
 * gets the same 404 as an unknown one, so the answer says nothing about other users.
 */
export const DELETE: RequestHandler = async ({ locals, platform, params, cookies }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user || !locals.session) return unauthenticated();
	if (!(await endOwnSession(platform.env, locals.user.id, params.id))) return apiError(404, 'NOT_FOUND', 'no such session');
	if (params.id === locals.session.id) deleteSessionCookie(cookies);
	return jsonResponse({ ok: true });
};
