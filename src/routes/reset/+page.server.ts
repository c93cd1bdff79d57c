/**
 * The page of a reset link (`/reset#<token>`). The token is in the fragment, which browsers never
 * send: it reaches the server only in the body of the form's POST, never a URL, log or Referer;
 * `Referrer-Policy: no-referrer` besides, and `no-store`.
 */
import { error, fail } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { resetPassword } from '$lib/server/auth/account';
import { field } from '$lib/server/auth/forms';
import { deleteSessionCookie } from '$lib/server/auth/session';

const HEADERS = { 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };

export const load: PageServerLoad = ({ setHeaders }) => {
	setHeaders(HEADERS);
};

export const actions: Actions = {
	default: async (event) => {
		const env = event.platform?.env;
		if (!env?.DB) error(503, 'the database is not available');
		const data = await event.request.formData();
		const r = await resetPassword(env, field(data, 'token'), field(data, 'password'));
		if (!r.ok) return fail(r.status, { code: r.code, token: r.code === 'BAD_PASSWORD' ? field(data, 'token').slice(0, 64) : '' });
		// Every session has ended, this browser's too.
		deleteSessionCookie(event.cookies);
		return { done: true, username: r.username };
	}
};
