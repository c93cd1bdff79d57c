import type { LayoutServerLoad } from './$types';

// The navigation shows who is signed in and their unread inbox count (then kept live over
// /api/me/socket). Prerendered pages (the landing) are built without a request, so they always
// show the signed-out navigation; every other page renders per user.
export const load: LayoutServerLoad = async ({ locals, platform }) => {
	const user = (locals as { user?: { id: string; username: string } | null }).user ?? null;
	if (!user) return { user: null, unread: 0 };
	let unread = 0;
	try {
		const row = await platform?.env?.DB?.prepare('SELECT COUNT(*) AS n FROM inbox WHERE user_id = ?1 AND read_at IS NULL')
			.bind(user.id)
			.first<{ n: number }>();
		unread = row?.n ?? 0;
	} catch {
		/* the badge is a convenience: the page works without it */
	}
	return { user: { id: user.id, username: user.username }, unread };
};
