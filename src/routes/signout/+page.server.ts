import { error, redirect } from '@sveltejs/kit';
import type { Actions } from './$types';
import { localizeHref } from '$lib/paraglide/runtime';
import { deleteSessionCookie } from '$lib/server/auth/session';
import { endOwnSession } from '$lib/server/auth/sign-out';

export const actions: Actions = {
	default: async ({ locals, platform, cookies }) => {
		if (!platform?.env?.DB) error(503, 'the database is not available');
		if (locals.session && locals.user) await endOwnSession(platform.env, locals.user.id, locals.session.id);
		deleteSessionCookie(cookies);
		redirect(303, localizeHref('/'));
	}
};
