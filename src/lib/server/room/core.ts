/**
 * The room's core (issue 11): the game as the room holds it — meta, players, state, clocks and its
 * kind — loaded once per wake-up by the one replay, and the one way it changes (`commit`: one
 * storage transaction with the move, snapshot, clocks, notification events and outbox row; then the
 * broadcast and the flush) — and the checks every RPC starts with, each written once (`check…`).
 * GameRoom.ts is the RPC surface over it; the other collaborators are lobby.ts, projection.ts,
 * game-sockets.ts, autoplay.ts, flusher.ts, chat.ts, forget.ts and record.ts.
 */
import type { DurableObjectState } from '@cloudflare/workers-types';
import { awaited, isOver, type Kind } from '$lib/engine';
import type { RoomError, RoomUser, RoomView } from '$lib/protocol/room';
import { advance, emptyTimers, nextDue, startTimers, type Cause, type Timers } from './clock';
import { SINCE_CAP, changeEvents, type EventContext } from './events';
import { kindOfMeta, refuse, validUser, type Next } from './lobby';
import { rebuild } from './rebuild';
import { SNAPSHOT_EVERY, type Meta, type MoveRow, type Player, type RoomStore } from './storage';
import { canSee } from './access';
import { activeSeats, control, d1Payload, eventContext, finalResult, roomView, userOf, type Held } from './projection';
import { countDecision, isDecision, upgradeMeta } from './decisions';
import { queueAnswers } from './queue';
import { botsPlay } from './bots';

/** Move ids of a seat's own moves that the room made for it (autoplay.ts: a queued step, a standing answer). */
const AWAY_MOVE = /^(queue|standing):/;

/** Lobby changes flush the outbox at once; this alarm is the backstop if that flush is lost. */
const BACKSTOP_MS = 30_000;
/**
 * At a live table moves reach D1 in batches: one write this long after a move, however many moves
 * came meanwhile (a write per move doubled a live move's cost, docs/benchmarks.md issue 33). The
 * game index in D1 (lists, "your turn") may lag by this much; the game itself never does.
 */
export const MOVE_FLUSH_MS = 1_000;

/**
 * What became of a move the room applied: its version and public log, or the kind's refusal (a
 * stable code, conventions §4). Not the engine's `Applied`, which is the state a move leads to.
 */
export type MoveOutcome = { ok: true; version: number; log: unknown[] } | { ok: false; code: string; message: string };

export interface CommitOpts {
	init?: boolean;
	/** The seat that moved, and why (clock.ts Cause); a timeout also names what the room did. */
	mover?: number | null;
	cause?: Cause;
	auto?: string | null;
	/** Timers changed by the caller (reclaim, vacation) before the usual advance. */
	timers?: Timers;
	/** More writes of the same change, in its transaction (a queued move leaving its queue). */
	during?: () => void;
}

export interface CoreHost {
	readonly ctx: DurableObjectState;
	readonly store: RoomStore;
	now(): number;
	broadcast(log: readonly unknown[]): void;
	/** Users looking at the game now (game-sockets.ts lookingUsers): no turn notification for them. */
	lookingUsers(): Set<string>;
	flush(): Promise<void>;
	/** A D1 write within MOVE_FLUSH_MS, one for however many changes come meanwhile (flusher.ts soon). */
	flushSoon(): void;
	pendingFlush(): boolean;
}

export class RoomCore {
	meta: Meta | null = null;
	players: Player[] = [];
	state: unknown = null;
	/** The game's kind, from the registry; null until a game exists here. */
	kind: Kind | null = null;
	/** Why the room refuses to serve (an unknown kind, a replay or snapshot mismatch), or null. */
	broken: string | null = null;
	/** The clocks (clock.ts), saved in the same transaction as every change. */
	timers: Timers = emptyTimers();
	/**
	 * The version up to which the moves' events are known to be in D1 (the flush moves it on); after a
	 * load, the newest move's `d1` (storage.ts MoveAfter): the moves after it are sent again.
	 */
	d1Cursor = 0;
	/**
	 * Users whose lists a change since the last D1 write changed (flusher.ts tells their hubs once D1
	 * has it): a move's mover and the seats it starts or stops awaiting; everybody for a change of the
	 * status or the players. Not the others (issue 33: a hub call per seat per move was 3 Durable
	 * Object requests a move); their lists show the move at their next load.
	 */
	readonly listNews = new Set<string>();
	private loaded = false;

	constructor(private readonly host: CoreHost) {}

	// ---- loading -------------------------------------------------------------------------------

	/** Loads meta, players and the state (replayed from the log, snapshot checked) once per wake-up. */
	load(): RoomError | null {
		if (!this.loaded) {
			this.loaded = true;
			const store = this.host.store;
			if (store.exists()) {
				store.init(); // tables added since this room was created
				// The newest meta and clocks: their rows, or the newest move's row (issue 33).
				const head = store.head();
				this.meta = head.meta;
				// No move row carries a cursor (none yet, or a room from before): the outbox row marks what is owed.
				this.d1Cursor = head.d1 ?? this.meta.version;
				if (!this.meta.lastMoves) store.ensureSeatIndex();
				this.players = store.players();
				this.kind = kindOfMeta(this.meta);
				if (!this.kind) this.broken = 'UNKNOWN_KIND';
				else if (this.meta.seed && this.meta.config) {
					// The newest snapshot and the moves after it: a load does not grow with the game (issue 33).
					const snapshot = store.latestSnapshot();
					const r = rebuild(
						this.kind,
						{ config: this.meta.config, seed: this.meta.seed, engineVersion: this.meta.engineVersion },
						store.movesAfter(snapshot?.version ?? 0),
						snapshot
					);
					if (r.ok) this.state = r.value.state;
					else this.broken = `${r.code}: ${r.message}`;
				}
				if (this.broken) console.error(`GameRoom ${this.meta.gameId}: refusing to serve: ${this.broken}`);
				else {
					this.timers = head.timers ?? this.legacyTimers();
					// A room from before rated/casual (saved with its next change); only it reads the whole log.
					const old = this.meta.rated === undefined || (this.meta.decisions === undefined && this.meta.status === 'active');
					this.meta = upgradeMeta(this.kind!, this.meta, old ? store.moves() : [], this.timers);
				}
				// What D1 may lack (after a restart: the moves after the newest move's cursor) is written
				// within a second — with the move a cold room is usually woken for, in one batch.
				if (this.host.pendingFlush()) this.host.flushSoon();
			}
		}
		if (this.broken) return refuse(503, 'GAME_UNAVAILABLE', 'this game cannot be loaded; the operators have been told');
		return null;
	}

	/**
	 * A room from before clocks: its awaited seats' clocks start at its last change, with its
	 * `timeLimit` as days per move; saved at once so the alarm finds them.
	 */
	private legacyTimers(): Timers {
		const m = this.meta!;
		if (m.status !== 'active' || !this.state) return emptyTimers();
		const c = control(m);
		const who = userOf(this.players);
		const t = advance(startTimers(this.players.length, c, {}), c, { active: awaited(this.kind!, this.state), mover: null, cause: 'none', now: m.updatedAt }, who);
		this.host.ctx.storage.transactionSync(() => this.host.store.saveTimers(t, m.version));
		const at = nextDue(t, who);
		if (at !== null) void this.armAlarm(at);
		return t;
	}

	/** The game as held now, or null before one exists. */
	held(): Held | null {
		return this.meta && this.kind ? { kind: this.kind, meta: this.meta, players: this.players, state: this.state, timers: this.timers } : null;
	}

	/**
	 * The one path of a move — a player's, a timeout's or the bot's: apply as the seat, commit.
	 * Moves do not wait for D1 (the outbox guarantees it lands); lobby changes do, so the lists
	 * read from D1 show a game as soon as its creator or joiner gets the answer.
	 */
	applyMove(seat: number, userId: string, move: unknown, moveId: string, cause: Cause, auto: string | null = null, during?: () => void): MoveOutcome {
		const meta = this.meta!;
		const kind = this.kind!;
		const r = kind.apply(this.state, seat, move);
		if (!r.ok) return { ok: false, code: r.code, message: r.message };
		const now = this.host.now();
		const over = isOver(kind, r.value.state);
		// Counted in the meta row the move's transaction writes anyway (decisions.ts, ratings).
		const decisions = countDecision(meta.decisions, seat, isDecision(kind, move, cause));
		const next: Next = {
			meta: {
				...meta,
				version: meta.version + 1,
				updatedAt: now,
				...(decisions ? { decisions } : {}),
				...(over ? { status: 'finished' as const, finishedAt: now } : {})
			},
			players: this.players,
			state: r.value.state,
			log: r.value.log
		};
		const row: MoveRow = {
			version: next.meta.version,
			seat,
			userId,
			moveId,
			move: JSON.stringify(move),
			log: JSON.stringify(r.value.log),
			engineVersion: meta.engineVersion,
			at: now
		};
		void this.commit(next, row, { mover: seat, cause, auto, during });
		return { ok: true, version: row.version, log: r.value.log };
	}

	// ---- the one way a game changes ------------------------------------------------------------

	/**
	 * One storage transaction per change: meta, players, the move, a snapshot, the clocks, the
	 * notification events it causes and the outbox row; then the broadcast and the flush (whose
	 * promise never rejects: failures go to the alarm).
	 */
	commit(next: Next, move: MoveRow | null, o: CommitOpts = {}): Promise<void> {
		if (move && next.meta.lastMoves) next = { ...next, meta: { ...next.meta, lastMoves: { ...next.meta.lastMoves, [move.seat]: move.version } } };
		const now = this.host.now();
		const kind = kindOfMeta(next.meta)!; // lobby.ts made or checked it
		const before = this.meta ? activeSeats(kind, this.state, this.meta) : [];
		// A move its player did not make at the table (a queued step, a standing answer): they are not
		// there, so if the seat is awaited after it, that is news to them like any other turn (issue 32).
		const away = !!move && o.cause === 'player' && AWAY_MOVE.test(move.moveId);
		const awake = away ? before.filter((s) => s !== o.mover) : before;
		const after = activeSeats(kind, next.state, next.meta);
		const c = control(next.meta);
		const who = userOf(next.players);
		let timers = o.timers ?? this.timers;
		// The start: every seat's clock, a bot's (issue 34) dropped from the first move on (bots.ts).
		if (next.state && timers.seats.length === 0) timers = botsPlay(startTimers(next.players.length, c, timers.vacations), next.players);
		const wasDropped = new Set(timers.seats.filter((t) => t.dropped).map((t) => t.seat));
		timers = advance(timers, c, { active: after, mover: o.mover ?? null, cause: o.cause ?? 'none', now }, who);
		const dropped = new Set(timers.seats.filter((t) => t.dropped).map((t) => t.seat));
		const held: Held = { kind, meta: next.meta, players: next.players, state: next.state, timers };
		const finished = next.state && next.meta.status === 'finished' && this.meta?.status !== 'finished' ? finalResult(kind, next.state) : null;
		const store = this.host.store;
		this.host.ctx.storage.transactionSync(() => {
			if (o.init) store.init();
			o.during?.();
			// Plan ahead (issue 32): the game's end clears every queue; a seat whose queue will answer
			// gets no turn event (autoplay.ts plays it, or drops the queue and wakes the seat then).
			if (finished && kind.queue) store.clearQueues();
			const ownRow = !!move && next.players === this.players;
			const events = next.state
				? changeEvents(this.eventContextOf(held, now, ownRow ? move : undefined), {
						before: awake, after, mover: away ? null : (o.mover ?? null), timeout: o.cause === 'timeout' ? (o.auto ?? null) : null,
						dropped, droppedNow: [...dropped].filter((s) => !wasDropped.has(s)), finished,
						queued: kind.queue && !finished ? this.answeringQueues(kind, next.state, after, awake) : undefined
					})
				: [];
			if (ownRow) {
				// A move (issue 33): its one row carries the meta, the clocks and the events it caused; the
				// flush writes D1 from the held game and sends the events from the move rows.
				store.appendMove(move, { meta: next.meta, timers, events, d1: this.d1Cursor });
			} else {
				// A lobby change, a clock change: rare; their own rows and an outbox row, as ever.
				store.saveMeta(next.meta);
				if (next.players !== this.players) store.savePlayers(next.players);
				if (move) store.appendMove(move);
				store.saveTimers(timers, next.meta.version);
				for (const e of events) store.addEvent(e);
				store.addOutbox(next.meta.version);
			}
			if (move && next.state && next.meta.version % SNAPSHOT_EVERY === 0) store.saveSnapshot(next.meta.version, next.state);
		});
		const everybody = !move || next.players !== this.players || next.meta.status !== this.meta?.status;
		for (const p of next.players)
			if (everybody || p.seat === o.mover || before.includes(p.seat) !== after.includes(p.seat) || dropped.has(p.seat) !== wasDropped.has(p.seat)) this.listNews.add(p.userId);
		this.kind = kind;
		this.meta = next.meta;
		this.players = next.players;
		this.state = next.state;
		this.timers = timers;
		this.host.broadcast(next.log);
		const timer = nextDue(timers, who) ?? Infinity;
		// A move is written to D1 within a second, with the moves that come meanwhile — or at once, and
		// answered after it, when nobody is at the table (GameRoom.submit). No alarm is set per move to
		// write it (issue 33: an alarm set is a row written); lobby changes keep a backstop alarm.
		if (move) {
			if (timer !== Infinity) void this.armAlarm(timer);
			this.host.flushSoon();
			return Promise.resolve();
		}
		void this.armAlarm(Math.min(now + BACKSTOP_MS, timer));
		return this.host.flush();
	}

	/**
	 * Seats that became awaited with a queue whose first step answers what awaits them (queue.ts):
	 * autoplay plays it or drops the queue and wakes the seat, so they get no turn event now.
	 */
	private answeringQueues(kind: Kind, state: unknown, after: readonly number[], before: readonly number[]): Set<number> {
		const out = new Set<number>();
		for (const seat of this.host.store.queuedSeats())
			if (after.includes(seat) && !before.includes(seat) && queueAnswers(kind, kind.view(state, seat), seat, this.host.store.queue(seat).steps[0])) out.add(seat);
		return out;
	}

	/**
	 * A change of the clocks alone (a reclaimed seat, a vacation): a version of its own without a move,
	 * so every view and the D1 deadlines follow. Answers the new version.
	 */
	async commitClocks(timers: Timers, now: number): Promise<number> {
		const m = this.meta!;
		const next: Next = { meta: { ...m, version: m.version + 1, updatedAt: now }, players: this.players, state: this.state, log: [] };
		await this.commit(next, null, { timers });
		return next.meta.version;
	}

	/** Sets the alarm to fire at room time `at` (or earlier if it already would): one storage write at most. */
	async armAlarm(at: number): Promise<void> {
		const real = this.realTime(at);
		const current = await this.host.ctx.storage.getAlarm();
		if (current === null || current > real) await this.host.ctx.storage.setAlarm(real);
	}

	/** Room time → wall-clock time for the alarm (they differ only under the test clock). */
	realTime(at: number): number {
		return Date.now() + Math.max(0, at - this.host.now());
	}

	/**
	 * `pending`: the move being committed, whose row is written with its events (issue 33), so the log
	 * lookups cannot see it yet: it is added to each seat's "since" here.
	 */
	eventContextOf(h: Held, now: number, pending?: MoveRow): EventContext {
		const version = h.meta.version;
		const last = h.meta.lastMoves;
		const since = (seat: number) => {
			const from = last ? (last[seat] ?? 0) : undefined;
			if (!pending || pending.version !== version) return this.host.store.logSince(seat, version, SINCE_CAP, from);
			// The seat's own move is the newest: nothing since it.
			if (pending.seat === seat || (from !== undefined && from >= version)) return { entries: [], more: false };
			const before = this.host.store.logSince(seat, version - 1, SINCE_CAP - 1, from);
			return { entries: [...before.entries, { version, log: JSON.parse(pending.log) as unknown[] }], more: before.more };
		};
		return eventContext(h, now, this.host.lookingUsers(), since);
	}

	// ---- the checks every RPC starts with ---------------------------------------------------------

	/** Loads the game; "no such game" if there is none. */
	loadExisting(): RoomError | null {
		return this.load() ?? (this.meta ? null : refuse(404, 'NOT_FOUND', 'no such game'));
	}

	/** Loads; refused if a game exists here already (create). */
	checkVacant(): RoomError | null {
		return this.load() ?? (this.meta ? refuse(409, 'ALREADY_EXISTS', 'this game already exists') : null);
	}

	/** Someone who may see the game; `userId` null: a spectator or signed-out visitor (readerId). */
	checkReader(userId: string | null, invite: string | null): RoomError | null {
		return this.loadExisting() ?? this.checkAccess(userId, invite);
	}

	/** A signed-in user acting on a game they may see (`invite`: a private game's link, to join or report by). */
	checkActor(user: RoomUser, invite: string | null = null): RoomError | null {
		const signedOut = validUser(user) ? null : refuse(401, 'UNAUTHENTICATED', 'sign in first');
		return this.loadExisting() ?? signedOut ?? this.checkAccess(user.id, invite);
	}

	/** A signed-in user acting on the game from their seat: their player, or the refusal. */
	checkPlayer(user: RoomUser): Player | RoomError {
		return this.checkActor(user) ?? this.seatOf(user.id);
	}

	/** The user's player if they have a seat here, else NOT_YOUR_SEAT. */
	seatOf(userId: string): Player | RoomError {
		return this.playerOf(userId) ?? refuse(403, 'NOT_YOUR_SEAT', 'you have no seat in this game');
	}

	playerOf(userId: string): Player | undefined {
		return this.players.find((p) => p.userId === userId);
	}

	/** A private game is "no such game" to anyone but its players and the holders of its invite link. */
	checkAccess(userId: string | null, invite: string | null): RoomError | null {
		return canSee(this.meta!, this.players, userId, invite) ? null : refuse(404, 'NOT_FOUND', 'no such game');
	}

	// ---- what the game shows ----------------------------------------------------------------------

	/** The only shape in which the game leaves the room: the viewer's own view (projection.ts). */
	viewFor(userId: string | null): RoomView {
		const v = roomView(this.held()!, userId, this.host.now());
		if (userId !== null && v.yourSeat !== null) {
			v.seenVersion = this.host.store.seen(userId);
			if (this.kind?.standing) v.standing = this.host.store.standing(v.yourSeat);
			if (this.kind?.queue) v.queue = this.host.store.queue(v.yourSeat);
		}
		return v;
	}

	/** A seated user is looking at the game now: they have seen this version. */
	markSeen(userId: string, version?: number): void {
		const h = this.held();
		// A version the page reports it showed (never beyond the room's own); the store never lowers it.
		const v = version === undefined ? h?.meta.version : Math.min(version, h?.meta.version ?? 0);
		if (h && v !== undefined && h.players.some((p) => p.userId === userId)) this.host.store.setSeen(userId, v);
	}
}

/** The id of a signed-in reader, or null: a spectator or signed-out visitor (an invalid user reads as one). */
export function readerId(user: RoomUser | null): string | null {
	return user && validUser(user) ? user.id : null;
}
