import { error, redirect } from '@sveltejs/kit';
import type { Actions } from './$types';
import { localizeHref } from '$lib/paraglide/runtime';
import { deleteSessionCookie, invalidateSession } from '$lib/server/auth/session';
import { closeSessionSockets } from '$lib/server/auth/sockets';

export const actions: Actions = {
	default: async ({ locals, platform, cookies }) => {
		if (!platform?.env?.DB) error(503, 'the database is not available');
		if (locals.session && locals.user) {
			await invalidateSession(platform.env.DB, locals.session.id);
			await closeSessionSockets(platform.env, locals.user.id, [locals.session.id]);
		}
		deleteSessionCookie(cookies);
		redirect(303, localizeHref('/'));
	}
};
