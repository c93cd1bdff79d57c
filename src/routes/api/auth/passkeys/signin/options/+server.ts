import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { relyingParty, signInOptions } from '$lib/server/auth/passkeys';
import { noDatabase } from '$lib/server/auth/respond';
import { apiError, jsonResponse, readOptionalJson } from '$lib/server/http';

/**
 * POST (no body) → {options}: PublicKeyCredentialRequestOptionsJSON for
 * navigator.credentials.get() (startAuthentication), without allowCredentials: usernameless.
 */
export const POST: RequestHandler = async ({ platform, request, url }) => {
	if (!platform?.env?.DB) return noDatabase();
	const body = await readOptionalJson(request, v.strictObject({}));
	if (!body.ok) return body.response;
	const result = await signInOptions(platform.env.DB, request, relyingParty(url));
	return result.ok ? jsonResponse({ options: result.options }) : apiError(result.status, result.code, result.message);
};
