/**
 * The outbox to D1. Each change of a game writes, in the same storage transaction as the change,
 * an outbox row holding the complete D1 rows of that version (the `games` row and every `seats`
 * row). A flush writes the newest row with one version-guarded `db.batch` (atomic in D1) and then
 * deletes the rows up to it; a failed flush is retried from the room's alarm with backoff.
 *
 * Issue 33: a flush writes only what changed. D1 bills every row written, and every index entry of
 * a column an UPDATE assigns, changed or not (measured in workerd: `UPDATE t SET b = b` on an
 * indexed b writes 2 rows), so every statement below assigns only columns that may change in it,
 * and a statement whose WHERE finds nothing to change writes nothing:
 * - the game row: per move only its row (version, active seats, each seat's wait, updated_at,
 *   round), no index entry; the indexed columns (status, visibility, invite code, started_at,
 *   finished_at, players) by a second statement only when one changed (the public lists' index is
 *   by start, not by activity: games_public_started_idx);
 * - a seat row only when one of its own lasting columns changed (joined, colour, the result at the
 *   end, timeouts, dropped), and its copy of the game's status (with the game's updated_at then)
 *   only when the status changed. Since when a seat is awaited and its deadline go into the game
 *   row (`waits`), not the seat's: a move that only changes whose turn it is writes no seat row.
 *   A seat's `version` is the game version that last changed it.
 *
 * Why this cannot duplicate or roll back anything, whatever order flushes land in:
 * - the game row is an upsert that only ever raises `games.version`;
 * - every other statement runs only if, after that upsert, `games.version` is exactly this
 *   payload's version (IS_CURRENT) — so a late (older) payload touches nothing, and a retried
 *   payload finds every row already as it says and writes nothing;
 * - seats are keyed (game_id, user_id) and hold no unique seat number, so the start may renumber
 *   them in any order; the seats of players no longer in the payload (who left) are deleted.
 * Column names follow src/lib/server/db/schema.ts (`games`, `seats`).
 *
 * Notification events are incremental, not superseding: every pending event goes into the same
 * batch as the game row and is deleted from the room only after the batch succeeded. What an event
 * writes — its in-app entry, and its event row only if the postman may need it — is
 * notify/room-entry.ts's (issue 33: the in-app entry as the event); both are `INSERT OR IGNORE` by
 * the event's deterministic id, so a retried batch stores each once. An event row takes the next
 * `seq` (notify/event-row.ts: none is ever reused or skipped by the postman's cursor).
 */
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { NotifyEvent } from '$lib/server/notify/types';
import { awaitedIn, eventWrites } from '$lib/server/notify/room-entry';
import { isRated, type D1Payload } from '$lib/protocol/room';

/** Columns that change with moves (or may, and are in no index): no index entry is written for them. */
const MOVE_COLUMNS = ['version', 'active_seats', 'waits', 'updated_at', 'rounds', 'clock', 'options', 'seats_wanted', 'time_limit', 'engine_version', 'seed_commitment', 'creator_id', 'rated', 'origin'] as const;
/** Columns of the indexes (public lists, archive, invite code): assigned only when one of them changed. */
const INDEXED_COLUMNS = ['status', 'visibility', 'invite_code', 'finished_at', 'players', 'started_at'] as const;
/** Issue 35: `tournament_id` is written with the game's first row only (it never changes, and an assigned indexed column costs an index entry). */
const GAME_COLUMNS = ['id', 'game', 'created_at', 'tournament_id', ...MOVE_COLUMNS, ...INDEXED_COLUMNS] as const;
const at = (c: string) => `?${GAME_COLUMNS.indexOf(c as (typeof GAME_COLUMNS)[number]) + 1}`;

const UPSERT_GAME =
	`INSERT INTO games (${GAME_COLUMNS.join(', ')}) VALUES (${GAME_COLUMNS.map((_, i) => `?${i + 1}`).join(', ')}) ` +
	`ON CONFLICT(id) DO UPDATE SET ${MOVE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')} ` +
	`WHERE excluded.version > games.version`;

/** True only when the game row (after the upsert above) holds exactly this payload's version. */
const IS_CURRENT = 'EXISTS (SELECT 1 FROM games WHERE id = ?1 AND version = ?2)';

/** The indexed columns, when one differs (same binds as UPSERT_GAME: ?1 id, ?… by GAME_COLUMNS). */
const UPDATE_INDEXED =
	`UPDATE games SET ${INDEXED_COLUMNS.map((c) => `${c} = ${at(c)}`).join(', ')} ` +
	`WHERE id = ?1 AND version = ${at('version')} AND (${INDEXED_COLUMNS.map((c) => `${c} IS NOT ${at(c)}`).join(' OR ')})`;

/** Seats of players no longer in the game (?3: JSON array of the payload's user ids). */
const DELETE_LEFT_SEATS = `DELETE FROM seats WHERE game_id = ?1 AND user_id NOT IN (SELECT value FROM json_each(?3)) AND ${IS_CURRENT}`;

/** A seat's own lasting columns, written only if one differs (?1 game, ?2 version, ?3 user, then these). */
const SEAT_COLUMNS = ['seat', 'colour', 'score', 'winner', 'place', 'joined_at', 'timeouts', 'dropped'] as const;
const UPSERT_SEAT =
	`INSERT INTO seats (game_id, version, user_id, ${SEAT_COLUMNS.join(', ')}, status, updated_at) ` +
	`SELECT ?1, ?2, ?3, ${SEAT_COLUMNS.map((_, i) => `?${i + 4}`).join(', ')}, ?${SEAT_COLUMNS.length + 4}, ?${SEAT_COLUMNS.length + 5} WHERE ${IS_CURRENT} ` +
	`ON CONFLICT(game_id, user_id) DO UPDATE SET version = excluded.version, ${SEAT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')} ` +
	`WHERE ${SEAT_COLUMNS.map((c) => `seats.${c} IS NOT excluded.${c}`).join(' OR ')}`;

/** The game's status into its seats, with the game's updated_at, when it changed (?3 status, ?4 updated_at). */
const SEATS_STATUS = `UPDATE seats SET status = ?3, updated_at = ?4 WHERE game_id = ?1 AND status IS NOT ?3 AND ${IS_CURRENT}`;

/**
 * `games.waits`: each awaited seat's `[since, deadline]` at its seat number, null for the others,
 * trailing nulls left out (`[]`: nobody awaited) — read with `json_extract(waits, '$[<seat>][0]')`.
 */
export function waitsOf(seats: D1Payload['seats']): string {
	const w: ([number, number | null] | null)[] = [];
	for (const s of seats) if (s.waitingSince != null) w[s.seat] = [s.waitingSince, s.deadline ?? null];
	return JSON.stringify(Array.from(w, (x) => x ?? null));
}

/**
 * The statements of one flush, in order (D1 runs a batch as one transaction): the game's rows, then
 * the events' (notify/room-entry.ts), a turn judged stale against `p` itself (the room's flusher
 * judges it against the state it holds, which is `p` or newer).
 */
export function outboxBatch(db: D1Database, p: D1Payload | null, events: readonly NotifyEvent[] = []): D1PreparedStatement[] {
	return [...gameStatements(db, p), ...eventWrites(db, events, awaitedIn(p)).statements];
}

/** The game's rows of a flush (none without a payload). */
export function gameStatements(db: D1Database, p: D1Payload | null): D1PreparedStatement[] {
	const out: D1PreparedStatement[] = [];
	if (p) {
		const g = p.game;
		const values: Record<(typeof GAME_COLUMNS)[number], unknown> = {
			id: g.id, game: g.game, created_at: g.createdAt, tournament_id: g.tournamentId ?? null, version: g.version, active_seats: g.activeSeats, waits: waitsOf(p.seats), updated_at: g.updatedAt,
			rounds: g.rounds ?? null, clock: g.clock ?? null, started_at: g.startedAt, options: g.options, seats_wanted: g.seatsWanted,
			time_limit: g.timeLimit, engine_version: g.engineVersion, seed_commitment: g.seedCommitment, creator_id: g.creatorId,
			rated: isRated(g) ? 1 : 0, origin: g.origin ?? null, status: g.status, visibility: g.visibility, invite_code: g.inviteCode, finished_at: g.finishedAt,
			players: g.players ?? p.seats.length
		};
		const binds = GAME_COLUMNS.map((c) => values[c]);
		out.push(
			db.prepare(UPSERT_GAME).bind(...binds),
			db.prepare(UPDATE_INDEXED).bind(...binds),
			db.prepare(DELETE_LEFT_SEATS).bind(g.id, g.version, JSON.stringify(p.seats.map((s) => s.userId)))
		);
		for (const s of p.seats)
			out.push(
				db.prepare(UPSERT_SEAT).bind(
					g.id, g.version, s.userId, s.seat, s.colour, s.score, s.winner, s.place ?? null, s.joinedAt,
					s.timeouts ?? 0, s.dropped ?? 0, g.status, g.updatedAt
				)
			);
		if (p.seats.length) out.push(db.prepare(SEATS_STATUS).bind(g.id, g.version, g.status, g.updatedAt));
	}
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
