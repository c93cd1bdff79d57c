/** Helpers for the form actions of /signup, /signin, /signout and /settings/sessions. */
import { fail, redirect, type RequestEvent } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import type { AuthResult } from './sign-in';
import { setDeviceCookie } from './devices';
import { setSessionCookie } from './session';

/** A form field as a string; files and missing fields become ''. */
export function field(data: FormData, name: string): string {
	const value = data.get(name);
	return typeof value === 'string' ? value : '';
}

/** Where a signed-in user lands: their games. */
export const HOME = '/games';

/**
 * On success: sets the cookie and redirects (303, so a reload does not post again). On failure:
 * the code for the page's message and the non-secret fields to refill (never the password).
 */
export function finish<R extends Record<string, string>>(event: RequestEvent, result: AuthResult, refill: R) {
	if (!result.ok) return fail(result.status, { code: result.code, ...refill });
	setSessionCookie(event.cookies, result.token, result.expiresAt);
	if (result.device) setDeviceCookie(event.cookies, result.device);
	redirect(303, localizeHref(HOME));
}
