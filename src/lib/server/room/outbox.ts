/**
 * The outbox to D1. Each change of a game writes, in the same storage transaction as the change,
 * an outbox row holding the complete D1 rows of that version (the `games` row and every `seats`
 * row). A flush writes the newest row with one version-guarded `db.batch` (atomic in D1) and then
 * deletes the rows up to it; a failed flush is retried from the room's alarm with backoff.
 *
 * Why this cannot duplicate or roll back anything, whatever order flushes land in:
 * - the game row is an upsert that only ever raises `games.version`;
 * - the seat statements run only if, after that upsert, `games.version` is exactly this payload's
 *   version — so a late (older) payload touches no seat, and a retried payload rewrites the same
 *   rows with the same values;
 * - seats are keyed (game_id, user_id): first every older seat row of the game goes, then the
 *   current ones are upserted — no duplicate seat, and a player who left is gone. Deleting first
 *   also lets the start renumber seats without hitting unique(game_id, seat).
 * Each seat row also carries the game's status and updated_at (a player's lists read only seats).
 * Column names follow src/lib/server/db/schema.ts (`games`, `seats`).
 *
 * Notification events are incremental, not superseding: every pending event goes into the same
 * batch as the game row (`INSERT OR IGNORE` by its deterministic id, so a retried batch stores
 * each once) and is deleted from the room only after the batch succeeded.
 */
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { NotifyEvent } from '$lib/server/notify/types';
import { isRated, type D1Payload } from '$lib/protocol/room';

const GAME_COLUMNS = [
	'id', 'game', 'status', 'visibility', 'invite_code', 'creator_id', 'options', 'seats_wanted', 'time_limit',
	'engine_version', 'version', 'active_seats', 'seed_commitment', 'clock', 'created_at', 'updated_at', 'started_at', 'finished_at',
	'rounds', 'players', 'rated'
] as const;

const UPSERT_GAME =
	`INSERT INTO games (${GAME_COLUMNS.join(', ')}) VALUES (${GAME_COLUMNS.map((_, i) => `?${i + 1}`).join(', ')}) ` +
	`ON CONFLICT(id) DO UPDATE SET ${GAME_COLUMNS.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`).join(', ')} ` +
	`WHERE excluded.version > games.version`;

/** True only when the game row (after the upsert above) holds exactly this payload's version. */
const IS_CURRENT = 'EXISTS (SELECT 1 FROM games WHERE id = ?1 AND version = ?2)';

const DELETE_OLDER_SEATS = `DELETE FROM seats WHERE game_id = ?1 AND version < ?2 AND ${IS_CURRENT}`;

const UPSERT_SEAT =
	`INSERT INTO seats (game_id, version, user_id, seat, colour, score, winner, joined_at, waiting_since, deadline, timeouts, dropped, status, updated_at, place) ` +
	`SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15 WHERE ${IS_CURRENT} ` +
	`ON CONFLICT(game_id, user_id) DO UPDATE SET seat = excluded.seat, colour = excluded.colour, score = excluded.score, ` +
	`winner = excluded.winner, place = excluded.place, version = excluded.version, joined_at = excluded.joined_at, waiting_since = excluded.waiting_since, ` +
	`deadline = excluded.deadline, timeouts = excluded.timeouts, dropped = excluded.dropped, status = excluded.status, ` +
	`updated_at = excluded.updated_at WHERE excluded.version >= seats.version`;

const INSERT_EVENT =
	'INSERT OR IGNORE INTO notification_events (id, user_id, game_id, kind, version, game_open, data, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)';

/** The statements of one flush, in order (D1 runs a batch as one transaction): the game's rows, then the events. */
export function outboxBatch(db: D1Database, p: D1Payload | null, events: readonly NotifyEvent[] = []): D1PreparedStatement[] {
	const out: D1PreparedStatement[] = [];
	if (p) {
		const g = p.game;
		out.push(
			db.prepare(UPSERT_GAME).bind(
				g.id, g.game, g.status, g.visibility, g.inviteCode, g.creatorId, g.options, g.seatsWanted, g.timeLimit,
				g.engineVersion, g.version, g.activeSeats, g.seedCommitment, g.clock ?? null, g.createdAt, g.updatedAt, g.startedAt, g.finishedAt,
				g.rounds ?? null, g.players ?? p.seats.length, isRated(g) ? 1 : 0
			),
			db.prepare(DELETE_OLDER_SEATS).bind(g.id, g.version)
		);
		for (const s of p.seats)
			out.push(
				db.prepare(UPSERT_SEAT).bind(
					g.id, g.version, s.userId, s.seat, s.colour, s.score, s.winner, s.joinedAt,
					s.waitingSince ?? null, s.deadline ?? null, s.timeouts ?? 0, s.dropped ?? 0, g.status, g.updatedAt, s.place ?? null
				)
			);
	}
	for (const e of events)
		out.push(db.prepare(INSERT_EVENT).bind(e.id, e.userId, e.gameId, e.kind, e.version, e.gameOpen ? 1 : 0, JSON.stringify(e.data), e.createdAt));
	return out;
}

/** Retry delay after `failures` consecutive failed flushes: 1 s, 2 s, 4 s … capped at 5 minutes. */
export function backoffMs(failures: number): number {
	return Math.min(1000 * 2 ** Math.max(0, failures - 1), 5 * 60_000);
}

/**
 * Table talk (issue 15, room/chat.ts): per seated player the game's chat count and their read mark
 * (D1 chat_reads), for the unread counts of "My games". Both only ever rise (MAX), so a late or
 * repeated batch cannot lower them.
 */
export function chatStatements(db: D1Database, gameId: string, marks: { count: number; reads: { userId: string; seq: number }[] } | null): D1PreparedStatement[] {
	if (!marks) return [];
	return marks.reads.map((r) =>
		db
			.prepare(
				'INSERT INTO chat_reads (user_id, game_id, count, read) VALUES (?1, ?2, ?3, ?4) ON CONFLICT(user_id, game_id) DO UPDATE SET count = MAX(count, excluded.count), read = MAX(read, excluded.read)'
			)
			.bind(r.userId, gameId, marks.count, r.seq)
	);
}
