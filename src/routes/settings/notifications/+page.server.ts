import { redirect } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import type { NotificationSettings } from '../../api/me/settings/+server';
import type { PageServerLoad } from './$types';

export interface Vacation {
	vacation: { from: number; until: number } | null;
	year: number;
	daysTaken: number;
	daysLeft: number;
}

export const load: PageServerLoad = async ({ fetch, parent, url }) => {
	const { user } = await parent();
	if (!user) redirect(303, localizeHref(`/signin?next=${encodeURIComponent(url.pathname)}`));
	const [res, vac] = await Promise.all([fetch('/api/me/settings'), fetch('/api/me/vacation')]);
	const vacation = vac.ok ? ((await vac.json()) as Vacation) : null;
	if (!res.ok) return { settings: null as NotificationSettings | null, vacation };
	return { settings: (await res.json()) as NotificationSettings, vacation };
};
