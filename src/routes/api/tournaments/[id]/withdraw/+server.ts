import type { RequestHandler } from './$types';
import { env, noPlatform, unauthenticated, userOf } from '$lib/server/games';
import { apiError, jsonResponse, readOptionalJson } from '$lib/server/http';
import { NoBody } from '$lib/server/tournaments/body';
import { withdraw } from '$lib/server/tournaments/tournaments';

/** POST (no body, or {}) → { ok: true }; docs/api.md "Tournaments". */
export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	const body = await readOptionalJson(event.request, NoBody);
	if (!body.ok) return body.response;
	const r = await withdraw(e, event.params.id, user, Date.now());
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse({ ok: true });
};
