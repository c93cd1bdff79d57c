import { error, fail } from '@sveltejs/kit';
import type { Actions } from './$types';
import { linkOrigin } from '$lib/server/auth/email-tokens';
import { requestReset } from '$lib/server/auth/password-reset';
import { field } from '$lib/server/form-body';

export const actions: Actions = {
	/** The same answer whether or not an account matches (src/lib/server/auth/password-reset.ts requestReset). */
	default: async (event) => {
		const env = event.platform?.env;
		if (!env?.DB) error(503, 'the database is not available');
		const login = field(await event.request.formData(), 'login');
		const ctx = event.platform?.ctx;
		const r = await requestReset(env, event.request, login, linkOrigin(env, event.url), ctx ? (p) => ctx.waitUntil(p) : undefined);
		if (!r.ok) return fail(r.status, { code: r.code, login: login.slice(0, 254) });
		return { sent: true };
	}
};
