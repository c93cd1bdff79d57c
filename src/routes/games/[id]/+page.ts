import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// The game's own UI, from the UI registry: loaded here (on the server for the first render, in the
// browser when navigating) so the page renders it at once and carries no other kind's code.
export const load: PageLoad = async ({ data }) => {
	const ui = kindUI(data.room.kind);
	const mod = ui ? await ui.game() : null;
	// The end screen only for a finished game (issue 30), so a running game's page does not carry it
	// (the page's JavaScript budget); a game that ends while open loads it then.
	const EndScreen = data.room.status === 'finished' ? (await import('$lib/ui/EndScreen.svelte')).default : null;
	// Issue 31: the kind's help for newcomers, and whether it has a tutorial to offer.
	return {
		...data,
		Game: mod?.default ?? null,
		statusText: mod?.statusText ?? null,
		help: mod?.help ?? null,
		refusal: mod?.refusal ?? null,
		moveText: mod?.moveText ?? null,
		tutorial: !!ui?.tutorial,
		EndScreen
	};
};
