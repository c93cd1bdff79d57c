import type { RequestHandler } from './$types';
import { NoBody } from '$lib/server/tournaments/body';
import { tournamentAction } from '$lib/server/tournaments/route';
import { withdraw } from '$lib/server/tournaments/tournaments';

/** POST (no body, or {}) → {ok}; before the start the sign-up goes, after it the results stay and the bot takes the open seats. */
export const POST: RequestHandler = (event) => tournamentAction(event, NoBody, (e, id, user, _body, now) => withdraw(e, id, user, now));
