import { error, redirect } from '@sveltejs/kit';
import { m } from '$lib/paraglide/messages';
import type { ArchiveRow } from '$lib/ui/archive';
import type { PageServerLoad } from './$types';

export interface ProfileData {
	username: string;
	joined: number;
	finished: number;
	wins: number;
	averageScore: number | null;
	games: ArchiveRow[];
	nextCursor: string | null;
	prevCursor: string | null;
	/** Issue 15: rating per kind. */
	ratings: { kind: string; rating: number; games: number; provisional: boolean }[];
}

// Thin: the figures and the page of games come from GET /api/players/:name.
export const load: PageServerLoad = async ({ fetch, params, url, locals }) => {
	const q = new URLSearchParams();
	for (const k of ['cursor', 'newer']) {
		const v = url.searchParams.get(k);
		if (v) q.set(k, v);
	}
	const res = await fetch(`/api/players/${encodeURIComponent(params.name)}?${q}`);
	if (res.status === 404) error(404, m.profile_not_found());
	// A mangled cursor: the first page instead.
	if (res.status === 400) redirect(303, url.pathname);
	if (!res.ok) error(res.status, `${res.status}`);
	const profile = (await res.json()) as ProfileData;
	// Issue 15: whether the signed-in visitor follows this player (null: signed out, or their own page).
	let following: boolean | null = null;
	if (locals.user && locals.user.username.toLowerCase() !== profile.username.toLowerCase()) {
		const f = await fetch(`/api/players/${encodeURIComponent(profile.username)}/follow`);
		if (f.ok) following = ((await f.json()) as { following: boolean }).following;
	}
	return { profile, following };
};
