import type { RequestHandler } from './$types';
import { parseArchiveQuery, profile } from '$lib/server/archive';
import { env, noPlatform } from '$lib/server/games';
import { apiError, jsonResponse } from '$lib/server/http';
import { ratingsOf, userByName } from '$lib/server/people/people';
import { tournamentsOfUser } from '$lib/server/tournaments/tournaments';

const NAME = /^[A-Za-z0-9_-]{1,24}$/;
const PAGING = ['cursor', 'newer', 'limit'];

/**
 * GET ?cursor|newer&limit → a player's profile: figures over their finished public games and a page
 * of those games (paged like /api/archive). 404 NOT_FOUND for an unknown name.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const name = event.params.name;
	if (!NAME.test(name)) return apiError(404, 'NOT_FOUND', 'no such player');
	const extra = [...event.url.searchParams.keys()].find((k) => !PAGING.includes(k));
	if (extra) return apiError(400, 'BAD_REQUEST', `${extra}: unknown parameter`);
	const q = parseArchiveQuery(event.url.searchParams);
	if (!q.ok) return apiError(400, 'BAD_REQUEST', q.message);
	const t0 = performance.now();
	const p = await profile(e.DB, name, q.filters);
	const db = performance.now() - t0;
	if (!p) return apiError(404, 'NOT_FOUND', 'no such player');
	const { games, ...figures } = p;
	// Issue 15: the player's rating per kind (docs/people.md).
	const who = await userByName(e.DB, name);
	const ratings = who ? await ratingsOf(e.DB, who.id) : [];
	// Issue 35: the tournaments they play in (public ones; their own private ones only to themselves).
	const tournaments = who ? await tournamentsOfUser(e.DB, who.id, event.locals.user?.id === who.id) : [];
	return jsonResponse({ ...figures, ratings, tournaments, games: games.rows, nextCursor: games.nextCursor, prevCursor: games.prevCursor }, 200, {
		'server-timing': `db;dur=${db.toFixed(2)}, sql;dur=${games.sqlMs.toFixed(3)}`
	});
};
