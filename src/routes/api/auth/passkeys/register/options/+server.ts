import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { registrationOptions, relyingParty } from '$lib/server/auth/passkeys';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { apiError, jsonResponse, readOptionalJson } from '$lib/server/http';

/**
 * POST (no body) → {options}: PublicKeyCredentialCreationOptionsJSON for
 * navigator.credentials.create() (startRegistration of @simplewebauthn/browser). Signed in only.
 */
export const POST: RequestHandler = async ({ locals, platform, request, url }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	const body = await readOptionalJson(request, v.strictObject({}));
	if (!body.ok) return body.response;
	const result = await registrationOptions(platform.env.DB, locals.user, relyingParty(url));
	return result.ok ? jsonResponse({ options: result.options }) : apiError(result.status, result.code, result.message);
};
