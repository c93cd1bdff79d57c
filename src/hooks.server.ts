import type { Handle } from '@sveltejs/kit';
import { sequence } from '@sveltejs/kit/hooks';
import { authHandle } from '$lib/server/auth/handle';
import { getTextDirection } from '$lib/paraglide/runtime';
import { paraglideMiddleware } from '$lib/paraglide/server';
import { withSecurityHeaders } from '$lib/server/security-headers';

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

// Auth next: the Origin check refuses a cross-origin write before anything runs, and the
// session (locals.user, locals.session) is known to every later step. See docs/security.md.
export const handle = sequence(securityHeaders, auth, i18nHandle);
