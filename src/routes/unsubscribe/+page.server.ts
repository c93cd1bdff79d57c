/**
 * The unsubscribe link of every email (issue 5): works without signing in, because the signed
 * token (src/lib/server/notify/unsubscribe.ts) is the authorization. GET only asks — mail
 * scanners and link previews fetch links, and must not unsubscribe anyone — the POST does it.
 * A forged, expired, malformed or non-email token, or one for a deleted user, is a 400 page.
 */
import { error } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { m } from '$lib/paraglide/messages';
import { field } from '$lib/server/form-body';
import { tokenUser, turnOff } from '$lib/server/notify/unsubscribe';

type Env = App.Platform['env'];

function envOf(platform: App.Platform | undefined): Env {
	if (!platform?.env?.DB) error(503, 'the database is not available');
	return platform.env;
}

async function userFor(env: Env, token: unknown) {
	const user = await tokenUser(env, token, 'email', Date.now());
	if (!user) error(400, m.unsub_invalid());
	return user;
}

export const load: PageServerLoad = async ({ url, platform, setHeaders }) => {
	// The token is a credential: keep it out of caches and out of Referer headers of later clicks.
	setHeaders({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
	const token = url.searchParams.get('t');
	const user = await userFor(envOf(platform), token);
	return { username: user.username, token };
};

export const actions: Actions = {
	default: async ({ request, platform }) => {
		const env = envOf(platform);
		const user = await userFor(env, field(await request.formData(), 't'));
		await turnOff(env.DB, user.id, 'email');
		return { done: true, username: user.username };
	}
};
