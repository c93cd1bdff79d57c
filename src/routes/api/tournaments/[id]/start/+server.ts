import type { RequestHandler } from './$types';
import { NoBody } from '$lib/server/tournaments/body';
import { tournamentAction } from '$lib/server/tournaments/route';
import { startNow } from '$lib/server/tournaments/tournaments';

/** POST (no body, or {}) → {ok, round: 1}: the organiser starts it before the sign-up deadline. */
export const POST: RequestHandler = (event) => tournamentAction(event, NoBody, (e, id, user, _body, now) => startNow(e, id, user, now));
