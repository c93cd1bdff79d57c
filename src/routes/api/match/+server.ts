import type { RequestHandler } from './$types';
import { signedIn } from '$lib/server/games';
import { apiError, jsonResponse, readJson } from '$lib/server/http';
import { ask, mine } from '$lib/server/matchmaker/matchmaker';
import { MatchBody, checkMatch } from '$lib/server/matchmaker/request';

/**
 * POST {kind, seats, clock, minRating?, maxRating?, waitHours?} → 201 {request, gameId}: the caller's
 * standing request of the kind (replacing the one before), seated at once if a group could be made
 * (`gameId`, else null). 400 BAD_REQUEST / UNKNOWN_KIND / BAD_SEATS / BAD_RANGE / BAD_WAIT, 409
 * MATCHING (docs/api.md "Match-maker", docs/matchmaker.md).
 */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const body = await readJson(event.request, MatchBody);
	if (!body.ok) return body.response;
	const c = checkMatch(body.value);
	if (!c.ok) return apiError(c.status, c.code, c.message);
	const r = await ask({ ...s.e, ORIGIN: s.e.ORIGIN ?? event.url.origin }, s.user, c.value, Date.now());
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse({ request: r.request, gameId: r.gameId }, 201);
};

/** GET → {requests, waiting, paces}: the caller's requests (waiting, matched, expired) and who waits where. */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	return jsonResponse(await mine(s.e.DB, s.user.id, Date.now()));
};
