import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { linkOrigin } from '$lib/server/auth/email-tokens';
import { requestReset } from '$lib/server/auth/password-reset';
import { noDatabase } from '$lib/server/auth/respond';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

const Body = v.strictObject({ login: v.pipe(v.string(), v.maxLength(254)) });

/**
 * POST {login: username or email} → 200 {ok: true}, whether or not an account matches (no user
 * enumeration); a reset link goes to the account's verified address. 429 only per client address.
 */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const ctx = event.platform?.ctx;
	const r = await requestReset(env, event.request, body.value.login, linkOrigin(env, event.url), ctx ? (p) => ctx.waitUntil(p) : undefined);
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse({ ok: true });
};
