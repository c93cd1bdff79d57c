import { KINDS } from '$lib/games';
import type { KindInfo } from '$lib/ui/kindInfo';
import type { LayoutServerLoad } from './$types';

// The navigation shows who is signed in and their unread inbox count (then kept live over
// /api/me/socket). Prerendered pages (the landing) are built without a request, so they always
// show the signed-out navigation; every other page renders per user. Every page also gets the
// registered kinds' names and facts in the page's language (issue 11), none of their code.
export const load: LayoutServerLoad = async ({ locals, platform }) => {
	const kinds: KindInfo[] = KINDS.map((k) => ({ id: k.id, name: k.texts.name(), blurb: k.texts.blurb(), seats: { ...k.seats }, typicalMinutes: k.typicalMinutes }));
	const user = (locals as { user?: { id: string; username: string } | null }).user ?? null;
	if (!user) return { user: null, unread: 0, kinds };
	let unread = 0;
	try {
		const row = await platform?.env?.DB?.prepare('SELECT COUNT(*) AS n FROM inbox WHERE user_id = ?1 AND read_at IS NULL')
			.bind(user.id)
			.first<{ n: number }>();
		unread = row?.n ?? 0;
	} catch {
		/* the badge is a convenience: the page works without it */
	}
	return { user: { id: user.id, username: user.username }, unread, kinds };
};
