import { redirect } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import type { InboxItem } from '../api/me/inbox/+server';
import type { PageServerLoad } from './$types';

// `?before=<cursor>`: an older page (the API's `next`), issue 12.
export const load: PageServerLoad = async ({ depends, fetch, parent, url }) => {
	depends('app:inbox');
	const { user } = await parent();
	if (!user) redirect(303, localizeHref(`/signin?next=${encodeURIComponent(url.pathname)}`));
	const before = url.searchParams.get('before');
	const res = await fetch(`/api/me/inbox${before ? `?before=${encodeURIComponent(before)}` : ''}`);
	const data = res.ok
		? ((await res.json()) as { items: InboxItem[]; unread: number; next: string | null })
		: { items: [] as InboxItem[], unread: 0, next: null };
	return { ...data, older: !!before, loadFailed: !res.ok };
};
