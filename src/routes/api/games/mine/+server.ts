import type { RequestHandler } from './$types';
import { myGames, signedIn } from '$lib/server/games';
import { jsonResponse } from '$lib/server/http';

/** GET → {games: GameSummary[]}: mine, those awaiting my input first, then active, waiting, finished. */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	return jsonResponse({ games: await myGames(e.DB, user.id) });
};
