import type { RequestHandler } from './$types';
import { env, noPlatform } from '$lib/server/games';
import { apiError, jsonResponse } from '$lib/server/http';
import { searchPlayers } from '$lib/server/people/search';

/**
 * GET ?q=<prefix> → {players: [{username, ratings}]}: up to 20 players whose name begins with `q`,
 * case-insensitive, in name order (docs/api.md "Player search"). A `q` no name can begin with (empty,
 * too long, other characters) finds nobody; it is never an error.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const extra = [...event.url.searchParams.keys()].find((k) => k !== 'q');
	if (extra) return apiError(400, 'BAD_REQUEST', `${extra.slice(0, 40)}: unknown parameter`);
	return jsonResponse({ players: await searchPlayers(e.DB, event.url.searchParams.get('q')) });
};
