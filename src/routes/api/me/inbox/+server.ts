import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { announceUnread, markGameRead, unreadCount } from '$lib/server/notify/inapp';
import { inboxPage } from '$lib/server/notify/inbox';
import { apiError, jsonResponse, readJson } from '$lib/server/http';
import { signedIn } from '$lib/server/games';

export type { InboxItem } from '$lib/server/notify/inbox';

/** A page cursor: the (created_at, id) of the last entry of the page before, `<ms>.<id>`. */
const CURSOR = /^(\d{1,15})\.([A-Za-z0-9:_-]{1,300})$/;

/**
 * GET [?before=<cursor>] → {items: InboxItem[] (newest first), unread, next}: the caller's own inbox
 * only, 50 entries a page, a game's entries on the page as one row (issue 32,
 * src/lib/server/notify/inbox.ts); `next` is the cursor of the following (older) page, null on the
 * last (issue 12: the inbox pages through everything, not only the newest 50).
 */
export const GET: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	const before = event.url.searchParams.get('before');
	const c = before === null ? null : CURSOR.exec(before);
	if (before !== null && !c) return apiError(400, 'BAD_REQUEST', 'before: a cursor from next');
	// The entries are rendered now, in the reader's language, with links on this origin (issue 33).
	const { items, next } = await inboxPage(e.DB, user.id, c ? { at: Number(c[1]), id: c[2] } : null, event.url.origin);
	return jsonResponse({ items, unread: await unreadCount(e.DB, user.id), next });
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
