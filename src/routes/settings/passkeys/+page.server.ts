import { error, fail, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { localizeHref } from '$lib/paraglide/runtime';
import { field } from '$lib/server/form-body';
import { listPasskeys, removePasskey, renamePasskey } from '$lib/server/auth/passkeys';

/**
 * The signed-in user's passkeys (issue 15). Renaming and removing are plain forms (no JS needed);
 * `?remove=<id>` shows the confirmation before the remove form. Adding one needs WebAuthn, a JS
 * API: the page's AddPasskey component talks to /api/auth/passkeys/register/….
 */
export const load: PageServerLoad = async ({ locals, platform, url }) => {
	if (!locals.user) redirect(303, localizeHref('/signin'));
	if (!platform?.env?.DB) error(503, 'the database is not available');
	const passkeys = await listPasskeys(platform.env.DB, locals.user.id);
	const confirm = passkeys.find((p) => p.id === url.searchParams.get('remove')) ?? null;
	return { passkeys, confirm };
};

export const actions: Actions = {
	rename: async ({ locals, platform, request }) => {
		if (!locals.user) redirect(303, localizeHref('/signin'));
		if (!platform?.env?.DB) error(503, 'the database is not available');
		const data = await request.formData();
		const id = field(data, 'id').slice(0, 1400);
		const result = await renamePasskey(platform.env.DB, locals.user.id, id, field(data, 'name').slice(0, 1000));
		if (!result.ok) return fail(result.status, { code: result.code, id });
		return { renamed: result.passkey.name };
	},
	remove: async ({ locals, platform, request }) => {
		if (!locals.user) redirect(303, localizeHref('/signin'));
		if (!platform?.env?.DB) error(503, 'the database is not available');
		const id = field(await request.formData(), 'id').slice(0, 1400);
		const result = await removePasskey(platform.env.DB, locals.user.id, id);
		if (!result.ok) return fail(result.status, { code: result.code, id });
		return { removed: true };
	}
};
