import type { Component } from 'svelte';
import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// Each kind's options form from the UI registry, the same components the lobby's create form shows
// (lazily split: only the chosen kind's is drawn).
export const load: PageLoad = async ({ data, parent }) => {
	const { kinds } = await parent();
	const forms: Record<string, Component<{ options: Record<string, unknown> }, object, 'options'>> = {};
	await Promise.all(
		kinds.map(async (k) => {
			const ui = kindUI(k.id);
			if (ui) forms[k.id] = (await ui.options()).default;
		})
	);
	return { ...data, forms };
};
