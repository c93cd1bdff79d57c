import type { RequestHandler } from './$types';
import { env, fromRoom, inviteOf, noPlatform, notFound, roomOf, userOf } from '$lib/server/games';

/**
 * GET [?invite=<code>] → {entries: [{version, log}]}: the game's public log, oldest first
 * (docs/api.md). Seen by whoever may see the spectator view (a private game: its players and invite
 * holders): log entries never carry a sealed decision or the seed.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	return fromRoom(await room.log(userOf(event), inviteOf(event)));
};
