import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// The kind's history board and the kind itself, from the UI registry (loaded here so the first
// render has them); the page around them is the platform's (src/lib/ui/history/).
export const load: PageLoad = async ({ data }) => {
	if (data.running) return { ...data, history: null };
	const ui = kindUI(data.exported.kind);
	if (!ui) return { ...data, history: null };
	const mod = await ui.history();
	return { ...data, history: { Board: mod.default, kind: mod.kind } };
};
