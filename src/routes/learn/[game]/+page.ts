import { error } from '@sveltejs/kit';
import { KIND_UI, kindUI } from '$lib/ui/kinds';
import type { EntryGenerator, PageLoad } from './$types';

// A tutorial is the same for everybody and runs in the browser (issue 31): built once per kind and
// language, served as assets; no account, no server game.
export const prerender = true;
export const entries: EntryGenerator = () =>
	Object.entries(KIND_UI)
		.filter(([, ui]) => ui.tutorial)
		.map(([game]) => ({ game }));

// The kind's script and engine, its real game component and its score sheet (src/lib/ui/kinds.ts).
export const load: PageLoad = async ({ params }) => {
	const ui = kindUI(params.game);
	if (!ui?.tutorial) error(404, 'NOT_FOUND');
	const [{ kind, script }, mod, sheet] = await Promise.all([ui.tutorial(), ui.game(), ui.scoreSheet()]);
	return { kind, script, mod, ScoreSheet: sheet.default };
};
