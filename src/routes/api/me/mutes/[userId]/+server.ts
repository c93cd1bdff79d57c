import type { RequestHandler } from './$types';
import { signedIn } from '$lib/server/games';
import { apiError, jsonResponse, readOptionalJson } from '$lib/server/http';
import { EmptyBody } from '$lib/server/games';

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** PUT [{}] → {muted: true}: the caller mutes this player across games. 404 for an unknown user. */
export const PUT: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const id = event.params.userId;
	const body = await readOptionalJson(event.request, EmptyBody);
	if (!body.ok) return body.response;
	if (!USER_ID.test(id)) return apiError(404, 'NOT_FOUND', 'no such user');
	if (id === s.user.id) return apiError(400, 'CANNOT_MUTE_SELF', 'you cannot mute yourself');
	const r = await s.e.DB.prepare('INSERT OR IGNORE INTO chat_mutes (user_id, muted_id, created_at) SELECT ?1, id, ?3 FROM users WHERE id = ?2')
		.bind(s.user.id, id, Date.now())
		.run();
	if (r.meta.changes === 0) {
		const known = await s.e.DB.prepare('SELECT 1 AS x FROM users WHERE id = ?1').bind(id).first();
		if (!known) return apiError(404, 'NOT_FOUND', 'no such user');
	}
	return jsonResponse({ muted: true });
};

/** DELETE → {muted: false}: unmutes (nothing to unmute is fine). */
export const DELETE: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const id = event.params.userId;
	if (USER_ID.test(id)) await s.e.DB.prepare('DELETE FROM chat_mutes WHERE user_id = ?1 AND muted_id = ?2').bind(s.user.id, id).run();
	return jsonResponse({ muted: false });
};
