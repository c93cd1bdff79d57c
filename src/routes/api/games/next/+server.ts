import type { RequestHandler } from './$types';
import { myGames, signedIn } from '$lib/server/games';
import { jsonResponse } from '$lib/server/http';

/**
 * GET ?from=<id> → {id: string | null, waiting: number}: the game awaiting my input that has
 * waited longest, other than `from` — the game page's "Next game" button (issue 5).
 */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const from = event.url.searchParams.get('from');
	const mine = (await myGames(e.DB, user.id)).filter((g) => g.yourTurn && g.id !== from);
	return jsonResponse({ id: mine[0]?.id ?? null, waiting: mine.length });
};
