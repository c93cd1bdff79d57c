import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { verifyEmail } from '$lib/server/auth/email-verification';
import { noDatabase } from '$lib/server/auth/respond';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

const Body = v.strictObject({ token: v.pipe(v.string(), v.maxLength(64)) });

/** POST {token} → 200 {email}: opens a verification link (no session needed: the link is the proof). 400 BAD_TOKEN; 429 RATE_LIMITED after 20 links that did not work from one address in an hour. */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const r = await verifyEmail(env.DB, event.request, body.value.token);
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse({ email: r.email });
};
