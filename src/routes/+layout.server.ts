import { building } from '$app/environment';
import { KINDS } from '$lib/games';
import { headerData } from '$lib/server/header';
import { seedRunning } from '$lib/server/dev-seed';
import type { KindInfo } from '$lib/ui/kindInfo';
import type { LayoutServerLoad } from './$types';

// The navigation shows who is signed in and their unread inbox count (then kept live over
// /api/me/socket). Prerendered pages (the rules) are built without a request, so their data says
// "signed out" for everybody: `prerendered` tells the layout to ask in the browser (GET
// /api/me/header; +layout.svelte says why so). Every page also gets the registered kinds' names and
// facts in the page's language (issue 11), none of their code.
export const load: LayoutServerLoad = async ({ locals, platform, url, untrack }) => {
	const kinds: KindInfo[] = KINDS.map((k) => ({ id: k.id, name: k.texts.name(), blurb: k.texts.blurb(), seats: { ...k.seats }, typicalMinutes: k.typicalMinutes }));
	// Prerendering has no request and no platform (svelte.config.js refuses a look at it).
	if (building) return { user: null, unread: 0, kinds, prerendered: true, seeding: null };
	const header = await headerData((locals as { user?: { id: string; username: string } | null }).user, platform?.env?.DB);
	// Issue 30: `npm start`'s demo seed still running (a development server only: no query elsewhere).
	// Untracked: the host does not change between pages, so navigating need not load this again.
	const seeding = platform?.env ? await untrack(() => seedRunning(platform.env, url)) : null;
	return { ...header, kinds, prerendered: false, seeding };
};
