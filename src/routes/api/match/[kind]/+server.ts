import type { RequestHandler } from './$types';
import { kindOf } from '$lib/games';
import { signedIn } from '$lib/server/games';
import { apiError, jsonResponse } from '$lib/server/http';
import { cancel } from '$lib/server/matchmaker/matchmaker';
import { KIND_ID } from '$lib/server/matchmaker/request';

/** DELETE → {cancelled: true}: the caller's waiting request of the kind is withdrawn. 404 NOT_FOUND if none waits, 409 MATCHING while it is being seated. */
export const DELETE: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const kind = event.params.kind;
	if (!KIND_ID.test(kind) || !kindOf(kind)) return apiError(400, 'UNKNOWN_KIND', 'no such kind of game');
	const r = await cancel(s.e.DB, s.user.id, kind, Date.now());
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse({ cancelled: true });
};
