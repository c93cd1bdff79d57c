import { error } from '@sveltejs/kit';
import { KIND_RULES } from '$lib/ui/kinds';
import type { EntryGenerator, PageLoad } from './$types';

// A kind's rules are the same for everybody: built once per kind and language, served as assets.
export const prerender = true;
export const entries: EntryGenerator = () => Object.keys(KIND_RULES).map((game) => ({ game }));

// The body is the kind's own component (src/lib/ui/kinds.ts), so this page carries only its code.
export const load: PageLoad = async ({ params }) => {
	if (!Object.hasOwn(KIND_RULES, params.game)) error(404, 'NOT_FOUND');
	return { Rules: (await KIND_RULES[params.game]()).default };
};
