/**
 * Issue 33, "the in-app entry as the event": what a game room's flush writes for each notification
 * event it holds, in the same D1 batch as the game row (room/flusher.ts, room/outbox.ts).
 *
 * Before, every event went into `notification_events` (row + id index: 2 rows), the Postman's
 * fan-out put the in-app entry into `inbox` (row + unread index: 2 rows), and the room kicked the
 * postman, which told the user's hub the new unread count (2 Durable Object requests). Now the room
 * decides the in-app channel itself and writes the entry at once; the event row is written only if
 * the recipient may need the postman (a loud channel, or an in-app digest). A player with only the
 * in-app channel costs 2 rows per event (+1 when it is read) and no postman round.
 *
 * What the room decides here is what fan-out decided for in-app (delivery.ts), at flush time:
 * - a "your turn" for a game the recipient has open goes nowhere (issue 12), on any channel: no row;
 * - a stale "your turn" — its seat no longer awaited in the state the room holds, or awaited in a
 *   newer wait than the one the event told of — goes nowhere either: the postman's strict stale test
 *   (delivery.ts `isAwaited`), applied to the room's own state, which is never older than D1's. A
 *   turn stale now stays stale (a later wait is a newer one, with its own event), so neither an
 *   entry nor an email is lost by not writing it;
 * - the entry: only if the recipient exists (a deleted user must not fail the batch on the inbox's
 *   foreign key: INSERT … SELECT … FROM users), and their in-app mode is 'turn' — or anything but
 *   'off' for the urgent kinds (reminder, timeout, dropped: types.ts URGENT_KINDS) — and no in-app
 *   digest row of the same id exists (never both: a mode changed between a first, failed-to-answer
 *   flush and its retry);
 * - the event row: only if the recipient has a verified email, a webhook, a push subscription or
 *   the in-app mode 'digest' — marked `inapp_by_room`, so fan-out leaves the immediate in-app entry
 *   to the room (it still makes the digests and the loud deliveries). Rows from before this change
 *   are unmarked (the column's default): events queued at deploy still get their entry from fan-out.
 * Chat events keep the postman's path whole (their mutes and chat modes are fan-out's): an unmarked
 * event row, as before.
 *
 * Exactly once: the entry's id is `<eventId>:inapp` and its date the event's (deterministic), the
 * inbox is keyed (user, date, id) and both inserts are INSERT OR IGNORE — a retried or repeated
 * flush (a late payload's events, two flushes at once) stores each once and writes 0 rows.
 *
 * What the entry keeps is the event's data (public facts only, types.ts EventData), not words: the
 * room cannot render (the recipient's language is in D1), so the inbox renders an entry when it is
 * read, in the reader's language then (inbox.ts). `authorId` (chat's, for mutes) is left out.
 */
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { D1Payload } from '$lib/protocol/room';
import { DELIVERY_EXISTS } from '$lib/server/db/schema';
import { eventBinds, insertEvent, insertEventSql } from './event-row';
import { URGENT_KINDS, type EventData, type NotifyEvent } from './types';

/** What an in-app entry made from an event stores in `inbox.data` (inbox.ts reads both shapes). */
export interface EntryData {
	event: EventData;
}

export function entryData(e: Pick<NotifyEvent, 'data'>): string {
	const { authorId: _, ...data } = e.data;
	return JSON.stringify({ event: data } satisfies EntryData);
}

/** The recipient exists and wants this kind in-app at once (binds: ?2 user). */
const inappAtOnce = (urgent: boolean) =>
	`COALESCE((SELECT mode FROM notification_prefs WHERE user_id = ?2 AND channel = 'inapp'), 'turn') ${urgent ? "<> 'off'" : "= 'turn'"}`;

/**
 * The room's in-app entry (binds: ?1 entry id, ?2 user, ?3 game, ?4 kind, ?5 data, ?6 created_at);
 * the in-app digest row of the same id is looked up by its key (the user's, issue 33), not by a scan.
 */
const entrySql = (urgent: boolean) =>
	'INSERT OR IGNORE INTO inbox (id, user_id, game_id, kind, data, created_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6 FROM users WHERE id = ?2 AND ' +
	`${inappAtOnce(urgent)} AND NOT ${DELIVERY_EXISTS('?1', '?2', "'inapp'")}`;
const ENTRY_SQL = entrySql(false);
const ENTRY_URGENT_SQL = entrySql(true);

/**
 * Someone other than the room may need the event (binds: ?2 user): a loud channel with an address,
 * or in-app digests. Conservative — the postman still decides every channel's mode and quiet hours.
 */
export const NEEDS_POSTMAN =
	'EXISTS (SELECT 1 FROM users u WHERE u.id = ?2 AND ((u.email IS NOT NULL AND u.email_verified_at IS NOT NULL) OR u.webhook_url IS NOT NULL ' +
	'OR EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = ?2) ' +
	"OR EXISTS (SELECT 1 FROM notification_prefs n WHERE n.user_id = ?2 AND n.channel = 'inapp' AND n.mode = 'digest')))";

/** The event row, marked "in-app written by the room", only if NEEDS_POSTMAN (event-row.ts's binds ?1…?8). */
const MARKED_EVENT_SQL = insertEventSql({ where: NEEDS_POSTMAN });

/**
 * Is a "your turn" still news in the state the room holds (`p`: its D1 rows now)? The seat is
 * awaited in a running game and its current wait began at or before the event — delivery.ts
 * `isAwaited`, the strict test, on the room's state instead of D1's.
 */
export function awaitedIn(p: D1Payload | null): (e: NotifyEvent) => boolean {
	if (!p) return () => true;
	const active = new Set(JSON.parse(p.game.activeSeats) as number[]);
	return (e) => {
		if (p.game.id !== e.gameId || p.game.status !== 'active' || !active.has(e.data.seat)) return false;
		const since = p.seats.find((s) => s.seat === e.data.seat && s.userId === e.userId)?.waitingSince;
		return since != null && since <= e.createdAt;
	};
}

/** The statements of a flush's events, and where the results tell what they stored. */
export interface EventWrites {
	statements: D1PreparedStatement[];
	/** Index in `statements` of an in-app entry → its recipient (whose badge changes if it stored a row). */
	entries: Map<number, string>;
	/** Indices of the event rows (the postman is kicked only if one stored a row). */
	eventRows: number[];
}

/** The statements for the events of one flush; `news` says whether a turn is still news (awaitedIn). */
export function eventWrites(db: D1Database, events: readonly NotifyEvent[], news: (e: NotifyEvent) => boolean): EventWrites {
	const out: EventWrites = { statements: [], entries: new Map(), eventRows: [] };
	for (const e of events) {
		if (e.kind === 'chat') {
			// Chat: the postman's path, whole (mutes, chat modes): the event row as before, unmarked.
			out.eventRows.push(out.statements.length);
			out.statements.push(insertEvent(db, e));
			continue;
		}
		// A turn for someone looking at the game, or no longer (or newly) awaited: nobody is told, on any channel.
		if (e.kind === 'turn' && (e.gameOpen || !news(e))) continue;
		out.entries.set(out.statements.length, e.userId);
		out.statements.push(db.prepare(URGENT_KINDS.has(e.kind) ? ENTRY_URGENT_SQL : ENTRY_SQL).bind(`${e.id}:inapp`, e.userId, e.gameId, e.kind, entryData(e), e.createdAt));
		out.eventRows.push(out.statements.length);
		out.statements.push(db.prepare(MARKED_EVENT_SQL).bind(...eventBinds(e)));
	}
	return out;
}
