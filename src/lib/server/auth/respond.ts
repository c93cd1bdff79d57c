/** Turning auth results into JSON API responses (the form actions do their own). */
import type { RequestEvent } from '@sveltejs/kit';
import { apiError, jsonResponse } from '../http';
import type { AuthResult } from './sign-in';
import { setDeviceCookie } from './devices';
import { setSessionCookie } from './session';

export function authResponse(event: RequestEvent, result: AuthResult, status = 200): Response {
	if (!result.ok) return apiError(result.status, result.code, result.message);
	setSessionCookie(event.cookies, result.token, result.expiresAt);
	if (result.device) setDeviceCookie(event.cookies, result.device);
	// The user's own email is theirs to see; no other response carries it.
	return jsonResponse({ user: result.user }, status);
}

export function noDatabase(): Response {
	return apiError(503, 'UNAVAILABLE', 'the database is not available');
}

export function unauthenticated(): Response {
	return apiError(401, 'UNAUTHENTICATED', 'sign in first');
}
