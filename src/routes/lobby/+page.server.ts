import { summaries } from '$lib/ui/summaries';
import type { PageServerLoad } from './$types';

// Thin: the open public games come from the API (which reads D1); no rules here (conventions §10).
export const load: PageServerLoad = async ({ fetch }) => {
	const res = await fetch('/api/games?status=open');
	const games = res.ok ? summaries(await res.json()) : [];
	return { games, loadFailed: !res.ok };
};
