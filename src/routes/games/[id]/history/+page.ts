import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// The kind's own history view, from the UI registry (loaded here so the first render has it).
export const load: PageLoad = async ({ data }) => {
	if (data.running) return { ...data, History: null };
	const ui = kindUI(data.exported.kind);
	return { ...data, History: ui ? (await ui.history()).default : null };
};
