import type { RequestHandler } from './$types';
import { MoveBody, changeGame } from '$lib/server/games';
import { readJson } from '$lib/server/http';

/** POST {moveId, move, expectedVersion?} → {version, log, duplicate}. The room is the single writer. */
export const POST: RequestHandler = (event) =>
	changeGame(event, (request) => readJson(request, MoveBody), (room, user, body) => room.submit(user, body));
