import { error } from '@sveltejs/kit';
import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// Issue 34: a rules page's worked example, explored freely with the kind's engine in the browser (as
// a tutorial's step is). The example and the line are in the address, so the page is rendered in the
// browser only — unlike /rules/<kind> above it, which is prerendered; the rules page's links here are
// left alone by the prerenderer (this route is not prerenderable), and the Worker carries no
// example for it.
export const ssr = false;
export const prerender = false;

export const load: PageLoad = async ({ params, url }) => {
	const ui = kindUI(params.game);
	if (!ui?.examples) error(404, 'NOT_FOUND');
	const [{ kind, examples }, mod, sheet] = await Promise.all([ui.examples(), ui.game(), ui.scoreSheet()]);
	// The explorer writes `?step=` (the example's id) into its links; `?example=` is the rules page's.
	const id = url.searchParams.get('example') ?? url.searchParams.get('step');
	const example = examples.find((e) => e.id === id);
	if (!example) error(404, 'NOT_FOUND');
	return { kind, examples, example, mod, ScoreSheet: sheet.default };
};
