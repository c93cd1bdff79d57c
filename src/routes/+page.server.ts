import type { WatchGame } from '$lib/ui/archive';
import { summaries } from '$lib/ui/summaries';
import type { PageServerLoad } from './$types';
import type { FollowedGame } from '$lib/server/people/people';

// Thin, like the lobby and the archive: the public games in progress (GET /api/watch) and the count
// of open games (GET /api/games?status=open) come from the API; a failure only hides its section.
// Rendered per request (no longer prerendered): the page greets whoever is signed in and offers
// them their next step.
export const load: PageServerLoad = async ({ fetch, locals }) => {
	const [watchRes, openRes, followsRes] = await Promise.all([
		fetch('/api/watch?limit=6'),
		fetch('/api/games?status=open'),
		// Issue 15: the public games of the people the signed-in user follows.
		locals.user ? fetch('/api/me/follows') : null
	]);
	const watch: WatchGame[] | null = watchRes.ok ? ((await watchRes.json()) as { games: WatchGame[] }).games : null;
	const openGames: number | null = openRes.ok ? summaries(await openRes.json()).length : null;
	const followed: FollowedGame[] | null = followsRes?.ok ? ((await followsRes.json()) as { games: FollowedGame[] }).games : null;
	return { watch, openGames, followed };
};
