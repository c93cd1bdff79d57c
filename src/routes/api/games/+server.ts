import type { RequestHandler } from './$types';
import { CreateBody, env, fromRoom, noPlatform, openGames, randomId, roomOf, unauthenticated, userOf } from '$lib/server/games';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

/** POST {kind, seats, options?, visibility?, rated?, timeLimit?, clock?} → 201 {id, version, inviteCode}; the body from before kinds too (CreateBody). */
export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	const body = await readJson(event.request, CreateBody);
	if (!body.ok) return body.response;
	const b = body.value;
	const id = randomId();
	const inviteCode = b.visibility === 'private' ? randomId() : null;
	const r = await roomOf(e, id)!.create({
		gameId: id,
		kind: b.kind,
		creator: user,
		options: b.options,
		seatsWanted: b.seats,
		visibility: b.visibility,
		...(b.rated === undefined ? {} : { rated: b.rated }),
		inviteCode,
		timeLimit: b.timeLimit,
		...(b.clock ? { clock: b.clock } : {})
	});
	if (!r.ok) return fromRoom(r);
	return jsonResponse({ id, version: r.version, inviteCode }, 201);
};

/** GET ?status=open → {games: GameSummary[]}: public games waiting for players (from D1). */
export const GET: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const status = event.url.searchParams.get('status') ?? 'open';
	if (status !== 'open') return apiError(400, 'BAD_REQUEST', 'status: only "open" is listed here; see /api/games/mine');
	return jsonResponse({ games: await openGames(e.DB) });
};
