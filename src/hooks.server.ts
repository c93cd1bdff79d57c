import type { Handle, HandleServerError } from '@sveltejs/kit';
import { sequence } from '@sveltejs/kit/hooks';
import { authHandle } from '$lib/server/auth/handle';
import { getTextDirection } from '$lib/paraglide/runtime';
import { paraglideMiddleware } from '$lib/paraglide/server';
import { withSecurityHeaders } from '$lib/server/security-headers';
import { asApiError, isApiPath } from '$lib/server/api-errors';
import { checkFormBody, reservedActionName } from '$lib/server/form-body';

// Paraglide reads the locale from the URL and keeps it per request (AsyncLocalStorage, which
// workerd has under nodejs_compat); it also runs while pages are prerendered.
const i18nHandle: Handle = ({ event, resolve }) =>
	paraglideMiddleware(event.request, ({ request, locale }) => {
		event.request = request;
		return resolve(event, {
			transformPageChunk: ({ html }) =>
				html
					.replace('%paraglide.lang%', locale)
					.replace('%paraglide.dir%', getTextDirection(locale))
		});
	});

/**
 * The one exception to the Origin check: RFC 8058 one-click unsubscribe. Mail providers POST
 * `List-Unsubscribe=One-Click` to the link in an email's header from their own servers, with no
 * Origin and no cookie. The signed token in that URL is the whole authorization
 * (src/routes/api/unsubscribe/+server.ts), so exactly this method and path skip the check — and
 * the session too: the route never acts on the visitor's cookie. See docs/security.md.
 */
const ONE_CLICK_UNSUBSCRIBE = '/api/unsubscribe';
const auth: Handle = (input) => {
	const { event, resolve } = input;
	if (event.request.method === 'POST' && event.url.pathname === ONE_CLICK_UNSUBSCRIBE) {
		event.locals.user = null;
		event.locals.session = null;
		return resolve(event);
	}
	return authHandle(input);
};

// Outermost, so that every answer gets them, the Origin check's refusals included.
// See docs/security.md "Headers and Content-Security-Policy".
const securityHeaders: Handle = async ({ event, resolve }) => withSecurityHeaders(await resolve(event));

// Every /api/ answer is JSON {code, message}, whoever produced it (src/lib/server/api-errors.ts).
const apiErrors: Handle = async ({ event, resolve }) => {
	const res = await resolve(event);
	return isApiPath(event.url.pathname) ? asApiError(res) : res;
};

// A page POST's body is read and parsed before any form action sees it: what a browser's form
// never sends is a 4xx here, not a 500 in the action (src/lib/server/form-body.ts).
const formBodies: Handle = async ({ event, resolve }) => {
	if (isApiPath(event.url.pathname) || event.request.method === 'GET' || event.request.method === 'HEAD') return resolve(event);
	const text = (status: number, message: string) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
	if (reservedActionName(event.url)) return text(400, 'There is no form action of that name.');
	const checked = await checkFormBody(event.request);
	if (!checked.ok) return text(checked.status, checked.message);
	event.request = checked.request;
	return resolve(event);
};

// Auth next: the Origin check refuses a cross-origin write before anything runs, and the
// session (locals.user, locals.session) is known to every later step. See docs/security.md.
export const handle = sequence(securityHeaders, apiErrors, auth, formBodies, i18nHandle);

/**
 * Unexpected errors are logged (the operators need them) and shown without detail; SvelteKit's own
 * 4xx (an unknown page or action, a form action sent JSON) are the client's doing and not logged.
 * Under /api/ the answer becomes `{code, message}` (apiErrors above).
 */
export const handleError: HandleServerError = ({ error, status, message }) => {
	if (status >= 500) console.error(error);
	return { message: status >= 500 ? 'Internal Error' : message };
};
