import type { ArchiveRow, WatchGame } from '$lib/ui/archive';
import type { PageServerLoad } from './$types';

/** The filters the page passes on to GET /api/archive (anything else in the URL is ignored). */
// Issue 35: `tournament`, a tournament's games (its page links them; the page shows it as a chip).
const KEYS = ['game', 'player', 'from', 'to', 'players', 'tournament', 'cursor', 'newer'] as const;

// Thin: the rows come from the API (which validates the filters and reads D1); the watch list, on
// the first page only, from GET /api/watch.
export const load: PageServerLoad = async ({ fetch, url }) => {
	const params: Record<string, string> = {};
	for (const k of KEYS) {
		const v = url.searchParams.get(k);
		if (v) params[k] = v;
	}
	const first = !params.cursor && !params.newer;
	const [res, watchRes] = await Promise.all([
		fetch(`/api/archive?${new URLSearchParams(params)}`),
		first ? fetch('/api/watch?limit=8') : Promise.resolve(null)
	]);
	const body = await res.json().catch(() => null);
	// A 400 names the bad parameter first ("from: expected …"): the page names its field.
	const badField = res.status === 400 ? String(body?.message ?? '').split(':')[0] : null;
	const watch: WatchGame[] | null = watchRes?.ok ? (await watchRes.json()).games : null;
	return {
		params,
		games: (res.ok ? body.games : []) as ArchiveRow[],
		nextCursor: (res.ok ? body.nextCursor : null) as string | null,
		prevCursor: (res.ok ? body.prevCursor : null) as string | null,
		badField,
		loadFailed: !res.ok && res.status !== 400,
		watch,
		watchFailed: first && !watchRes?.ok
	};
};
