import { redirect } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import type { NotificationSettings } from '../../api/me/settings/+server';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ fetch, parent, url }) => {
	const { user } = await parent();
	if (!user) redirect(303, localizeHref(`/signin?next=${encodeURIComponent(url.pathname)}`));
	const res = await fetch('/api/me/settings');
	if (!res.ok) return { settings: null as NotificationSettings | null };
	return { settings: (await res.json()) as NotificationSettings };
};
