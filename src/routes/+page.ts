import type { Component } from 'svelte';
import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// Each registered kind's picture, from the UI registry (small, lazily split), as in the lobby.
export const load: PageLoad = async ({ data, parent }) => {
	const { kinds } = await parent();
	const pictures: Record<string, Component> = {};
	await Promise.all(
		kinds.map(async (k) => {
			const ui = kindUI(k.id);
			if (ui) pictures[k.id] = (await ui.picture()).default;
		})
	);
	// Issue 31: the kinds with a tutorial (/learn/<kind>), linked from their cards.
	const learn = kinds.filter((k) => kindUI(k.id)?.tutorial).map((k) => k.id);
	return { ...data, pictures, learn };
};
