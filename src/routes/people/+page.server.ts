import { redirect } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import type { Person } from '$lib/server/people/people';
import type { FoundPlayer } from '$lib/server/people/search';
import type { PageServerLoad } from './$types';

// Thin: whom the signed-in user follows and who follows them, from GET /api/me/follows; issue 35:
// `?q=` (the search box, a plain GET form) finds players by the beginning of their name, GET /api/players.
export const load: PageServerLoad = async ({ fetch, locals, url }) => {
	if (!locals.user) redirect(303, localizeHref(`/signin?next=${encodeURIComponent(url.pathname)}`));
	const q = (url.searchParams.get('q') ?? '').slice(0, 100);
	const [res, found] = await Promise.all([fetch('/api/me/follows'), q.trim() ? fetch(`/api/players?q=${encodeURIComponent(q)}`) : null]);
	const body = res.ok ? ((await res.json()) as { following: Person[]; followers: Person[] }) : { following: [], followers: [] };
	const players = found?.ok ? ((await found.json()) as { players: FoundPlayer[] }).players : null;
	return { following: body.following, followers: body.followers, q, players };
};
