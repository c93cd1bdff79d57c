/**
 * A deleted account in one game (issue 15, "leave the site"): what the room holds about the user
 * (their data export) and how the room forgets them — the GameRoom RPCs `personalData` and
 * `forgetUser` delegate to RoomForget below.
 *
 * Forgetting, by the game's status:
 * - waiting: the user leaves (lobby.ts leaveGame: the creator's right to start passes to the
 *   longest-waiting player; the last one out closes the game);
 * - active: the seat is dropped to the bot at once, as after three timeouts (clock.ts DROP_AFTER),
 *   and nobody can take it back (its user id names nobody); the other players get `player_deleted`;
 * - finished: the history stays as it was.
 * In every case the user's id — players, meta.creatorId, moves, the clocks' vacations, the seen
 * version, pending notification events, superseded outbox rows — is replaced by a tombstone id
 * (`deleted-<random>`, new per game: it cannot be traced back, nor link two games) and the username by
 * the marker DELETED_PLAYER. The room's changes are synchronous (no await between them), so the
 * Durable Object commits them together; a repeated call finds nothing of the user and only flushes.
 * Table talk names a seat, not a user: the seat's messages lose their text (chat.ts `forgetSeat`),
 * and the export takes them from chat.ts `by`.
 */
import type { SqlStorage } from '@cloudflare/workers-types';
import type { ChatMessage } from '$lib/protocol/chat';
import { DELETED_PLAYER, TOMBSTONE_PREFIX } from '$lib/protocol/people';
import type { RoomResult } from '$lib/protocol/room';
import type { NotifyEvent } from '$lib/server/notify/types';
import type { Timers } from './clock';
import type { RoomCore } from './core';
import { makeEvent } from './events';
import { leaveGame, refuse, type Next } from './lobby';
import type { Player, RoomStore } from './storage';

/** A fresh tombstone id: 24 random bytes, hex (fits the rooms' user-id pattern). */
export function tombstoneId(): string {
	const b = crypto.getRandomValues(new Uint8Array(24));
	return TOMBSTONE_PREFIX + Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** What the room holds about one user (beyond the game's public facts): for their data export. */
export interface RoomPersonalData {
	seat?: number;
	joinedAt?: number;
	/** Moves made by the user themselves (timeouts and the bot excluded), with version and time. */
	moves?: { version: number; at: number }[];
	/** The version they last looked at ("since your last visit"). */
	seenVersion?: number | null;
	/** Their standing answer (engine/kind.ts `Standing`), if any. */
	standing?: string | null;
	/** Their vacation windows as this game's clocks know them. */
	vacations?: { from: number; until: number }[];
	/** The table talk they wrote here (room/chat.ts `by`), deleted messages left out. */
	chat?: ChatMessage[];
}

export function personalRows(sql: SqlStorage, player: Player | undefined, userId: string, timers: Timers): RoomPersonalData {
	if (!player) return {};
	const moves = sql
		.exec<{ version: number; at: number }>("SELECT version, at FROM moves WHERE user_id = ? AND move_id NOT LIKE 'timeout:%' AND move_id NOT LIKE 'bot:%' ORDER BY version", userId)
		.toArray()
		.map((r) => ({ version: r.version, at: r.at }));
	const seen = sql.exec<{ version: number }>('SELECT version FROM seen WHERE user_id = ?', userId).toArray()[0];
	const standing = sql.exec<{ answer: string }>('SELECT answer FROM standing WHERE seat = ?', player.seat).toArray()[0];
	return {
		seat: player.seat,
		joinedAt: player.joinedAt,
		moves,
		seenVersion: seen ? seen.version : null,
		standing: standing ? standing.answer : null,
		vacations: (timers.vacations[userId] ?? []).map((w) => ({ from: w.from, until: w.until }))
	};
}

/** The players with the user's seat renamed to the tombstone and the marker. */
export function forgetInPlayers(players: readonly Player[], userId: string, tomb: string): Player[] {
	return players.map((p) => (p.userId === userId ? { ...p, userId: tomb, username: DELETED_PLAYER } : p));
}

/** The clocks without the user's vacations and, if `dropSeat` is set, with that seat played by the bot from now on. */
export function forgetInTimers(t: Timers, userId: string, dropSeat: number | null): Timers {
	const vacations = { ...t.vacations };
	delete vacations[userId];
	const seats = t.seats.map((s) =>
		s.seat === dropSeat ? { ...s, dropped: true, waitingSince: null, allowance: null, reminded: [], timedOutFor: null } : s
	);
	return { seats, vacations };
}

/**
 * The user's traces in the room's own tables: moves get the tombstone, the seen version and (for
 * `seat`) the standing answer go, pending notification events to the user go and the others' name
 * the marker instead of `username`. Outbox rows older than `keepFrom` (superseded by the newer
 * one the caller commits, each carrying the full rows) go too.
 */
export function scrubStorage(sql: SqlStorage, userId: string, username: string | null, tomb: string, seat: number | null): void {
	sql.exec('UPDATE moves SET user_id = ? WHERE user_id = ?', tomb, userId);
	sql.exec('DELETE FROM seen WHERE user_id = ?', userId);
	if (seat !== null) sql.exec('DELETE FROM standing WHERE seat = ?', seat);
	// What a move's row carries (issue 33): its meta and clocks name the user (creator, vacations) and are
	// superseded by the meta and timers rows this change writes; its events are scrubbed like the others below.
	sql.exec('UPDATE moves SET meta = NULL, timers = NULL WHERE meta IS NOT NULL OR timers IS NOT NULL');
	for (const row of sql.exec<{ version: number; events: string }>('SELECT version, events FROM moves WHERE events IS NOT NULL').toArray()) {
		const events = (JSON.parse(row.events) as NotifyEvent[]).filter((e) => e.userId !== userId);
		for (const e of events) if (username !== null && e.data?.names?.includes(username)) e.data.names = e.data.names.map((n) => (n === username ? DELETED_PLAYER : n));
		sql.exec('UPDATE moves SET events = ? WHERE version = ?', events.length ? JSON.stringify(events) : null, row.version);
	}
	for (const row of sql.exec<{ id: string; payload: string }>('SELECT id, payload FROM events').toArray()) {
		const e = JSON.parse(row.payload) as NotifyEvent;
		if (e.userId === userId) {
			sql.exec('DELETE FROM events WHERE id = ?', row.id);
			continue;
		}
		if (username !== null && e.data?.names?.includes(username)) {
			e.data.names = e.data.names.map((n) => (n === username ? DELETED_PLAYER : n));
			sql.exec('UPDATE events SET payload = ? WHERE id = ?', JSON.stringify(e), row.id);
		}
	}
}

/** Outbox rows before `version`: superseded (each row carries the complete D1 rows), and they name the user. */
export function pruneOutbox(sql: SqlStorage, version: number): void {
	sql.exec('DELETE FROM outbox WHERE version < ?', version);
}

/** Whether anything in the room still names the user (a repeated call then has nothing to do). */
export function namesUser(sql: SqlStorage, players: readonly Player[], creatorId: string, userId: string): boolean {
	if (creatorId === userId || players.some((p) => p.userId === userId)) return true;
	const n = (q: string) => sql.exec<{ n: number }>(q, userId).one().n;
	return n('SELECT COUNT(*) AS n FROM moves WHERE user_id = ?') > 0 || n('SELECT COUNT(*) AS n FROM seen WHERE user_id = ?') > 0;
}

/** What the room lends the forgetting (GameRoom wires it): the held game and its collaborators. */
export interface ForgetHost {
	readonly core: RoomCore;
	readonly store: RoomStore;
	readonly sql: SqlStorage;
	now(): number;
	/** Table talk (chat.ts): the user's messages, and a seat's words forgotten. */
	readonly chat: { by(userId: string): ChatMessage[]; forgetSeat(seat: number): void };
	/** Standing answers and the bot (autoplay.ts), for a seat dropped to it. */
	runBots(): void;
	flush(): Promise<void>;
	pendingFlush(): boolean;
}

/** The GameRoom RPCs `personalData` and `forgetUser`. */
export class RoomForget {
	constructor(private readonly room: ForgetHost) {}

	/** What this room holds about the user, for their data export ({} if they have no seat here). */
	personalData(userId: string): RoomPersonalData {
		const { core } = this.room;
		if (typeof userId !== 'string' || core.load() || !core.meta) return {};
		const me = core.playerOf(userId);
		const rows = personalRows(this.room.sql, me, userId, core.timers);
		return me && core.meta.status !== 'waiting' ? { ...rows, chat: this.room.chat.by(userId) } : rows;
	}

	/**
	 * The user's account is being deleted: the room forgets them (top of the file: how, by status) and
	 * writes the result to D1. Idempotent: a repeated call finds nothing of the user and only flushes.
	 * `pending`: D1 has not got everything yet (the room retries from its alarm; call again).
	 */
	async forgetUser(userId: string): Promise<RoomResult<{ forgotten: boolean; pending: boolean }>> {
		if (typeof userId !== 'string' || userId.length === 0) return refuse(400, 'BAD_REQUEST', 'bad user id');
		const { core, store, sql } = this.room;
		const bad = core.load();
		if (bad) return bad;
		const m = core.meta;
		if (!m) return { ok: true, forgotten: false, pending: false };
		const players = core.players;
		if (!namesUser(sql, players, m.creatorId, userId)) {
			await this.room.flush();
			return { ok: true, forgotten: false, pending: this.room.pendingFlush() };
		}
		const now = this.room.now();
		const tomb = tombstoneId();
		const me = core.playerOf(userId);
		// Everything from here to the commit is synchronous: the storage writes land together.
		let next: Next;
		let dropSeat: number | null = null;
		if (m.status === 'waiting' && me) {
			const left = leaveGame(m, players, { id: userId, username: me.username }, now);
			if ('ok' in left) return left;
			next = left;
		} else {
			dropSeat = m.status === 'active' && me ? me.seat : null;
			// A finished game keeps its place in everybody's lists: no new updatedAt.
			const updatedAt = m.status === 'active' ? now : m.updatedAt;
			next = { meta: { ...m, version: m.version + 1, updatedAt }, players: forgetInPlayers(players, userId, tomb), state: core.state, log: [] };
		}
		if (next.meta.creatorId === userId) next.meta = { ...next.meta, creatorId: tomb };
		const timers = forgetInTimers(core.timers, userId, dropSeat);
		scrubStorage(sql, userId, me?.username ?? null, tomb, me && m.status !== 'waiting' ? me.seat : null);
		if (me && m.status !== 'waiting') this.room.chat.forgetSeat(me.seat);
		if (dropSeat !== null && core.kind && next.state) {
			// The others hear of it (notify/types.ts `player_deleted`), in the version that drops the seat.
			const ctx = core.eventContextOf({ kind: core.kind, meta: next.meta, players: next.players, state: next.state, timers }, now);
			for (const p of next.players)
				if (p.seat !== dropSeat) {
					const e = makeEvent(ctx, 'player_deleted', p.seat, { deletedSeat: dropSeat });
					if (e) store.addEvent(e);
				}
		}
		const committed = core.commit(next, null, { timers });
		pruneOutbox(sql, next.meta.version);
		if (dropSeat !== null) this.room.runBots();
		await committed;
		await this.room.flush();
		return { ok: true, forgotten: true, pending: this.room.pendingFlush() };
	}
}
