import { error, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { localizeHref } from '$lib/paraglide/runtime';
import { signIn } from '$lib/server/auth/sign-in';
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
		const input = { username: field(data, 'username'), password: field(data, 'password') };
		const result = await signIn({ db: env.DB, request: event.request }, input);
		return finish(event, result, { username: input.username.slice(0, 64) });
	}
};
