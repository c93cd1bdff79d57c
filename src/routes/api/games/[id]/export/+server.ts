import type { RequestHandler } from './$types';
import { env, fromRoom, inviteOf, noPlatform, notFound, roomOf, userOf } from '$lib/server/games';
import { jsonResponse } from '$lib/server/http';

/**
 * GET → the finished game's export (docs/export.md): players, options, engine version, seed and
 * every move; 409 NOT_FINISHED while it runs (the seed is secret until the end, G-0.3). A private
 * game's export, like its history: only for its players and invite holders (`?invite=`), else 404.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	const r = await room.exportGame(userOf(event), inviteOf(event));
	if (!r.ok) return fromRoom(r);
	const res = jsonResponse(r.export);
	res.headers.set('content-disposition', `inline; filename="rongo-${event.params.id}.json"`);
	// A finished game never changes: cache it — unless it is private (who may see it depends on who asks).
	res.headers.set('cache-control', r.visibility === 'public' ? 'public, max-age=3600' : 'private, no-store');
	return res;
};
