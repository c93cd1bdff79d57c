import type { RequestHandler } from './$types';
import { env, fromRoom, noPlatform, notFound, roomOf, userOf } from '$lib/server/games';

/** GET → RoomView: the caller's own view (spectators, also signed out, the spectator view). */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	return fromRoom(await room.view(userOf(event)));
};
