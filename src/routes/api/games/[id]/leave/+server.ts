import type { RequestHandler } from './$types';
import { EmptyBody, changeGame } from '$lib/server/games';
import { readOptionalJson } from '$lib/server/http';

/** POST (no body, or {}) → {version}. Only before the start. */
export const POST: RequestHandler = (event) =>
	changeGame(event, (request) => readOptionalJson(request, EmptyBody), (room, user) => room.leave(user));
