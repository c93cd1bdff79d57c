import type { RequestHandler } from './$types';
import { EmptyBody, env, fromRoom, noPlatform, notFound, roomOf, unauthenticated, userOf } from '$lib/server/games';
import { readOptionalJson } from '$lib/server/http';

/** POST (no body, or {}) → {version}. Only before the start. */
export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	const body = await readOptionalJson(event.request, EmptyBody);
	if (!body.ok) return body.response;
	return fromRoom(await room.leave(user));
};
