import type { RequestHandler } from './$types';
import { env, noPlatform, userOf } from '$lib/server/games';
import { apiError, jsonResponse } from '$lib/server/http';
import { tournamentView } from '$lib/server/tournaments/tournaments';

/** GET ?invite=<code> → TournamentView (404 for a private one the caller may not see). */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const invite = event.url.searchParams.get('invite')?.slice(0, 64) ?? null;
	const view = await tournamentView(e.DB, event.params.id, userOf(event)?.id ?? null, invite, Date.now());
	if (!view) return apiError(404, 'NOT_FOUND', 'no such tournament');
	return jsonResponse(view);
};
