import type { RequestHandler } from './$types';
import { EmptyBody, changeGame } from '$lib/server/games';
import { readOptionalJson } from '$lib/server/http';

/** POST (no body, or {}) → {version}. The player of a seat the bot took after 3 timeouts takes it back; its clock starts again. */
export const POST: RequestHandler = (event) =>
	changeGame(event, (request) => readOptionalJson(request, EmptyBody), (room, user) => room.reclaim(user));
