import type { RequestHandler } from './$types';
import { env, fromRoom, noPlatform, notFound, roomOf } from '$lib/server/games';

/**
 * GET → {entries: [{version, log}]}: the game's public log, oldest first (docs/api.md). Public like
 * the spectator view: log entries never carry a sealed decision or the seed.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	return fromRoom(await room.log());
};
