import { redirect } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import { summaries } from '$lib/ui/summaries';
import type { PageServerLoad } from './$types';

// Thin: sign-in required, the list (my turn first) comes from GET /api/games/mine.
export const load: PageServerLoad = async ({ fetch, parent, url }) => {
	const { user } = await parent();
	if (!user) redirect(303, localizeHref(`/signin?next=${encodeURIComponent(url.pathname)}`));
	const res = await fetch('/api/games/mine');
	const games = res.ok ? summaries(await res.json()) : [];
	return { games, loadFailed: !res.ok };
};
