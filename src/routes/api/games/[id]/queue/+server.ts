import type { RequestHandler } from './$types';
import { QueueBody, changeGame } from '$lib/server/games';
import { readJson } from '$lib/server/http';

/**
 * PUT {steps: Move[][], rev} → {queue: {steps, rev}, version}. The caller's plan-ahead queue in this
 * game (issue 32; engine/kind.ts `Queueing`; docs/api.md "Plan ahead"): replaces it whole. Private to
 * the caller; no move unless a queued step is due now. `steps: []` clears it.
 */
export const PUT: RequestHandler = (event) =>
	changeGame(event, (request) => readJson(request, QueueBody), (room, user, body) => room.setQueue(user, body));
