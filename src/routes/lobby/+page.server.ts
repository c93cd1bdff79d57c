import { summaries } from '$lib/ui/summaries';
import type { MatchState } from '$lib/protocol/match';
import type { PageServerLoad } from './$types';

// Thin: the open public games come from the API (which reads D1); no rules here (conventions §10).
// Issue 35: a signed-in player's match-maker requests and who waits at which pace (GET /api/match).
export const load: PageServerLoad = async ({ fetch, locals }) => {
	const [res, match] = await Promise.all([fetch('/api/games?status=open'), locals.user ? fetch('/api/match') : null]);
	const games = res.ok ? summaries(await res.json()) : [];
	return { games, loadFailed: !res.ok, match: match?.ok ? ((await match.json()) as MatchState) : null };
};
