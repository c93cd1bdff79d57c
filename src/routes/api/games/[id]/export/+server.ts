import type { RequestHandler } from './$types';
import { env, fromRoom, inviteOf, noPlatform, notFound, roomOf, userOf } from '$lib/server/games';
import { jsonResponse } from '$lib/server/http';
import type { GameExportV2 } from '$lib/engine';
import type { RoomResult } from '$lib/protocol/room';

/**
 * GET → the finished game's export v2 (docs/export.md): kind, engine version, config, players, seed
 * and every move; 409 NOT_FINISHED while it runs (the seed is secret until the end). A private
 * game's export, like its history: only for its players and invite holders (`?invite=`), else 404.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const room = roomOf(e, event.params.id);
	if (!room) return notFound();
	// The RPC's inferred type cannot express the kind's own config and moves (unknown): named here.
	const r = (await room.exportGame(userOf(event), inviteOf(event))) as RoomResult<{ export: GameExportV2; visibility: 'public' | 'private' }>;
	if (!r.ok) return fromRoom(r);
	const res = jsonResponse(r.export);
	res.headers.set('content-disposition', `inline; filename="rongo-${event.params.id}.json"`);
	// A finished game never changes: cache it — unless it is private (who may see it depends on who asks).
	res.headers.set('cache-control', r.visibility === 'public' ? 'public, max-age=3600' : 'private, no-store');
	return res;
};
