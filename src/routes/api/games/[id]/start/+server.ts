import type { RequestHandler } from './$types';
import { StartBody, changeGame } from '$lib/server/games';
import { readOptionalJson } from '$lib/server/http';

/**
 * POST (no body, {} or {bots: true}) → {version}. The creator, with at least the kind's minimum of
 * players — or, with `bots: true`, the kind's default bot in every open seat (issue 34).
 */
export const POST: RequestHandler = (event) =>
	changeGame(event, (request) => readOptionalJson(request, StartBody), (room, user, body) => room.start(user, { bots: body.bots === true }));
