/**
 * The UI registry's test kinds (in place of src/lib/ui/extra.ts in the tests and a test build:
 * tests/kinds/test-kinds.js). One entry per kind, as in src/lib/ui/kinds.ts.
 */
import type { KindUI, RulesLoader } from '$lib/ui/kinds';

export const extraUI: Readonly<Record<string, KindUI>> = {
	takeaway: {
		game: () => import('./takeaway/GameView.svelte'),
		history: () => import('./takeaway/HistoryBoard.svelte'),
		options: () => import('./takeaway/Options.svelte'),
		picture: () => import('./takeaway/Picture.svelte'),
		scoreSheet: () => import('./takeaway/ScoreSheet.svelte')
	}
};

/** Their rules pages (KIND_RULES: apart from the UI entries, src/lib/ui/kinds.ts). */
export const extraRules: Readonly<Record<string, RulesLoader>> = {
	takeaway: () => import('./takeaway/Rules.svelte')
};
