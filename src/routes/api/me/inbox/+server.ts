import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { announceUnread, markGameRead, unreadCount } from '$lib/server/notify/inapp';
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

/** Items per page. */
const INBOX_PAGE = 50;

/** A page cursor: the (created_at, id) of the last item of the page before, `<ms>.<id>`. */
const CURSOR = /^(\d{1,15})\.([A-Za-z0-9:_-]{1,300})$/;

/**
 * GET [?before=<cursor>] → {items: InboxItem[] (newest first, INBOX_PAGE), unread, next}: the
 * caller's own inbox only; `next` is the cursor of the following (older) page, null on the last
 * (issue 12: the inbox pages through everything, not only the newest 50).
 */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const before = event.url.searchParams.get('before');
	const c = before === null ? null : CURSOR.exec(before);
	if (before !== null && !c) return apiError(400, 'BAD_REQUEST', 'before: a cursor from next');
	type Row = { id: string; game_id: string | null; kind: string; data: string; created_at: number; read_at: number | null };
	// Keyset paging on the (user_id, created_at) index; the id breaks ties of one millisecond.
	const rows = (
		await (c
			? e.DB.prepare(
					'SELECT id, game_id, kind, data, created_at, read_at FROM inbox WHERE user_id = ?1 AND (created_at < ?2 OR (created_at = ?2 AND id < ?3)) ORDER BY created_at DESC, id DESC LIMIT ?4'
				).bind(user.id, Number(c[1]), c[2], INBOX_PAGE + 1)
			: e.DB.prepare('SELECT id, game_id, kind, data, created_at, read_at FROM inbox WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2').bind(
					user.id,
					INBOX_PAGE + 1
				)
		).all<Row>()
	).results;
	const more = rows.length > INBOX_PAGE;
	const page = rows.slice(0, INBOX_PAGE);
	const items: InboxItem[] = page.map((r) => {
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
	const last = page.at(-1);
	return jsonResponse({ items, unread: await unreadCount(e.DB, user.id), next: more && last ? `${last.created_at}.${last.id}` : null });
};

const ReadBody = v.strictObject({
	ids: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(300))), v.maxLength(100))),
	game: v.optional(v.pipe(v.string(), v.maxLength(64)))
});

/**
 * POST {ids?} | {game} → {unread}: marks those items, or that game's (the game page, issue 12), or
 * without either all of the caller's items read.
 */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const body = await readJson(event.request, ReadBody);
	if (!body.ok) return body.response;
	const { ids, game } = body.value;
	if (ids && game !== undefined) return apiError(400, 'BAD_REQUEST', 'give ids or game, not both');
	const now = Date.now();
	if (game !== undefined) {
		await markGameRead(e, user.id, game);
		return jsonResponse({ unread: await unreadCount(e.DB, user.id) });
	}
	if (ids) {
		if (ids.length === 0) return apiError(400, 'BAD_REQUEST', 'ids: give at least one, or leave it out for all');
		await e.DB.batch(ids.map((id) => e.DB.prepare('UPDATE inbox SET read_at = ?1 WHERE id = ?2 AND user_id = ?3 AND read_at IS NULL').bind(now, id, user.id)));
	} else await e.DB.prepare('UPDATE inbox SET read_at = ?1 WHERE user_id = ?2 AND read_at IS NULL').bind(now, user.id).run();
	await announceUnread(e, user.id);
	return jsonResponse({ unread: await unreadCount(e.DB, user.id) });
};
