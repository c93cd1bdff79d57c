import type { D1Database } from '@cloudflare/workers-types';

/**
 * What the site header shows about the visitor: who is signed in and their unread inbox count.
 * One source for the layout's server load (pages rendered per request) and for GET /api/me/header
 * (prerendered pages, which ask in the browser: src/routes/+layout.svelte says why).
 */
export interface HeaderData {
	user: { id: string; username: string } | null;
	unread: number;
}

export async function headerData(user: { id: string; username: string } | null | undefined, db: D1Database | undefined): Promise<HeaderData> {
	if (!user) return { user: null, unread: 0 };
	let unread = 0;
	try {
		const row = await db?.prepare('SELECT COUNT(*) AS n FROM inbox WHERE user_id = ?1 AND read_at IS NULL').bind(user.id).first<{ n: number }>();
		unread = row?.n ?? 0;
	} catch {
		/* the badge is a convenience: the page works without it */
	}
	return { user: { id: user.id, username: user.username }, unread };
}
