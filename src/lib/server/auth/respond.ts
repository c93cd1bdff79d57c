/**
 * Turning auth results into answers: JSON for the API (/api/auth/*), a redirect or the form's
 * message for the pages' actions (/signup, /signin).
 */
import { fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import { apiError, jsonResponse } from '../http';
import type { AuthResult, AuthSuccess } from './sign-in';
import { setDeviceCookie } from './devices';
import { setSessionCookie } from './session';

/** The browser is signed in: its session cookie, and a device cookie if it is new to the account. */
function signedIn(event: RequestEvent, result: AuthSuccess): void {
	setSessionCookie(event.cookies, result.token, result.expiresAt);
	if (result.device) setDeviceCookie(event.cookies, result.device);
}

export function authResponse(event: RequestEvent, result: AuthResult, status = 200): Response {
	if (!result.ok) return apiError(result.status, result.code, result.message);
	signedIn(event, result);
	// The user's own email is theirs to see; no other response carries it.
	return jsonResponse({ user: result.user }, status);
}

export function noDatabase(): Response {
	return apiError(503, 'UNAVAILABLE', 'the database is not available');
}

export function unauthenticated(): Response {
	return apiError(401, 'UNAUTHENTICATED', 'sign in first');
}

/** Where a signed-in user lands: their games. */
export const HOME = '/games';

/**
 * A form action's end. On success: sets the cookie and redirects (303, so a reload does not post
 * again). On failure: the code for the page's message and the non-secret fields to refill (never the
 * password).
 */
export function finish<R extends Record<string, string>>(event: RequestEvent, result: AuthResult, refill: R, home: string = HOME) {
	if (!result.ok) return fail(result.status, { code: result.code, ...refill });
	signedIn(event, result);
	redirect(303, localizeHref(home));
}
