import { redirect } from '@sveltejs/kit';
import { localizeHref } from '$lib/paraglide/runtime';
import type { Person } from '$lib/server/people/people';
import type { PageServerLoad } from './$types';

// Thin: whom the signed-in user follows and who follows them, from GET /api/me/follows.
export const load: PageServerLoad = async ({ fetch, locals, url }) => {
	if (!locals.user) redirect(303, localizeHref(`/signin?next=${encodeURIComponent(url.pathname)}`));
	const res = await fetch('/api/me/follows');
	const body = res.ok ? ((await res.json()) as { following: Person[]; followers: Person[] }) : { following: [], followers: [] };
	return { following: body.following, followers: body.followers };
};
