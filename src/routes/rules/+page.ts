import { kindUI } from '$lib/ui/kinds';
import type { PageLoad } from './$types';

// The rules are the same for everybody: build /rules and /de/rules once, serve them from the assets.
export const prerender = true;

// Issue 31: the kinds with a tutorial (/learn/<kind>), linked beside their rules.
export const load: PageLoad = async ({ parent }) => {
	const { kinds } = await parent();
	return { learn: kinds.filter((k) => kindUI(k.id)?.tutorial).map((k) => k.id) };
};
