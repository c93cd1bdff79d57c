import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// The kind's engine (with its history board), its game component and its score sheet, from the UI
// registry: the explorer plays the kind's real table in the browser (issue 34).
export const load: PageLoad = async ({ data }) => {
	if (data.running) return { ...data, explore: null };
	const ui = kindUI(data.exported.kind);
	if (!ui) return { ...data, explore: null };
	const [history, mod, sheet] = await Promise.all([ui.history(), ui.game(), ui.scoreSheet()]);
	return { ...data, explore: { kind: history.kind, mod, ScoreSheet: sheet.default } };
};
