import type { RequestHandler } from './$types';
import { env, fromRoom, inviteOf, noPlatform, notFound, roomOf, userOf } from '$lib/server/games';

/**
 * GET [?invite=<code>] → RoomView: the caller's own view (spectators, also signed out, the spectator
 * view). A private game: only for its players and holders of its invite code; 404 for anyone else.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	return fromRoom(await room.view(userOf(event), inviteOf(event)));
};
