import type { RequestHandler } from './$types';
import { NoBody } from '$lib/server/tournaments/body';
import { tournamentAction } from '$lib/server/tournaments/route';
import { cancel } from '$lib/server/tournaments/tournaments';

/** POST (no body, or {}) → {ok}: the organiser cancels it during sign-up. */
export const POST: RequestHandler = (event) => tournamentAction(event, NoBody, (e, id, user, _body, now) => cancel(e.DB, id, user, now));
