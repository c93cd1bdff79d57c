import { redirect } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import type { InboxItem } from '../api/me/inbox/+server';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ fetch, parent, url }) => {
	const { user } = await parent();
	if (!user) redirect(303, localizeHref(`/signin?next=${encodeURIComponent(url.pathname)}`));
	const res = await fetch('/api/me/inbox');
	const data = res.ok ? ((await res.json()) as { items: InboxItem[]; unread: number }) : { items: [], unread: 0 };
	return { ...data, loadFailed: !res.ok };
};
