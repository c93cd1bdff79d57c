import type { RequestHandler } from './$types';
import { env, noPlatform, unauthenticated, userOf } from '$lib/server/games';
import { apiError, jsonResponse, readOptionalJson } from '$lib/server/http';
import { SignUpBody } from '$lib/server/tournaments/body';
import { signUp } from '$lib/server/tournaments/tournaments';

/** POST {inviteCode?} → {ok, players}; 409 SIGNUP_CLOSED, TOURNAMENT_FULL, ALREADY_SIGNED_UP. */
export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	const body = await readOptionalJson(event.request, SignUpBody);
	if (!body.ok) return body.response;
	const r = await signUp(e.DB, event.params.id, user, body.value.inviteCode ?? null, Date.now());
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse({ ok: true, players: r.players });
};
