import type { Handle } from '@sveltejs/kit';
import { sequence } from '@sveltejs/kit/hooks';
import { authHandle } from '$lib/server/auth/handle';
import { getTextDirection } from '$lib/paraglide/runtime';
import { paraglideMiddleware } from '$lib/paraglide/server';

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

// Auth first: the Origin check refuses a cross-origin write before anything runs, and the
// session (locals.user, locals.session) is known to every later step. See docs/security.md.
export const handle = sequence(authHandle, i18nHandle);
