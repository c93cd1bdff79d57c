import { redirect } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import { summaries } from '$lib/ui/summaries';
import type { PageServerLoad } from './$types';

export interface Counts {
	yourTurn: number;
	active: number;
	waiting: number;
	finished: number;
}

// Thin: sign-in required, the lists (my turn first) come from GET /api/games/mine;
// `?finished=<cursor>` shows an older page of finished games.
export const load: PageServerLoad = async ({ depends, fetch, parent, url }) => {
	// The page loads the list again when the hub says one of my games changed (+page.svelte).
	depends('app:mine');
	const { user } = await parent();
	if (!user) redirect(303, localizeHref(`/signin?next=${encodeURIComponent(url.pathname)}`));
	const cursor = url.searchParams.get('finished');
	const res = await fetch(`/api/games/mine${cursor ? `?finished=${encodeURIComponent(cursor)}` : ''}`);
	if (!res.ok) return { games: [], counts: null as Counts | null, finishedCursor: null as string | null, olderPage: !!cursor, loadFailed: true };
	const body = (await res.json()) as { counts?: Counts; finishedCursor?: string | null };
	return { games: summaries(body), counts: body.counts ?? null, finishedCursor: body.finishedCursor ?? null, olderPage: !!cursor, loadFailed: false };
};
