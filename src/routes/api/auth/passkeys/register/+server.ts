import type { RequestHandler } from './$types';
import { RegisterBody, registerPasskey, relyingParty } from '$lib/server/auth/passkeys';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

/** POST {name, response} → 201 {passkey}: checks the registration response and stores the passkey. */
export const POST: RequestHandler = async ({ locals, platform, request, url }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	const body = await readJson(request, RegisterBody);
	if (!body.ok) return body.response;
	const result = await registerPasskey(platform.env.DB, locals.user.id, relyingParty(url), body.value);
	return result.ok ? jsonResponse({ passkey: result.passkey }, 201) : apiError(result.status, result.code, result.message);
};
