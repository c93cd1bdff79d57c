import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { announceUnread } from '$lib/server/notify/inapp';
import { apiError, jsonResponse, readJson } from '$lib/server/http';
import { signedIn } from '$lib/server/games';

export interface InboxItem {
	id: string;
	gameId: string | null;
	kind: string;
	subject: string;
	text: string;
	url: string;
	createdAt: number;
	read: boolean;
}

/** GET → {items: InboxItem[] (newest first, 50), unread}: the caller's own inbox only. */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const rows = (
		await e.DB.prepare('SELECT id, game_id, kind, data, created_at, read_at FROM inbox WHERE user_id = ?1 ORDER BY created_at DESC LIMIT 50')
			.bind(user.id)
			.all<{ id: string; game_id: string | null; kind: string; data: string; created_at: number; read_at: number | null }>()
	).results;
	const unread = await e.DB.prepare('SELECT COUNT(*) AS n FROM inbox WHERE user_id = ?1 AND read_at IS NULL').bind(user.id).first<{ n: number }>();
	const items: InboxItem[] = rows.map((r) => {
		const d = JSON.parse(r.data) as { subject: string; text: string; url: string };
		// Links are stored absolute; the page wants them on this site, whatever origin the postman used.
		const path = (() => {
			try {
				const u = new URL(d.url);
				// Without the locale prefix: the page localizes it for the reader's current language.
				return (u.pathname + u.search).replace(/^\/de(?=\/)/, '');
			} catch {
				return '/games';
			}
		})();
		return { id: r.id, gameId: r.game_id, kind: r.kind, subject: d.subject, text: d.text, url: path, createdAt: r.created_at, read: r.read_at !== null };
	});
	return jsonResponse({ items, unread: unread?.n ?? 0 });
};

const ReadBody = v.strictObject({ ids: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(300))), v.maxLength(100))) });

/** POST {ids?} → {unread}: marks those (or, without ids, all) of the caller's items read. */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const body = await readJson(event.request, ReadBody);
	if (!body.ok) return body.response;
	const now = Date.now();
	if (body.value.ids) {
		if (body.value.ids.length === 0) return apiError(400, 'BAD_REQUEST', 'ids: give at least one, or leave it out for all');
		await e.DB.batch(
			body.value.ids.map((id) => e.DB.prepare('UPDATE inbox SET read_at = ?1 WHERE id = ?2 AND user_id = ?3 AND read_at IS NULL').bind(now, id, user.id))
		);
	} else await e.DB.prepare('UPDATE inbox SET read_at = ?1 WHERE user_id = ?2 AND read_at IS NULL').bind(now, user.id).run();
	await announceUnread(e, user.id);
	const unread = await e.DB.prepare('SELECT COUNT(*) AS n FROM inbox WHERE user_id = ?1 AND read_at IS NULL').bind(user.id).first<{ n: number }>();
	return jsonResponse({ unread: unread?.n ?? 0 });
};
