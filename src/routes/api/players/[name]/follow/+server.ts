import type { RequestHandler } from './$types';
import { signedIn } from '$lib/server/games';
import { apiError, jsonResponse } from '$lib/server/http';
import { isFollowing, mayFollow, setFollow, userByName } from '$lib/server/people/people';

/**
 * PUT → {following: true}: the caller follows this player; DELETE → {following: false}. Both are
 * idempotent. 404 NOT_FOUND for an unknown name, 400 SELF_FOLLOW for oneself, 429 RATE_LIMITED
 * (docs/api.md "People").
 */
async function change(event: Parameters<RequestHandler>[0], on: boolean): Promise<Response> {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const other = await userByName(e.DB, event.params.name);
	if (!other) return apiError(404, 'NOT_FOUND', 'no such player');
	if (other.id === user.id) return apiError(400, 'SELF_FOLLOW', 'you cannot follow yourself');
	if (!(await mayFollow(e.DB, user.id))) return apiError(429, 'RATE_LIMITED', 'too many changes; try again later');
	await setFollow(e.DB, user.id, other.id, on);
	return jsonResponse({ username: other.username, following: on });
}

export const PUT: RequestHandler = (event) => change(event, true);
export const DELETE: RequestHandler = (event) => change(event, false);

/** GET → {username, following}: whether the caller follows this player. */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const other = await userByName(s.e.DB, event.params.name);
	if (!other) return apiError(404, 'NOT_FOUND', 'no such player');
	return jsonResponse({ username: other.username, following: await isFollowing(s.e.DB, s.user.id, other.id) });
};
