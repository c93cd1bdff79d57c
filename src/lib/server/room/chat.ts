/**
 * Table talk (issue 15): a game's chat, stored in its room's own SQLite storage (the room is its
 * single writer, like the moves) and kept with the game after it ends. docs/chat.md has the rules;
 * in short:
 * - seated players write, from the start on (in the lobby seats are not final: the start reseats);
 *   whoever may see the game reads (access.ts); spectators never write;
 * - plain text, trimmed, 1–500 code points, no control character but a newline;
 * - a token bucket per seat: a burst of CHAT_BURST, then one every CHAT_REFILL_MS;
 * - a message names its author by seat only, so replacing a deleted account's seat anonymises it;
 * - its author may delete it within CHAT_DELETE_MS: the text is gone from storage;
 * - each seat's read mark and the chat's count go to D1 (chat_reads) through the flusher, as
 *   monotonic upserts in the same batch as the outbox row (outbox.ts chatStatements).
 */
import type { D1Database, SqlStorage } from '@cloudflare/workers-types';
import { CHAT_DELETE_MS, CHAT_MAX, CHAT_PAGE, type ChatMessage, type ChatPage } from '$lib/protocol/chat';
import type { RoomResult } from '$lib/protocol/room';
import { isPerson } from '$lib/protocol/people';
import type { NotifyEvent } from '$lib/server/notify/types';
import { refuse } from './lobby';
import type { Meta, Player } from './storage';

/** A burst of this many messages… */
export const CHAT_BURST = 5;
/** …then one more every this many ms. */
export const CHAT_REFILL_MS = 3_000;
/** A report carries this many messages before the reported one. */
export const REPORT_CONTEXT = 5;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS chat (seq INTEGER PRIMARY KEY, seat INTEGER NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS chat_read (seat INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS chat_rate (seat INTEGER PRIMARY KEY, tokens REAL NOT NULL, at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS chat_d1 (id INTEGER PRIMARY KEY CHECK (id = 1), changed INTEGER NOT NULL, flushed INTEGER NOT NULL);
`;

// Every C0/C1 control character but the newline; a lone surrogate (not a character at all).
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/u;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The text as stored, or the refusal (400 with a stable code). */
export function cleanText(raw: unknown): { ok: true; text: string } | { ok: false; code: string; message: string } {
	if (typeof raw !== 'string') return { ok: false, code: 'BAD_REQUEST', message: 'text must be a string' };
	const text = raw.replace(/\r\n?/g, '\n').trim();
	if (text === '') return { ok: false, code: 'EMPTY_MESSAGE', message: 'the message is empty' };
	if (LONE_SURROGATE.test(text)) return { ok: false, code: 'BAD_CHARACTERS', message: 'the message is not valid Unicode text' };
	if ([...text].length > CHAT_MAX) return { ok: false, code: 'MESSAGE_TOO_LONG', message: `at most ${CHAT_MAX} characters` };
	if (CONTROL.test(text)) return { ok: false, code: 'BAD_CHARACTERS', message: 'no control characters but newlines' };
	return { ok: true, text };
}

export interface ChatHost {
	readonly sql: SqlStorage;
	readonly db: D1Database;
	meta(): Meta;
	players(): readonly Player[];
	now(): number;
	/** One storage transaction. */
	transaction(fn: () => void): void;
	/** Users looking at the game now (game-sockets.ts): no chat notification for them. */
	lookingUsers(): Set<string>;
	addEvent(e: NotifyEvent): void;
	/** Sends to every socket but those whose user muted `authorSeat` (deletions: to all, null). */
	send(msg: object, authorSeat: number | null): void;
	/** Something for D1 is pending: flush soon. */
	scheduleFlush(): void;
	/** The public status line for the event (round and phase), if the game has started. */
	status(): { round: number | null; phase: string; kind: string };
}

/** What the flusher writes for the chat (outbox.ts chatStatements). */
export interface ChatMarks {
	count: number;
	reads: { userId: string; seq: number }[];
	/** Pass to flushed() after D1 has it. */
	changed: number;
}

type Row = { seq: number; seat: number; text: string; at: number; deleted: number };

function toMessage(r: Row): ChatMessage {
	return r.deleted ? { seq: r.seq, seat: r.seat, text: '', at: r.at, deleted: true } : { seq: r.seq, seat: r.seat, text: r.text, at: r.at };
}

export class RoomChat {
	private ready = false;

	constructor(private readonly room: ChatHost) {}

	/** Creates the tables once per wake-up; only for a game that exists (the callers checked). */
	private ensure(): void {
		if (this.ready) return;
		this.room.sql.exec(SCHEMA);
		this.ready = true;
	}

	private seatOf(userId: string | null): number | null {
		if (userId === null) return null;
		return this.room.players().find((p) => p.userId === userId)?.seat ?? null;
	}

	latest(): number {
		this.ensure();
		return this.room.sql.exec<{ n: number | null }>('SELECT MAX(seq) AS n FROM chat').one().n ?? 0;
	}

	private readMark(seat: number): number {
		return this.room.sql.exec<{ seq: number }>('SELECT seq FROM chat_read WHERE seat = ?', seat).toArray()[0]?.seq ?? 0;
	}

	/** Seats of this game whose players `userId` muted (D1 chat_mutes); none if D1 cannot say. */
	async mutedSeats(userId: string | null): Promise<number[]> {
		if (userId === null) return [];
		const players = this.room.players().filter((p) => p.userId !== userId);
		if (!players.length) return [];
		try {
			const rows = await this.room.db.prepare('SELECT muted_id FROM chat_mutes WHERE user_id = ?1').bind(userId).all<{ muted_id: string }>();
			const muted = new Set(rows.results.map((r) => r.muted_id));
			return players.filter((p) => muted.has(p.userId)).map((p) => p.seat);
		} catch (e) {
			console.error(`chat: could not read mutes: ${(e as Error).message}`);
			return [];
		}
	}

	/** The messages after `since` (oldest first, one page), for a caller who may see the game. */
	async page(userId: string | null, since: number): Promise<ChatPage> {
		this.ensure();
		const muted = await this.mutedSeats(userId);
		const rows = this.room.sql
			.exec<Row>('SELECT seq, seat, text, at, deleted FROM chat WHERE seq > ? ORDER BY seq LIMIT ?', since, CHAT_PAGE + 1)
			.toArray();
		const more = rows.length > CHAT_PAGE;
		const seat = this.seatOf(userId);
		const page: ChatPage = {
			messages: rows.slice(0, CHAT_PAGE).filter((r) => !muted.includes(r.seat)).map(toMessage),
			latest: this.latest(),
			canWrite: seat !== null && this.room.meta().status !== 'waiting',
			muted,
			more
		};
		if (seat !== null) page.read = this.readMark(seat);
		return page;
	}

	/** A seated player writes. */
	post(userId: string, raw: unknown): RoomResult<{ message: ChatMessage }> {
		this.ensure();
		const seat = this.seatOf(userId);
		if (seat === null) return refuse(403, 'NOT_YOUR_SEAT', 'only the seated players write at the table');
		if (this.room.meta().status === 'waiting') return refuse(409, 'NOT_STARTED', 'table talk opens when the game starts');
		const clean = cleanText(raw);
		if (!clean.ok) return refuse(400, clean.code, clean.message);
		const now = this.room.now();
		const wait = this.take(seat, now);
		if (wait > 0) return refuse(429, 'RATE_LIMITED', `too many messages; try again in ${Math.ceil(wait / 1000)} s`);
		const seq = this.latest() + 1;
		const message: ChatMessage = { seq, seat, text: clean.text, at: now };
		const looking = this.room.lookingUsers();
		this.room.transaction(() => {
			this.room.sql.exec('INSERT INTO chat (seq, seat, text, at) VALUES (?, ?, ?, ?)', seq, seat, clean.text, now);
			// Writing is reading: the author has read everything up to their own message.
			this.setRead(seat, seq);
			for (const p of this.room.players()) {
				// One notification per unread stretch: only to a player who had read everything before this one;
				// never to a bot's seat or a deleted player's (issue 34: nobody is there to read it).
				if (p.seat === seat || !isPerson(p.userId) || this.readMark(p.seat) < seq - 1) continue;
				this.room.addEvent(this.event(p, seat, seq, looking.has(p.userId)));
			}
			this.changed();
		});
		this.room.send({ type: 'chat', message }, seat);
		this.room.scheduleFlush();
		return { ok: true, message };
	}

	private event(to: Player, author: number, seq: number, open: boolean): NotifyEvent {
		const m = this.room.meta();
		const s = this.room.status();
		const players = this.room.players();
		const names: string[] = [];
		for (const p of players) names[p.seat] = p.username;
		return {
			id: `${m.gameId}:chat${seq}:chat:${to.seat}`,
			userId: to.userId,
			gameId: m.gameId,
			kind: 'chat',
			version: m.version,
			gameOpen: open,
			// Never the text: see docs/chat.md "Notifications".
			data: { gameId: m.gameId, kind: s.kind, version: m.version, seat: to.seat, round: s.round, phase: s.phase, names, since: [], author, authorId: players.find((p) => p.seat === author)?.userId },
			createdAt: this.room.now()
		};
	}

	/** Takes a token from the seat's bucket; answers 0, or how long to wait (ms) when it is empty. */
	private take(seat: number, now: number): number {
		const r = this.room.sql.exec<{ tokens: number; at: number }>('SELECT tokens, at FROM chat_rate WHERE seat = ?', seat).toArray()[0];
		const elapsed = r ? Math.max(0, now - r.at) : 0;
		const tokens = r ? Math.min(CHAT_BURST, r.tokens + elapsed / CHAT_REFILL_MS) : CHAT_BURST;
		if (tokens < 1) return Math.ceil((1 - tokens) * CHAT_REFILL_MS);
		this.room.sql.exec(
			'INSERT INTO chat_rate (seat, tokens, at) VALUES (?, ?, ?) ON CONFLICT(seat) DO UPDATE SET tokens = excluded.tokens, at = excluded.at',
			seat, tokens - 1, now
		);
		return 0;
	}

	/** The author deletes their own message within CHAT_DELETE_MS; the text leaves storage. */
	delete(userId: string, seq: unknown): RoomResult<{ seq: number }> {
		this.ensure();
		if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) return refuse(400, 'BAD_REQUEST', 'seq must be a positive integer');
		const seat = this.seatOf(userId);
		const r = this.room.sql.exec<Row>('SELECT seq, seat, text, at, deleted FROM chat WHERE seq = ?', seq).toArray()[0];
		if (!r) return refuse(404, 'NO_SUCH_MESSAGE', 'no such message');
		if (seat === null || r.seat !== seat) return refuse(403, 'NOT_YOUR_MESSAGE', 'only its author may delete a message');
		if (r.deleted) return { ok: true, seq };
		if (this.room.now() - r.at > CHAT_DELETE_MS) return refuse(409, 'TOO_LATE_TO_DELETE', 'a message can be deleted only within 5 minutes');
		this.room.transaction(() => this.room.sql.exec("UPDATE chat SET text = '', deleted = 1 WHERE seq = ?", seq));
		this.room.send({ type: 'chat-deleted', seq }, null);
		return { ok: true, seq };
	}

	/**
	 * The seat's player deleted their account (issue 15, forget.ts): their words are their data, so
	 * every message of the seat loses its text as a deletion does (the rows stay: no gaps in `seq`).
	 * Synchronous, inside the caller's storage writes; the pages see it on their next load.
	 */
	forgetSeat(seat: number): void {
		this.ensure();
		this.room.sql.exec("UPDATE chat SET text = '', deleted = 1 WHERE seat = ? AND deleted = 0", seat);
	}

	/** A seated player has read up to `seq` (forward only, at most the newest). */
	markRead(userId: string, seq: unknown): RoomResult<{ read: number }> {
		this.ensure();
		if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return refuse(400, 'BAD_REQUEST', 'seq must be a non-negative integer');
		const seat = this.seatOf(userId);
		if (seat === null) return refuse(403, 'NOT_YOUR_SEAT', 'only seated players keep a read mark');
		const to = Math.min(seq, this.latest());
		if (to > this.readMark(seat)) {
			this.room.transaction(() => {
				this.setRead(seat, to);
				this.changed();
			});
			this.room.scheduleFlush();
		}
		return { ok: true, read: this.readMark(seat) };
	}

	private setRead(seat: number, seq: number): void {
		this.room.sql.exec(
			'INSERT INTO chat_read (seat, seq) VALUES (?, ?) ON CONFLICT(seat) DO UPDATE SET seq = excluded.seq WHERE excluded.seq > chat_read.seq',
			seat, seq
		);
	}

	/**
	 * A report's context: the message and the REPORT_CONTEXT messages before it (deleted ones as
	 * such), with the reported author's user id. Any signed-in reader may report; not their own.
	 */
	context(userId: string, seq: unknown): RoomResult<{ message: ChatMessage; before: ChatMessage[]; reportedId: string }> {
		this.ensure();
		if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) return refuse(400, 'BAD_REQUEST', 'seq must be a positive integer');
		const r = this.room.sql.exec<Row>('SELECT seq, seat, text, at, deleted FROM chat WHERE seq = ?', seq).toArray()[0];
		if (!r) return refuse(404, 'NO_SUCH_MESSAGE', 'no such message');
		if (r.deleted) return refuse(409, 'MESSAGE_DELETED', 'the message was deleted');
		const author = this.room.players().find((p) => p.seat === r.seat);
		if (!author) return refuse(404, 'NO_SUCH_MESSAGE', 'no such message');
		if (author.userId === userId) return refuse(400, 'OWN_MESSAGE', 'you cannot report your own message');
		const before = this.room.sql
			.exec<Row>('SELECT seq, seat, text, at, deleted FROM chat WHERE seq < ? ORDER BY seq DESC LIMIT ?', seq, REPORT_CONTEXT)
			.toArray()
			.reverse()
			.map(toMessage);
		return { ok: true, message: toMessage(r), before, reportedId: author.userId };
	}

	/** Everything `userId` wrote here (their seat's messages), for the data export. */
	by(userId: string): ChatMessage[] {
		this.ensure();
		const seat = this.seatOf(userId);
		if (seat === null) return [];
		return this.room.sql
			.exec<Row>('SELECT seq, seat, text, at, deleted FROM chat WHERE seat = ? AND deleted = 0 ORDER BY seq', seat)
			.toArray()
			.map(toMessage);
	}

	// ---- the D1 projection (flusher.ts) ------------------------------------------------------------

	private changed(): void {
		this.room.sql.exec(
			'INSERT INTO chat_d1 (id, changed, flushed) VALUES (1, 1, 0) ON CONFLICT(id) DO UPDATE SET changed = chat_d1.changed + 1'
		);
	}

	/** Anything of the chat not yet in D1? */
	dirty(): boolean {
		if (!this.tableExists()) return false;
		const r = this.room.sql.exec<{ changed: number; flushed: number }>('SELECT changed, flushed FROM chat_d1 WHERE id = 1').toArray()[0];
		return !!r && r.changed > r.flushed;
	}

	/** The chat's D1 figures: its count and every seat's read mark (all seats); null for a game without chat. */
	marks(): ChatMarks | null {
		if (!this.tableExists()) return null;
		const r = this.room.sql.exec<{ changed: number }>('SELECT changed FROM chat_d1 WHERE id = 1').toArray()[0];
		if (!r) return null;
		const reads = new Map(this.room.sql.exec<{ seat: number; seq: number }>('SELECT seat, seq FROM chat_read').toArray().map((x) => [x.seat, x.seq]));
		return {
			count: this.latest(),
			// A deleted player's seat (issue 15) and a bot's (issue 34) name nobody in D1: a read mark for
			// it would fail the whole flush on chat_reads' foreign key, and keep failing (found by issue
			// 28's tests).
			reads: this.room
				.players()
				.filter((p) => isPerson(p.userId))
				.map((p) => ({ userId: p.userId, seq: reads.get(p.seat) ?? 0 })),
			changed: r.changed
		};
	}

	flushed(changed: number): void {
		this.room.sql.exec('UPDATE chat_d1 SET flushed = MAX(flushed, ?) WHERE id = 1', changed);
	}

	private tableExists(): boolean {
		if (this.ready) return true;
		return this.room.sql.exec("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'chat_d1'").toArray().length > 0;
	}
}
