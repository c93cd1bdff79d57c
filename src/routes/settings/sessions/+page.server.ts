import { error, fail, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { localizeHref } from '$lib/paraglide/runtime';
import { field } from '$lib/server/form-body';
import { deleteSessionCookie, listUserSessions } from '$lib/server/auth/session';
import { endOwnSession } from '$lib/server/auth/sign-out';

export const load: PageServerLoad = async ({ locals, platform }) => {
	if (!locals.user || !locals.session) redirect(303, localizeHref('/signin'));
	if (!platform?.env?.DB) error(503, 'the database is not available');
	const sessions = await listUserSessions(platform.env.DB, locals.user.id);
	return { sessions: sessions.map((s) => ({ ...s, current: s.id === locals.session!.id })) };
};

export const actions: Actions = {
	revoke: async ({ locals, platform, request, cookies }) => {
		if (!locals.user || !locals.session) redirect(303, localizeHref('/signin'));
		if (!platform?.env?.DB) error(503, 'the database is not available');
		const id = field(await request.formData(), 'id');
		// Only the user's own sessions: another user's id is "not found" like any unknown one.
		if (!(await endOwnSession(platform.env, locals.user.id, id))) return fail(404, { code: 'NOT_FOUND' });
		if (id === locals.session.id) {
			deleteSessionCookie(cookies);
			redirect(303, localizeHref('/'));
		}
		return { revoked: true };
	}
};
