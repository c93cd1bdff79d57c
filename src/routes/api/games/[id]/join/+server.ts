import type { RequestHandler } from './$types';
import { JoinBody, changeGame } from '$lib/server/games';
import { readOptionalJson } from '$lib/server/http';

/** POST {inviteCode?} → {version}. Joining the last free seat starts the game. */
export const POST: RequestHandler = (event) =>
	changeGame(event, (request) => readOptionalJson(request, JoinBody), (room, user, body) => room.join(user, body.inviteCode));
