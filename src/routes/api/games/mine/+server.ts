import type { RequestHandler } from './$types';
import { env, myGames, noPlatform, unauthenticated, userOf } from '$lib/server/games';
import { jsonResponse } from '$lib/server/http';

/** GET → {games: GameSummary[]}: mine, those awaiting my input first, then active, waiting, finished. */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	return jsonResponse({ games: await myGames(e.DB, user.id) });
};
