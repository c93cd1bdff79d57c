import type { RequestHandler } from './$types';
import { listPasskeys } from '$lib/server/auth/passkeys';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { jsonResponse } from '$lib/server/http';

/** GET → {passkeys: [{id, name, createdAt, lastUsedAt, synced}]}: the signed-in user's own passkeys. */
export const GET: RequestHandler = async ({ locals, platform }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	return jsonResponse({ passkeys: await listPasskeys(platform.env.DB, locals.user.id) });
};
