import { error } from '@sveltejs/kit';
import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// Issue 34: a tutorial's position, explored freely with the kind's engine in the browser (as a
// finished game's step is). The step and the line are in the address, so the page is rendered in
// the browser only: the Worker never carries a tutorial script for it.
export const ssr = false;
export const prerender = false;

export const load: PageLoad = async ({ params }) => {
	const ui = kindUI(params.game);
	if (!ui?.tutorial) error(404, 'NOT_FOUND');
	const [{ kind, script }, mod, sheet] = await Promise.all([ui.tutorial(), ui.game(), ui.scoreSheet()]);
	return { kind, script, mod, ScoreSheet: sheet.default };
};
