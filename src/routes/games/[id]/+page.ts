import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// The game's own UI, from the UI registry: loaded here (on the server for the first render, in the
// browser when navigating) so the page renders it at once and carries no other kind's code.
export const load: PageLoad = async ({ data }) => {
	const ui = kindUI(data.room.kind);
	const mod = ui ? await ui.game() : null;
	return { ...data, Game: mod?.default ?? null, statusText: mod?.statusText ?? null };
};
