/**
 * The in-app channel: a row in the user's inbox (D1), then the new unread count to the user's hub,
 * which shows it live on every open page. The row's id is the delivery's id, so a retried delivery
 * cannot add a second row. A game room's flush writes its events' entries itself (issue 33,
 * room-entry.ts), fan-out the other entries due at once (delivery.ts); the sender below delivers
 * the in-app digests.
 */
import type { ChannelSender, Message, NotifyEvent } from './types';
import { DELIVERY_EXISTS } from '$lib/server/db/schema';
import { entryData } from './room-entry';

/** No in-app digest row of the same id (?1) for the user (?2): looked up by the key (issue 33). */
const UNLESS_DIGEST = ` WHERE NOT ${DELIVERY_EXISTS('?1', '?2', "'inapp'")}`;

export function unreadCount(db: Env['DB'], userId: string) {
	return db
		.prepare('SELECT COUNT(*) AS n FROM inbox WHERE user_id = ?1 AND read_at IS NULL')
		.bind(userId)
		.first<{ n: number }>()
		.then((r) => r?.n ?? 0);
}

/** Tells the user's open pages their unread count; a failure only delays the badge to the next load. */
export async function announceUnread(env: Env, userId: string): Promise<void> {
	try {
		const n = await unreadCount(env.DB, userId);
		await env.USER_HUB.get(env.USER_HUB.idFromName(userId)).notify(n);
	} catch {
		/* the badge catches up on the next page load */
	}
}

/**
 * The user looked at or moved in the game (issue 12): its inbox entries are read. Tells the hub only
 * if something changed. Never throws: the badge is news, not state.
 */
export async function markGameRead(env: Env, userId: string, gameId: string): Promise<number> {
	try {
		const r = await env.DB.prepare('UPDATE inbox SET read_at = ?1 WHERE user_id = ?2 AND game_id = ?3 AND read_at IS NULL')
			.bind(Date.now(), userId, gameId)
			.run();
		const n = r.meta.changes ?? 0;
		if (n > 0) await announceUnread(env, userId);
		return n;
	} catch (e) {
		console.error(`inbox: could not mark a game's entries read: ${(e as Error).message}`);
		return 0;
	}
}

/**
 * The statement that puts a message into a user's inbox; `id` is the delivery's id, so a second
 * try adds nothing. Fan-out runs it for messages due at once (in its batch), the sender for digests.
 * `unlessDigest` (fan-out's): not if the event waits for an in-app digest instead (a `notifications`
 * row of the same id) — the user changed the mode between two reads of the event (delivery.ts).
 */
export function inboxInsert(db: Env['DB'], id: string, userId: string, gameId: string | null, kind: string, msg: Message, at: number, unlessDigest = false) {
	return db
		.prepare(
			'INSERT OR IGNORE INTO inbox (id, user_id, game_id, kind, data, created_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6' +
				(unlessDigest ? UNLESS_DIGEST : '')
		)
		.bind(id, userId, gameId, kind, JSON.stringify({ subject: msg.subject, text: msg.text, url: msg.url }), at);
}

/**
 * An in-app entry made from one event (fan-out's: chat, invitations, events from before issue 33),
 * holding the event's data to be rendered when read (room-entry.ts `entryData`, inbox.ts), dated by
 * the event — the same id, date and shape as the room's own entries. `unlessDigest` as for
 * `inboxInsert` above (fan-out's: never an entry and an in-app digest row both).
 */
export function inboxEntryInsert(db: Env['DB'], id: string, e: NotifyEvent, unlessDigest = false) {
	return db
		.prepare(
			'INSERT OR IGNORE INTO inbox (id, user_id, game_id, kind, data, created_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6' +
				(unlessDigest ? UNLESS_DIGEST : '')
		)
		.bind(id, e.userId, e.gameId, e.kind, entryData(e), e.createdAt);
}

export function inappSender(env: Env): ChannelSender {
	return {
		async send(to, msg, ctx) {
			await inboxInsert(env.DB, ctx.notificationId, to.id, ctx.event?.gameId ?? null, ctx.event?.kind ?? 'digest', msg, Date.now()).run();
			await announceUnread(env, to.id);
		}
	};
}
