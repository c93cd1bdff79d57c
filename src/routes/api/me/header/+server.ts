import type { RequestHandler } from './$types';
import { headerData } from '$lib/server/header';
import { jsonResponse } from '$lib/server/http';

/**
 * GET → 200 {user: {id, username} | null, unread}: the site header's data for a prerendered page
 * (the rules), which was built without a request and so without a user (+layout.svelte). Signed out
 * is an answer, not an error: 200 with `user: null`, so the rules pages of a visitor log no 401.
 * Never cached: it is per session.
 */
export const GET: RequestHandler = async ({ locals, platform }) => {
	return jsonResponse(await headerData(locals.user, platform?.env?.DB), 200, { 'cache-control': 'private, no-store' });
};
