import type { RequestHandler } from './$types';
import { signedIn } from '$lib/server/games';
import { jsonResponse } from '$lib/server/http';

/** GET → {mutes: [{userId, username, createdAt}]}: the players the caller muted (docs/chat.md). */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const r = await s.e.DB.prepare(
		'SELECT m.muted_id AS userId, u.username AS username, m.created_at AS createdAt FROM chat_mutes m JOIN users u ON u.id = m.muted_id WHERE m.user_id = ?1 ORDER BY m.created_at DESC LIMIT 500'
	)
		.bind(s.user.id)
		.all<{ userId: string; username: string; createdAt: number }>();
	return jsonResponse({ mutes: r.results });
};
