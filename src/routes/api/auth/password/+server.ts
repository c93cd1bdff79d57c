import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { changePassword } from '$lib/server/auth/password-change';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

const Body = v.strictObject({ current: v.string(), password: v.string() });

/** POST {current, password} → 200 {ok: true}; the user's other sessions end. 401 INVALID_CREDENTIALS, 400 BAD_PASSWORD, 429. */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	const { user, session } = event.locals;
	if (!user || !session) return unauthenticated();
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const r = await changePassword(env, event.request, user, session.id, body.value.current, body.value.password);
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse({ ok: true });
};
