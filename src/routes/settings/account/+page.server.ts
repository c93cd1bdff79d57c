import { error, fail, redirect, type RequestEvent } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { localizeHref } from '$lib/paraglide/runtime';
import { accountState, changeEmail, resendVerification } from '$lib/server/auth/email-verification';
import { changePassword } from '$lib/server/auth/password-change';
import { linkOrigin } from '$lib/server/auth/email-tokens';
import { field } from '$lib/server/form-body';

export const load: PageServerLoad = async ({ locals, platform }) => {
	if (!locals.user || !locals.session) redirect(303, localizeHref('/signin'));
	if (!platform?.env?.DB) error(503, 'the database is not available');
	const account = await accountState(platform.env.DB, locals.user.id);
	if (!account) redirect(303, localizeHref('/signin'));
	return { account };
};

function context(event: RequestEvent) {
	const { locals, platform } = event;
	if (!locals.user || !locals.session) redirect(303, localizeHref('/signin'));
	if (!platform?.env?.DB) error(503, 'the database is not available');
	return { env: platform.env, user: locals.user, session: locals.session, origin: linkOrigin(platform.env, event.url) };
}

export const actions: Actions = {
	email: async (event) => {
		const c = context(event);
		const email = field(await event.request.formData(), 'email');
		// An empty field here is a mistake, not a removal (that has its own button).
		if (email.trim() === '') return fail(400, { form: 'email', code: 'BAD_EMAIL', email: '' });
		const r = await changeEmail(c.env, c.user.id, email, c.origin);
		if (!r.ok) return fail(r.status, { form: 'email', code: r.code, email: email.slice(0, 254) });
		return { form: 'email', done: 'sent', email: r.state.pendingEmail ?? r.state.email };
	},
	remove: async (event) => {
		const c = context(event);
		const r = await changeEmail(c.env, c.user.id, null, c.origin);
		if (!r.ok) return fail(r.status, { form: 'email', code: r.code });
		return { form: 'email', done: 'removed' };
	},
	resend: async (event) => {
		const c = context(event);
		const r = await resendVerification(c.env, c.user.id, c.origin);
		if (!r.ok) return fail(r.status, { form: 'email', code: r.code });
		return { form: 'email', done: 'sent', email: r.state.pendingEmail ?? r.state.email };
	},
	password: async (event) => {
		const c = context(event);
		const data = await event.request.formData();
		const r = await changePassword(c.env, event.request, c.user, c.session.id, field(data, 'current'), field(data, 'password'));
		if (!r.ok) return fail(r.status, { form: 'password', code: r.code });
		return { form: 'password', done: 'changed' };
	}
};
