import type { RequestHandler } from './$types';
import { accountState } from '$lib/server/auth/email-verification';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { jsonResponse } from '$lib/server/http';

/** GET → AccountState {username, email, emailVerified, pendingEmail}: the signed-in user's own. */
export const GET: RequestHandler = async ({ locals, platform }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	const state = await accountState(platform.env.DB, locals.user.id);
	return state ? jsonResponse(state) : unauthenticated();
};
