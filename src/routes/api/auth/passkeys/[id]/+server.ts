import type { RequestHandler } from './$types';
import { RenameBody, removePasskey, renamePasskey } from '$lib/server/auth/passkeys';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

/**
 * PATCH {name} → {passkey}; DELETE → {ok: true}. Only the user's own passkeys: another user's
 * credential id answers 404 NOT_FOUND like an unknown one, and nothing changes.
 */
export const PATCH: RequestHandler = async ({ locals, platform, params, request }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	const body = await readJson(request, RenameBody);
	if (!body.ok) return body.response;
	const result = await renamePasskey(platform.env.DB, locals.user.id, params.id, body.value.name);
	return result.ok ? jsonResponse({ passkey: result.passkey }) : apiError(result.status, result.code, result.message);
};

export const DELETE: RequestHandler = async ({ locals, platform, params }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	const result = await removePasskey(platform.env.DB, locals.user.id, params.id);
	return result.ok ? jsonResponse({ ok: true }) : apiError(result.status, result.code, result.message);
};
