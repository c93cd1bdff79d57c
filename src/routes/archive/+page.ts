import type { PageLoad } from './$types';

// Issue 35: the archive filtered by a tournament (`?tournament=<id>`, which the API applies) shows
// a chip with the tournament's name; the name comes from the tournament's own answer (and stays
// unsaid for one the visitor may not see: the chip then says only "Tournament").
export const load: PageLoad = async ({ data, fetch, url }) => {
	const id = (url.searchParams.get('tournament') ?? '').slice(0, 64);
	if (!id) return { ...data, tournamentFilter: null };
	const res = await fetch(`/api/tournaments/${encodeURIComponent(id)}`).catch(() => null);
	const body = res?.ok ? ((await res.json().catch(() => null)) as { name?: unknown } | null) : null;
	return { ...data, tournamentFilter: { id, name: typeof body?.name === 'string' ? body.name : null } };
};
