import type { RequestHandler } from './$types';
import { linkOrigin } from '$lib/server/auth/email-tokens';
import { resendVerification } from '$lib/server/auth/email-verification';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { apiError, jsonResponse } from '$lib/server/http';

/** POST → 202 AccountState: the waiting address's confirmation link again (rate-limited); 409 NOTHING_TO_VERIFY. No body needed. */
export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB) return noDatabase();
	if (!event.locals.user) return unauthenticated();
	const r = await resendVerification(env, event.locals.user.id, linkOrigin(env, event.url));
	if (!r.ok) return apiError(r.status, r.code, r.message);
	return jsonResponse(r.state, 202);
};
