import { error, fail, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { localizeHref } from '$lib/paraglide/runtime';
import { field } from '$lib/server/form-body';
import { deleteSessionCookie } from '$lib/server/auth/session';
import { deleteAccount } from '$lib/server/people/leave';

export const load: PageServerLoad = async ({ locals }) => {
	if (!locals.user) redirect(303, localizeHref('/signin'));
	return { username: locals.user.username };
};

export const actions: Actions = {
	delete: async ({ locals, platform, request, cookies }) => {
		if (!locals.user) redirect(303, localizeHref('/signin'));
		if (!platform?.env?.DB || !platform.env.GAME_ROOM) error(503, 'the database is not available');
		const form = await request.formData();
		const password = field(form, 'password').slice(0, 512);
		const username = field(form, 'username').slice(0, 64);
		const r = await deleteAccount(platform.env, locals.user.id, { password, username });
		// The typed name is refilled; the password never is.
		if (!r.ok) return fail(r.status, { code: r.code, username });
		deleteSessionCookie(cookies);
		redirect(303, localizeHref(r.done ? '/account-deleted' : '/account-deleted?pending=1'));
	}
};
