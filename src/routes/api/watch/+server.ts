import type { RequestHandler } from './$types';
import { watchList } from '$lib/server/archive';
import { env, noPlatform } from '$lib/server/games';
import { apiError, jsonResponse } from '$lib/server/http';

/** GET ?limit → {games: WatchGame[]}: public games in progress, newest started first (spectators). */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const raw = event.url.searchParams.get('limit');
	const limit = raw === null || raw === '' ? 20 : Number(raw);
	if (!(raw === null || raw === '' || /^\d{1,3}$/.test(raw)) || limit < 1 || limit > 100) return apiError(400, 'BAD_REQUEST', 'limit: expected 1–100');
	for (const k of event.url.searchParams.keys()) if (k !== 'limit') return apiError(400, 'BAD_REQUEST', `${k}: unknown parameter`);
	return jsonResponse({ games: await watchList(e.DB, limit) });
};
