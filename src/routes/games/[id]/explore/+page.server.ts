import { error } from '@sveltejs/kit';
import type { GameExportV2 } from '$lib/engine';
import { inviteQuery } from '$lib/ui/invite';
import type { PageServerLoad } from './$types';

// Issue 34: a finished game's export (with its seed: everything is public after the end), through
// the API so the room decides who may see it, as the history page does. The line, the step and the
// chance are read in the browser (src/lib/ui/explore/), so exploring never re-runs this load.
export const load: PageServerLoad = async ({ fetch, params, url }) => {
	const res = await fetch(`/api/games/${encodeURIComponent(params.id)}/export${inviteQuery(url)}`);
	if (res.status === 409) return { id: params.id, running: true as const };
	if (res.status === 404 || res.status === 400) error(404, 'NOT_FOUND');
	if (!res.ok) error(res.status, `${res.status}`);
	return { id: params.id, running: false as const, exported: (await res.json()) as GameExportV2 };
};
