import type { RequestHandler } from './$types';
import { MoveBody, env, fromRoom, noPlatform, notFound, roomOf, unauthenticated, userOf } from '$lib/server/games';
import { readJson } from '$lib/server/http';

/** POST {moveId, move, expectedVersion?} → {version, log, duplicate}. The room is the single writer. */
export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	const body = await readJson(event.request, MoveBody);
	if (!body.ok) return body.response;
	return fromRoom(await room.submit(user, body.value));
};
