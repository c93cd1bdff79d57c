import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { resetPassword } from '$lib/server/auth/password-reset';
import { noDatabase } from '$lib/server/auth/respond';
import { deleteSessionCookie } from '$lib/server/auth/session';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

const Body = v.strictObject({ token: v.pipe(v.string(), v.maxLength(64)), password: v.string() });

/** POST {token, password} → 200 {ok: true}: the new password; every session of the user has ended. 400 BAD_TOKEN / BAD_PASSWORD; 429 RATE_LIMITED after 20 links that did not work from one address in an hour. */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const r = await resetPassword(env, event.request, body.value.token, body.value.password);
	if (!r.ok) return apiError(r.status, r.code, r.message);
	deleteSessionCookie(event.cookies);
	return jsonResponse({ ok: true });
};
