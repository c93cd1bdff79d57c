import type { RequestHandler } from './$types';
import { StandingBody, changeGame } from '$lib/server/games';
import { readJson } from '$lib/server/http';

/**
 * PUT {answer: string | null} → {standing, version}. The caller's standing answer in this game
 * (engine/kind.ts `Standing`; Rapa Nui's "always fame / always wood", R-0.5). Private to the caller;
 * no move unless the decision it answers awaits the caller now.
 */
export const PUT: RequestHandler = (event) =>
	changeGame(event, (request) => readJson(request, StandingBody), (room, user, body) => room.setStanding(user, body.answer));
