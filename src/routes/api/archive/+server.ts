import type { RequestHandler } from './$types';
import { archivePage, parseArchiveQuery } from '$lib/server/archive';
import { env, noPlatform } from '$lib/server/games';
import { apiError, jsonResponse } from '$lib/server/http';

/**
 * GET ?game&player&from&to&players&cursor&limit → {games: ArchiveRow[], nextCursor}: finished public
 * games, newest first (docs/api.md). Server-Timing: `db` = the D1 round trip, `sql` = D1's own time.
 */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const q = parseArchiveQuery(event.url.searchParams);
	if (!q.ok) return apiError(400, 'BAD_REQUEST', q.message);
	const t0 = performance.now();
	const page = await archivePage(e.DB, q.filters);
	const db = performance.now() - t0;
	return jsonResponse({ games: page.rows, nextCursor: page.nextCursor, prevCursor: page.prevCursor }, 200, {
		'server-timing': `db;dur=${db.toFixed(2)}, sql;dur=${page.sqlMs.toFixed(3)}`
	});
};
