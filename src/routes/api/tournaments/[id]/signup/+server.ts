import type { RequestHandler } from './$types';
import { SignUpBody } from '$lib/server/tournaments/body';
import { tournamentAction } from '$lib/server/tournaments/route';
import { signUp } from '$lib/server/tournaments/tournaments';

/** POST {inviteCode?} → {ok, players}; 409 SIGNUP_CLOSED, TOURNAMENT_FULL, ALREADY_SIGNED_UP. */
export const POST: RequestHandler = (event) => tournamentAction(event, SignUpBody, (e, id, user, body, now) => signUp(e.DB, id, user, body.inviteCode ?? null, now));
