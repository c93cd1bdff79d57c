import type { TournamentSummary } from '$lib/protocol/tournament';
import { readFailure } from '$lib/ui/tournament/apiError';
import type { PageServerLoad } from './$types';

const SECTIONS = ['signup', 'running', 'finished'] as const;

// Thin (conventions §10): the lists come from GET /api/tournaments, one per section, so each
// section is the API's own answer for its status (and its own limit). The filters are a plain GET
// form: they stay in the URL and work without script. "Mine" means something only when signed in.
export const load: PageServerLoad = async ({ fetch, url, locals }) => {
	const mine = !!locals.user && url.searchParams.get('mine') === '1';
	const kind = (url.searchParams.get('kind') ?? '').slice(0, 64);
	const answers = await Promise.all(
		SECTIONS.map(async (status) => {
			const q = new URLSearchParams({ status });
			if (kind) q.set('kind', kind);
			if (mine) q.set('mine', '1');
			const res = await fetch(`/api/tournaments?${q}`);
			if (!res.ok) return { failure: await readFailure(res) };
			const body = (await res.json().catch(() => null)) as { tournaments?: unknown } | null;
			return Array.isArray(body?.tournaments) ? { list: body.tournaments as TournamentSummary[] } : { failure: { status: 502, code: 'BAD_ANSWER', message: '' } };
		})
	);
	const failure = answers.find((a) => 'failure' in a)?.failure ?? null;
	const list = (i: number) => ('list' in answers[i] ? (answers[i].list ?? []) : []);
	return {
		sections: { signup: list(0), running: list(1), finished: list(2) },
		filters: { mine, kind },
		// An unknown kind in the URL is the visitor's doing: said as such, not as a failure.
		badKind: failure?.code === 'UNKNOWN_KIND' || (failure?.status === 400 && /kind/.test(failure.message)),
		loadFailed: !!failure
	};
};
