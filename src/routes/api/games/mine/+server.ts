import type { RequestHandler } from './$types';
import { myGames, signedIn, validFinishedCursor } from '$lib/server/games';
import { apiError, jsonResponse } from '$lib/server/http';
import { freshen } from '$lib/server/freshness';

/**
 * GET [?finished=<cursor>] → {games, counts, finishedCursor}: mine — those awaiting my input first
 * (oldest waiting first), then in progress, waiting for players, and a page of finished games
 * (newest first; `finished` = the `finishedCursor` of the page before). docs/api.md.
 */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const cursor = event.url.searchParams.get('finished');
	if (cursor !== null && !validFinishedCursor(cursor)) return apiError(400, 'BAD_REQUEST', 'finished: a cursor from finishedCursor');
	// The caller's own latest moves are in the list they read (freshness.ts).
	await freshen(event, e);
	return jsonResponse(await myGames(e.DB, user.id, cursor));
};
