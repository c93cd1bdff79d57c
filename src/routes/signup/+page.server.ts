import { error, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { getLocale, localizeHref } from '$lib/paraglide/runtime';
import { signUp, signupLimitFrom } from '$lib/server/auth/sign-in';
import { linkOrigin } from '$lib/server/auth/email-tokens';
import { HOME, finish } from '$lib/server/auth/respond';
import { field } from '$lib/server/form-body';

export const load: PageServerLoad = ({ locals }) => {
	if (locals.user) redirect(303, localizeHref(HOME));
};

export const actions: Actions = {
	default: async (event) => {
		const env = event.platform?.env;
		if (!env?.DB) error(503, 'the database is not available');
		const data = await event.request.formData();
		const input = {
			username: field(data, 'username'),
			password: field(data, 'password'),
			email: field(data, 'email'),
			// The page's language; the browser's time zone (filled in by the page's script, else UTC).
			locale: getLocale() === 'de' ? ('de' as const) : ('en' as const),
			timeZone: field(data, 'timeZone').slice(0, 64) || null
		};
		const result = await signUp(
			{ db: env.DB, request: event.request, signupLimit: signupLimitFrom(env.AUTH_SIGNUPS_PER_HOUR), mail: { env, origin: linkOrigin(env, event.url) } },
			input
		);
		// With an address, a confirmation mail went out: My games says to look for it (issue 30).
		const home = result.ok && result.user.email ? `${HOME}?welcome=check-mail` : HOME;
		return finish(event, result, { username: input.username.slice(0, 64), email: input.email.slice(0, 254) }, home);
	}
};
