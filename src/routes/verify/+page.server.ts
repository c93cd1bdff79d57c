/**
 * The page of a verification link (`/verify#<token>`): a button that confirms, so a mail scanner
 * that only fetches the link confirms nothing. Token in the fragment as on /reset (no URL, log or
 * Referer carries it); `Referrer-Policy: no-referrer` and `no-store` besides.
 */
import { error, fail } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { verifyEmail } from '$lib/server/auth/account';
import { field } from '$lib/server/auth/forms';

export const load: PageServerLoad = ({ setHeaders, locals }) => {
	setHeaders({ 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
	return { signedIn: !!locals.user };
};

export const actions: Actions = {
	default: async (event) => {
		const env = event.platform?.env;
		if (!env?.DB) error(503, 'the database is not available');
		const r = await verifyEmail(env.DB, field(await event.request.formData(), 'token'));
		if (!r.ok) return fail(r.status, { code: r.code });
		return { done: true, email: r.email };
	}
};
