import type { RequestHandler } from './$types';
import { noDatabase } from '$lib/server/auth/respond';
import { deleteSessionCookie } from '$lib/server/auth/session';
import { jsonResponse } from '$lib/server/http';
import { endOwnSession } from '$lib/server/auth/sign-out';

/** POST → 200 {ok: true}; ends the current session and closes its sockets (a no-op when signed out). No body needed. */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	if (event.locals.session && event.locals.user) await endOwnSession(env, event.locals.user.id, event.locals.session.id);
	deleteSessionCookie(event.cookies);
	return jsonResponse({ ok: true });
};
