import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { deleteSessionCookie } from '$lib/server/auth/session';
import { apiError, jsonResponse, readJson } from '$lib/server/http';
import { signedIn } from '$lib/server/games';
import { deleteAccount } from '$lib/server/people/leave';

const Body = v.strictObject({ password: v.pipe(v.string(), v.maxLength(512)), username: v.pipe(v.string(), v.maxLength(64)) });

/**
 * POST {password, username} → 200 {deleted: true, done}: deletes the caller's account (docs/api.md,
 * docs/security.md "Deleting an account"); clears the session cookie. `done` false: a game is still
 * being updated, which finishes by itself (the account can no longer be used either way).
 * 400 USERNAME_MISMATCH, 403 WRONG_PASSWORD, 429 RATE_LIMITED: nothing changed.
 */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const r = await deleteAccount(s.e, s.user.id, body.value);
	if (!r.ok) return apiError(r.status, r.code, r.message);
	deleteSessionCookie(event.cookies);
	return jsonResponse({ deleted: true, done: r.done });
};
