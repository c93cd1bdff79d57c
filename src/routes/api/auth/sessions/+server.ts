import type { RequestHandler } from './$types';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { listUserSessions } from '$lib/server/auth/session';
import { jsonResponse } from '$lib/server/http';

/**
 * GET → {sessions: [{id, createdAt, expiresAt, userAgent, country, city, current}]}: the signed-in user's own
 * sessions. The id is the SHA-256 of the token, so listing it gives nothing to sign in with.
 */
export const GET: RequestHandler = async ({ locals, platform }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user || !locals.session) return unauthenticated();
	const current = locals.session.id;
	const sessions = await listUserSessions(platform.env.DB, locals.user.id);
	return jsonResponse({ sessions: sessions.map((s) => ({ ...s, current: s.id === current })) });
};
