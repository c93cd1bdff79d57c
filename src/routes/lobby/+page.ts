import type { Component } from 'svelte';
import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// Each registered kind's options form and picture, from the UI registry (small, lazily split).
export const load: PageLoad = async ({ data, parent }) => {
	const { kinds } = await parent();
	const forms: Record<string, { Options: Component<{ options: Record<string, unknown> }, object, 'options'>; Picture: Component }> = {};
	await Promise.all(
		kinds.map(async (k) => {
			const ui = kindUI(k.id);
			if (!ui) return;
			const [o, p] = await Promise.all([ui.options(), ui.picture()]);
			forms[k.id] = { Options: o.default, Picture: p.default };
		})
	);
	// Issue 31: the kinds with a tutorial, offered before the create form.
	const learn = kinds.filter((k) => kindUI(k.id)?.tutorial);
	return { ...data, forms, learn };
};
