import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { changeEmail } from '$lib/server/auth/email-verification';
import { linkOrigin } from '$lib/server/auth/email-tokens';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

const Body = v.strictObject({ email: v.nullable(v.string()) });

/**
 * POST {email} → 202 AccountState: sends a confirmation link to the new address, which is used
 * only once the link is opened (the old one stays until then); {email: null} removes the address
 * at once (200).
 */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	if (!event.locals.user) return unauthenticated();
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const r = await changeEmail(env, event.locals.user.id, body.value.email, linkOrigin(env, event.url));
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse(r.state, r.state.pendingEmail ? 202 : 200);
};
