/**
 * The one way a notification event enters D1 (issue 33), used by the rooms' flushes (room/outbox.ts)
 * and the invitations (people/people.ts): INSERT OR IGNORE by the event's deterministic id, so the
 * same event written twice is one row, with the next `seq` — one above the highest seq and every
 * row of `postman_cursor`. SQLite's own rowid would take one above the highest only, and so would
 * reuse the seq of the newest rows once they are deleted (an account deleted, people/leave.ts) —
 * below a cursor already past them, where fan-out (delivery.ts) would never see the new event.
 * D1's cursor (row 1) is not enough since the Postman keeps its cursor in memory and writes D1's
 * lazily (issue 33, notify/cursor.ts): whoever deletes events first records the highest seq it
 * deletes as a floor (row 2, `deleteEventsOf`), in the same batch.
 * Binds: ?1 id, ?2 user_id, ?3 game_id, ?4 kind, ?5 version, ?6 game_open (0/1), ?7 data (JSON), ?8 created_at.
 */
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { NotifyEvent } from './types';

/**
 * The insert; `byRoom`: the row is marked `inapp_by_room` (the room wrote its in-app entry,
 * room-entry.ts) and stored only where the SQL condition `byRoom.where` holds (same binds).
 */
export function insertEventSql(byRoom?: { where: string }): string {
	return (
		`INSERT OR IGNORE INTO notification_events (seq, id, user_id, game_id, kind, version, game_open, data, created_at${byRoom ? ', inapp_by_room' : ''}) ` +
		'SELECT MAX(COALESCE((SELECT MAX(seq) FROM notification_events), 0), COALESCE((SELECT MAX(seq) FROM postman_cursor), 0)) + 1, ' +
		`?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8${byRoom ? `, 1 WHERE ${byRoom.where}` : ''}`
	);
}
export const INSERT_EVENT_SQL = insertEventSql();

/** The insert's binds ?1…?8 for an event. */
export const eventBinds = (e: NotifyEvent) => [e.id, e.userId, e.gameId, e.kind, e.version, e.gameOpen ? 1 : 0, JSON.stringify(e.data), e.createdAt] as const;

export function insertEvent(db: D1Database, e: NotifyEvent): D1PreparedStatement {
	return db.prepare(INSERT_EVENT_SQL).bind(...eventBinds(e));
}

/**
 * A user's events deleted (people/leave.ts), after raising the floor for new seqs (row 2 of
 * `postman_cursor`) to the highest of them: a new event never takes a deleted one's seq, which a
 * Postman's cursor in memory may already have passed. One row written per deletion, none per move.
 */
export function deleteEventsOf(db: D1Database, userId: string): D1PreparedStatement[] {
	return [
		db
			.prepare(
				'INSERT INTO postman_cursor (id, seq) SELECT 2, top FROM (SELECT MAX(seq) AS top FROM notification_events WHERE user_id = ?1) WHERE top IS NOT NULL ' +
					'ON CONFLICT(id) DO UPDATE SET seq = MAX(seq, excluded.seq)'
			)
			.bind(userId),
		db.prepare('DELETE FROM notification_events WHERE user_id = ?1').bind(userId)
	];
}
