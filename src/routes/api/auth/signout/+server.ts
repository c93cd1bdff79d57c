import type { RequestHandler } from './$types';
import { noDatabase } from '$lib/server/auth/respond';
import { deleteSessionCookie, invalidateSession } from '$lib/server/auth/session';
import { jsonResponse } from '$lib/server/http';

/** POST → 200 {ok: true}; ends the current session (a no-op when signed out). No body needed. */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	if (event.locals.session) await invalidateSession(env.DB, event.locals.session.id);
	deleteSessionCookie(event.cookies);
	return jsonResponse({ ok: true });
};
