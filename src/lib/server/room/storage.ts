/**
 * The GameRoom's own SQLite storage (one database per game). Only the room reads and writes it;
 * the D1 rows are a copy written through the outbox (outbox.ts).
 *
 * Tables are created by `create()`, and the schema (all CREATE … IF NOT EXISTS) runs again when an
 * existing room loads, so rooms created before a table existed get it. A request for a game id that
 * was never created reads `sqlite_master` and writes nothing, so probing random ids leaves no
 * storage behind.
 */
import type { SqlStorage } from '@cloudflare/workers-types';
import type { NotifyEvent } from '$lib/server/notify/types';
import type { Timers } from './clock';
import type { GameOptions, GameOrigin, GameStatus, LogBatch, QueueState, TimeControl, TimeLimit, TournamentRef, Visibility } from '$lib/protocol/room';

/** Everything about the game but its players, moves and snapshots. `seed` never leaves the room. */
export interface Meta {
	gameId: string;
	/** The game's kind (registry id). Rooms from before kinds stored it as `game` (read below). */
	kind: string;
	status: GameStatus;
	visibility: Visibility;
	inviteCode: string | null;
	creatorId: string;
	options: GameOptions;
	seatsWanted: number;
	timeLimit: TimeLimit;
	/** The time control chosen at creation; absent in games created before clocks: `timeLimit` days per move. */
	clock?: TimeControl;
	version: number;
	/** The version of the start (moves follow it; later versions may also be clock changes without a move). */
	startVersion?: number;
	createdAt: number;
	updatedAt: number;
	startedAt: number | null;
	finishedAt: number | null;
	/** Set at the start (G-0.3). Secret until the game is over, and even then only via the engine view. */
	seed: string | null;
	/** The engine config, the kind's `config(options, players)`; null before the start. */
	config: unknown;
	engineVersion: string;
	seedCommitment: string | null;
	/**
	 * Seat → the version of its newest move (issue 17; "since your last move" in every turn
	 * notification). Kept in the meta row, which every change writes anyway, instead of a
	 * `moves (seat, version)` index, which cost a row written per move. Rooms created before lack it:
	 * they keep that index (`ensureSeatIndex`) and look it up there.
	 */
	lastMoves?: Record<string, number>;
	/** Rated or casual, chosen at creation (protocol/room.ts `isRated`); absent in rooms from before the choice. */
	rated?: boolean;
	/**
	 * Seat → its real decisions so far (engine/kind.ts `passive`; ratings.ts `ratable`): own moves (cause
	 * 'player', standing answers included) that are not passive. Kept in the meta row, which every move
	 * writes anyway, so the count changes in the move's own transaction. Rooms started before lack it:
	 * counted from their log when they load (core.ts).
	 */
	decisions?: Record<string, number>;
	/** Issue 34: the finished game a game played on from a position came from (protocol/room.ts). */
	origin?: GameOrigin;
	/**
	 * Issue 34: the kind's scenario extra of that position, held while the game waits for players; at
	 * the start `config` takes it in (`kind.config(options, seats, position)`) and it is dropped here.
	 * It holds the position's secrets (hands, piles): like the state, it never leaves the room.
	 */
	position?: Record<string, unknown>;
	/** Issue 35: the tournament this game is a table of (protocol/room.ts). */
	tournament?: TournamentRef;
}

export interface Player {
	userId: string;
	username: string;
	seat: number;
	joinedAt: number;
}

export interface MoveRow {
	version: number;
	seat: number;
	userId: string;
	moveId: string;
	/** The move JSON as applied. */
	move: string;
	/** The public log entries it produced, JSON. */
	log: string;
	engineVersion: string;
	at: number;
}

/**
 * What a move's row carries besides the move (issue 33: one row written per move). The meta and the
 * clocks after it — no meta or timers row is rewritten per move; the newest of the rows and the move
 * log is the truth (`RoomStore.head`) — the notification events it caused, which the flush copies to
 * D1 (no pending-events row inserted and deleted per event), and `d1`: the version the D1 copy was
 * known to hold when the move was written (after a restart, the moves after it may not be in D1 yet:
 * their events are sent again, which D1 stores once).
 */
export interface MoveAfter {
	meta: Meta;
	timers: Timers;
	events: NotifyEvent[];
	d1: number;
}

/** The newest meta and clocks (`RoomStore.head`), and the D1 cursor of the newest move. */
export interface Head {
	meta: Meta;
	timers: Timers | null;
	/** The newest move's `d1` (MoveAfter), or null: no move row carries one (no moves, or a room from before). */
	d1: number | null;
	/** The newest move's version (0: none). */
	lastMove: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
	user_id TEXT PRIMARY KEY, username TEXT NOT NULL, seat INTEGER NOT NULL UNIQUE, joined_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS moves (
	version INTEGER PRIMARY KEY, seat INTEGER NOT NULL, user_id TEXT NOT NULL, move_id TEXT NOT NULL,
	move TEXT NOT NULL, log TEXT NOT NULL, engine_version TEXT NOT NULL, at INTEGER NOT NULL,
	meta TEXT, timers TEXT, events TEXT, d1 INTEGER);
CREATE TABLE IF NOT EXISTS snapshots (version INTEGER PRIMARY KEY, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS outbox (version INTEGER PRIMARY KEY, payload TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS timers (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL, version INTEGER);
CREATE TABLE IF NOT EXISTS events (id TEXT PRIMARY KEY, payload TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seen (user_id TEXT PRIMARY KEY, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS standing (seat INTEGER PRIMARY KEY, answer TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS queue (seat INTEGER PRIMARY KEY, steps TEXT NOT NULL, rev INTEGER NOT NULL);
`;

/** Counts up whenever SCHEMA or init()'s changes of older rooms change. */
const SCHEMA_VERSION = 33;

/** Snapshot the state every N versions (a cache; the log stays the truth, conventions §6). */
export const SNAPSHOT_EVERY = 20;

/** A seat's plan-ahead queue: steps (each an ordered list of alternative moves) and its revision. */
export type SeatQueue = QueueState;

export class RoomStore {
	constructor(private readonly sql: SqlStorage) {}

	exists(): boolean {
		return this.sql.exec("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'meta'").toArray().length > 0
			&& this.sql.exec('SELECT 1 AS x FROM meta WHERE id = 1').toArray().length > 0;
	}

	init(): void {
		// Once per room and schema: a cold load reads one counter, not the schema (issue 33).
		if (this.sql.exec("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'counters'").toArray().length && this.counter('schema') >= SCHEMA_VERSION) return;
		this.sql.exec(SCHEMA);
		// Rooms created before issue 33: their move rows gain the columns (NULL in the rows before),
		// their timers row its version. Their `move_id UNIQUE` index stays (it only costs them).
		const cols = (t: string) => new Set(this.sql.exec<{ name: string }>(`SELECT name FROM pragma_table_info('${t}')`).toArray().map((r) => r.name));
		const moves = cols('moves');
		for (const c of ['meta TEXT', 'timers TEXT', 'events TEXT', 'd1 INTEGER']) if (!moves.has(c.split(' ')[0])) this.sql.exec(`ALTER TABLE moves ADD COLUMN ${c}`);
		if (!cols('timers').has('version')) this.sql.exec('ALTER TABLE timers ADD COLUMN version INTEGER');
		this.setCounter('schema', SCHEMA_VERSION);
	}

	/**
	 * The newest meta and clocks: the meta and timers rows, unless a later move's row carries newer
	 * ones (issue 33). A timers row written at the newest move's version (a reminder's mark, after the
	 * move) is newer than that move's.
	 */
	head(): Head {
		let meta = this.meta();
		const t = this.sql.exec<{ data: string; version: number | null }>('SELECT data, version FROM timers WHERE id = 1').toArray()[0];
		let timers = t ? (JSON.parse(t.data) as Timers) : null;
		const last = this.sql
			.exec<{ version: number; meta: string | null; timers: string | null; d1: number | null }>('SELECT version, meta, timers, d1 FROM moves ORDER BY version DESC LIMIT 1')
			.toArray()[0];
		if (last?.meta && last.version > meta.version) meta = JSON.parse(last.meta) as Meta;
		if (last?.timers && (!t || t.version === null || last.version > t.version)) timers = JSON.parse(last.timers) as Timers;
		return { meta, timers, d1: last?.d1 ?? null, lastMove: last?.version ?? 0 };
	}

	/**
	 * A room without `Meta.lastMoves` (created before issue 17) finds a seat's newest move through
	 * this index (issue 16: else a scan of the whole log for every notification event).
	 */
	ensureSeatIndex(): void {
		this.sql.exec('CREATE INDEX IF NOT EXISTS moves_seat ON moves (seat, version)');
	}

	meta(): Meta {
		const row = this.sql.exec<{ data: string }>('SELECT data FROM meta WHERE id = 1').one();
		const meta = JSON.parse(row.data) as Meta & { game?: string };
		// Rooms created before kinds (issue 11) stored `game: 'giants'`; the name changed, not the value.
		if (meta.kind === undefined && typeof meta.game === 'string') meta.kind = meta.game;
		delete meta.game;
		return meta;
	}

	saveMeta(meta: Meta): void {
		this.sql.exec('INSERT INTO meta (id, data) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data', JSON.stringify(meta));
	}

	players(): Player[] {
		return this.sql
			.exec<{ user_id: string; username: string; seat: number; joined_at: number }>(
				'SELECT user_id, username, seat, joined_at FROM players ORDER BY seat'
			)
			.toArray()
			.map((r) => ({ userId: r.user_id, username: r.username, seat: r.seat, joinedAt: r.joined_at }));
	}

	/** Replaces the whole player list (lobby changes and the start's reseating are rare and small). */
	savePlayers(players: Player[]): void {
		this.sql.exec('DELETE FROM players');
		for (const p of players)
			this.sql.exec('INSERT INTO players (user_id, username, seat, joined_at) VALUES (?, ?, ?, ?)', p.userId, p.username, p.seat, p.joinedAt);
	}

	moves(): MoveRow[] {
		return this.sql
			.exec<Record<string, string | number>>('SELECT version, seat, user_id, move_id, move, log, engine_version, at FROM moves ORDER BY version')
			.toArray()
			.map(toMoveRow);
	}

	/** The moves after `version`, oldest first (the replay after a snapshot). */
	movesAfter(version: number): MoveRow[] {
		return this.sql
			.exec<Record<string, string | number>>('SELECT version, seat, user_id, move_id, move, log, engine_version, at FROM moves WHERE version > ? ORDER BY version', version)
			.toArray()
			.map(toMoveRow);
	}

	/**
	 * The move with this id. `at`: the version it would have if it was played (a retry's
	 * expectedVersion + 1): one row read by the key. Without it the log is scanned — rows read, not
	 * written (issue 33: no `move_id` index, which cost a row written per move).
	 */
	moveById(moveId: string, at?: number): MoveRow | null {
		const q = 'SELECT version, seat, user_id, move_id, move, log, engine_version, at FROM moves';
		const rows = (at === undefined ? this.sql.exec<Record<string, string | number>>(`${q} WHERE move_id = ?`, moveId) : this.sql.exec<Record<string, string | number>>(`${q} WHERE version = ? AND move_id = ?`, at, moveId)).toArray();
		return rows.length ? toMoveRow(rows[0]) : null;
	}

	/** The move's one row, with what it changed (MoveAfter); `after` null: a move without (tests). */
	appendMove(m: MoveRow, after: MoveAfter | null = null): void {
		this.sql.exec(
			'INSERT INTO moves (version, seat, user_id, move_id, move, log, engine_version, at, meta, timers, events, d1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
			m.version, m.seat, m.userId, m.moveId, m.move, m.log, m.engineVersion, m.at,
			after ? JSON.stringify(after.meta) : null,
			after ? JSON.stringify(after.timers) : null,
			after && after.events.length ? JSON.stringify(after.events) : null,
			after ? after.d1 : null
		);
	}

	/** The notification events carried by the moves after `version` (the flush sends them to D1). */
	moveEventsAfter(version: number, limit: number): { version: number; events: NotifyEvent[] }[] {
		return this.sql
			.exec<{ version: number; events: string }>('SELECT version, events FROM moves WHERE version > ? AND events IS NOT NULL ORDER BY version LIMIT ?', version, limit)
			.toArray()
			.map((r) => ({ version: r.version, events: JSON.parse(r.events) as NotifyEvent[] }));
	}

	latestSnapshot(): { version: number; state: unknown } | null {
		const rows = this.sql.exec<{ version: number; state: string }>('SELECT version, state FROM snapshots ORDER BY version DESC LIMIT 1').toArray();
		return rows.length ? { version: rows[0].version, state: JSON.parse(rows[0].state) as unknown } : null;
	}

	saveSnapshot(version: number, state: unknown): void {
		this.sql.exec('INSERT OR REPLACE INTO snapshots (version, state) VALUES (?, ?)', version, JSON.stringify(state));
	}

	/**
	 * A lobby or clock change's version is owed to D1 (issue 33: the flush writes the game's rows as the
	 * room holds them, flusher.ts; the `payload` column, from rooms before, stays empty). The newest
	 * pending row is overwritten in place: one row written per change; the flush deletes only versions
	 * up to the one it wrote.
	 */
	addOutbox(version: number): void {
		const payload = '';
		const updated = this.sql
			.exec('UPDATE outbox SET version = ?, payload = ? WHERE version = (SELECT MAX(version) FROM outbox) AND version < ? RETURNING version', version, payload, version)
			.toArray();
		if (updated.length === 0) this.sql.exec('INSERT OR REPLACE INTO outbox (version, payload) VALUES (?, ?)', version, payload);
	}

	outboxSize(): number {
		return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM outbox').one().n;
	}

	clearOutbox(upTo: number): void {
		this.sql.exec('DELETE FROM outbox WHERE version <= ?', upTo);
	}

	/** The clocks as of `version` (the game's version when they changed: head() orders them against moves). */
	saveTimers(t: Timers, version: number): void {
		this.sql.exec('INSERT INTO timers (id, data, version) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, version = excluded.version', JSON.stringify(t), version);
	}

	/** Notification events wait here until a flush has written them to D1 (unlike outbox rows, each one counts). */
	addEvent(e: NotifyEvent): void {
		this.sql.exec('INSERT OR IGNORE INTO events (id, payload) VALUES (?, ?)', e.id, JSON.stringify(e));
	}

	pendingEvents(limit: number): NotifyEvent[] {
		return this.sql
			.exec<{ payload: string }>('SELECT payload FROM events ORDER BY rowid LIMIT ?', limit)
			.toArray()
			.map((r) => JSON.parse(r.payload) as NotifyEvent);
	}

	eventsSize(): number {
		return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM events').one().n;
	}

	deleteEvents(ids: string[]): void {
		for (const id of ids) this.sql.exec('DELETE FROM events WHERE id = ?', id);
	}

	/**
	 * The public log of the moves after the seat's own last move, up to `upTo`, oldest first: the
	 * newest `cap` of them, and whether older ones were left out. `last`: the version of that move
	 * (0: none) when the room keeps it (`Meta.lastMoves`); else it is looked up in the log.
	 */
	logSince(seat: number, upTo: number, cap: number, last?: number): { entries: LogBatch[]; more: boolean } {
		const rows = (
			last !== undefined
				? this.sql.exec<{ version: number; log: string }>('SELECT version, log FROM moves WHERE version <= ? AND version > ? ORDER BY version DESC LIMIT ?', upTo, last, cap + 1)
				: this.sql.exec<{ version: number; log: string }>(
						`SELECT version, log FROM moves WHERE version <= ? AND version > COALESCE((SELECT MAX(version) FROM moves WHERE seat = ? AND version <= ?), 0)
						 ORDER BY version DESC LIMIT ?`,
						upTo, seat, upTo, cap + 1
					)
		).toArray();
		const more = rows.length > cap;
		const entries = rows.slice(0, cap).reverse().map((r) => ({ version: r.version, log: JSON.parse(r.log) as unknown[] }));
		return { entries, more };
	}

	counter(name: string): number {
		const rows = this.sql.exec<{ value: number }>('SELECT value FROM counters WHERE name = ?', name).toArray();
		return rows.length ? rows[0].value : 0;
	}

	setCounter(name: string, value: number): void {
		this.sql.exec('INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value', name, value);
	}

	/** The version the user last looked at (issue 12, "since your last visit"); null: never. */
	seen(userId: string): number | null {
		const r = this.sql.exec<{ version: number }>('SELECT version FROM seen WHERE user_id = ?', userId).toArray()[0];
		return r ? r.version : null;
	}

	/** A seat's standing answer (engine/kind.ts `Standing`); null: none. Private to the seat. */
	standing(seat: number): string | null {
		const r = this.sql.exec<{ answer: string }>('SELECT answer FROM standing WHERE seat = ?', seat).toArray()[0];
		return r ? r.answer : null;
	}

	setStanding(seat: number, answer: string | null): void {
		if (answer === null) this.sql.exec('DELETE FROM standing WHERE seat = ?', seat);
		else this.sql.exec('INSERT INTO standing (seat, answer) VALUES (?, ?) ON CONFLICT(seat) DO UPDATE SET answer = excluded.answer', seat, answer);
	}

	/**
	 * A seat's plan-ahead queue (engine/kind.ts `Queueing`, issue 32): its steps and revision (every
	 * change — set, a step played, dropped — counts one up, so a late retry of an older change is
	 * recognised). Private to the seat.
	 */
	queue(seat: number): SeatQueue {
		const r = this.sql.exec<{ steps: string; rev: number }>('SELECT steps, rev FROM queue WHERE seat = ?', seat).toArray()[0];
		return r ? { steps: JSON.parse(r.steps) as object[][], rev: r.rev } : { steps: [], rev: 0 };
	}

	/** The newest move's seat and id, or null before the first move. */
	lastMove(): { seat: number; moveId: string } | null {
		const r = this.sql.exec<{ seat: number; move_id: string }>('SELECT seat, move_id FROM moves ORDER BY version DESC LIMIT 1').toArray()[0];
		return r ? { seat: r.seat, moveId: r.move_id } : null;
	}

	/** Seats with a non-empty queue (one read, for every change). */
	queuedSeats(): Set<number> {
		return new Set(this.sql.exec<{ seat: number }>("SELECT seat FROM queue WHERE steps <> '[]'").toArray().map((r) => r.seat));
	}

	setQueue(seat: number, steps: object[][], rev: number): void {
		this.sql.exec(
			'INSERT INTO queue (seat, steps, rev) VALUES (?, ?, ?) ON CONFLICT(seat) DO UPDATE SET steps = excluded.steps, rev = excluded.rev',
			seat,
			JSON.stringify(steps),
			rev
		);
	}

	/** The game ended: every queue is cleared (kept revisions, so a late retry is still recognised). */
	clearQueues(): void {
		this.sql.exec("UPDATE queue SET steps = '[]', rev = rev + 1 WHERE steps <> '[]'");
	}

	/** The user looked at `version`; only ever forward. */
	setSeen(userId: string, version: number): void {
		this.sql.exec(
			'INSERT INTO seen (user_id, version) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET version = excluded.version WHERE excluded.version > seen.version',
			userId,
			version
		);
	}
}

function toMoveRow(r: Record<string, string | number>): MoveRow {
	return {
		version: r.version as number,
		seat: r.seat as number,
		userId: r.user_id as string,
		moveId: r.move_id as string,
		move: r.move as string,
		log: r.log as string,
		engineVersion: r.engine_version as string,
		at: r.at as number
	};
}

