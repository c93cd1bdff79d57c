import type { RequestHandler } from './$types';
import { nextGame, signedIn } from '$lib/server/games';
import { jsonResponse } from '$lib/server/http';
import { freshen } from '$lib/server/freshness';

/**
 * GET ?from=<id> → {id: string | null, waiting: number}: the game awaiting my input that has
 * waited longest, other than `from` — the game page's "Next game" button (issue 5).
 */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	// Never the game the caller just moved in because D1 has not heard of the move yet (freshness.ts).
	await freshen(event, e);
	return jsonResponse(await nextGame(e.DB, user.id, event.url.searchParams.get('from')?.slice(0, 64) ?? null));
};
