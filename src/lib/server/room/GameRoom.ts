/**
 * One Durable Object per game: the single writer of everything about it (conventions §10) — lobby
 * and moves — with its own SQLite storage, hibernating WebSockets and an outbox to D1.
 *
 * A thin shell over small collaborators (issue 11): lobby.ts (lobby rules), projection.ts (views,
 * clocks, D1 rows, event context), sockets.ts (WebSockets), autoplay.ts (reminders, timeouts, bots),
 * flusher.ts (the outbox to D1), rebuild.ts (the replay on load). Every rule comes from the game's
 * kind (engine/kind.ts, the registry src/lib/games/index.ts): nothing here knows a kind.
 *
 * Exported from src/worker.ts only (it imports `cloudflare:workers`); routes reach it through
 * `platform.env.GAME_ROOM` and import src/lib/protocol/room.ts for the types.
 *
 * Secrets: the seed lives in `meta.seed` and a kind's secrets in its state. Nothing leaves this
 * object but `kind.view(state, seat)`, the kind's public log entries and the D1 rows (which carry
 * the seed commitment, never the seed); the seed only in the export of a finished game.
 */
import { DurableObject } from 'cloudflare:workers';
import { testSeams } from '../dev';
import type { DurableObjectState, Request as CfRequest, Response as CfResponse, WebSocket as CfWebSocket } from '@cloudflare/workers-types';
import { buildExport, jsonEqual, type AnyKind, type GameExportV2 } from '$lib/engine';
import {
	type CreateInput, type LogBatch, type RoomError, type RoomResult, type RoomUser, type RoomView, type SubmitInput, type SubmitOk
} from '$lib/protocol/room';
import { advance, emptyTimers, nextDue, reclaim as reclaimSeat, setVacation, startTimers, type Cause, type Timers, type Window } from './clock';
import { SINCE_CAP, changeEvents, type EventContext } from './events';
import { createGame, joinGame, kindOfMeta, leaveGame, refuse, startGame, validUser, type Next, type ScenarioStart } from './lobby';
import { rebuild } from './rebuild';
import { RoomStore, SNAPSHOT_EVERY, type Meta, type MoveRow, type Player } from './storage';
import { canSee } from './access';
import { activeSeats, control, d1Payload, eventContext, finalScores, roomView, userOf, type Held } from './projection';
import { RoomSockets } from './sockets';
import { Autoplay, type Applied } from './autoplay';
import { Flusher } from './flusher';

const MOVE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Lobby changes flush the outbox at once; this alarm is the backstop if that flush is lost. */
const BACKSTOP_MS = 30_000;
/**
 * Moves reach D1 in batches: the alarm writes the newest outbox row this long after a move, however
 * many moves came meanwhile. The game index in D1 (lists, "your turn") may lag by this much; the
 * game itself never does. A flush per move cost the round trip ~20% (docs/benchmarks.md).
 */
const MOVE_FLUSH_MS = 1_000;

interface CommitOpts {
	init?: boolean;
	/** The seat that moved, and why (clock.ts Cause); a timeout also names what the room did. */
	mover?: number | null;
	cause?: Cause;
	auto?: string | null;
	/** Timers changed by the caller (reclaim, vacation) before the usual advance. */
	timers?: Timers;
}

export class GameRoom extends DurableObject<Env> {
	readonly store: RoomStore;
	meta: Meta | null = null;
	players: Player[] = [];
	state: unknown = null;
	/** The game's kind, from the registry; null until a game exists here. */
	kind: AnyKind | null = null;
	/** Why the room refuses to serve (an unknown kind, a replay or snapshot mismatch), or null. */
	broken: string | null = null;
	private loaded = false;
	/** The clocks (clock.ts), saved in the same transaction as every change. */
	timers: Timers = emptyTimers();
	/** Test seam (setClock): a fixed "now"; null = the real clock. */
	private testNow: number | null = null;
	private readonly sockets: RoomSockets;
	private readonly autoplay: Autoplay;
	private readonly flusher: Flusher;

	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		this.store = new RoomStore(ctx.storage.sql);
		const room = this;
		const gameId = () => this.meta?.gameId;
		this.sockets = new RoomSockets({
			ctx, env, gameId,
			players: () => this.players,
			loadExisting: () => this.loadExisting(),
			checkAccess: (u, i) => this.checkAccess(u, i),
			viewFor: (u) => this.viewFor(u)
		});
		this.flusher = new Flusher({ ctx, env, store: this.store, gameId, now: () => this.now(), armAlarm: (at) => this.armAlarm(at) });
		this.autoplay = new Autoplay({
			held: () => this.held(),
			now: () => this.now(),
			applyMove: (...a) => this.applyMove(...a),
			eventContext: (timers, now) => this.eventContextOf({ ...room.held()!, timers }, now),
			saveTimers: (timers, event) => {
				this.ctx.storage.transactionSync(() => {
					this.store.saveTimers(timers);
					if (event) this.store.addEvent(event);
				});
				this.timers = timers;
			},
			armAlarm: (at) => this.armAlarm(at)
		});
	}

	// ---- loading -------------------------------------------------------------------------------

	/** Loads meta, players and the state (replayed from the log, snapshot checked) once per wake-up. */
	private load(): RoomError | null {
		if (!this.loaded) {
			this.loaded = true;
			if (this.store.exists()) {
				this.store.init(); // tables added since this room was created
				this.meta = this.store.meta();
				this.players = this.store.players();
				this.kind = kindOfMeta(this.meta);
				if (!this.kind) this.broken = 'UNKNOWN_KIND';
				else if (this.meta.seed && this.meta.config) {
					const r = rebuild(
						this.kind,
						{ config: this.meta.config, seed: this.meta.seed, engineVersion: this.meta.engineVersion },
						this.store.moves(),
						this.store.latestSnapshot()
					);
					if (r.ok) this.state = r.value.state;
					else this.broken = `${r.code}: ${r.message}`;
				}
				if (this.broken) console.error(`GameRoom ${this.meta.gameId}: refusing to serve: ${this.broken}`);
				else this.timers = this.store.timers() ?? this.legacyTimers();
				if (this.flusher.pending()) void this.flusher.flush();
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
		const t = advance(startTimers(this.players.length, c, {}), c, { active: this.kind!.activeSeats(this.state), mover: null, cause: 'none', now: m.updatedAt }, who);
		this.ctx.storage.transactionSync(() => this.store.saveTimers(t));
		const at = nextDue(t, who);
		if (at !== null) void this.armAlarm(at);
		return t;
	}

	/** Time in the room: the real clock, or the test seam's. Every deadline is computed from it. */
	now(): number {
		return this.testNow ?? Date.now();
	}

	/** The game as held now, or null before one exists. */
	private held(): Held | null {
		return this.meta && this.kind ? { kind: this.kind, meta: this.meta, players: this.players, state: this.state, timers: this.timers } : null;
	}

	private loadExisting(): RoomError | null {
		return this.load() ?? (this.meta ? null : refuse(404, 'NOT_FOUND', 'no such game'));
	}

	// ---- RPC: lobby ----------------------------------------------------------------------------

	async create(input: CreateInput): Promise<RoomResult<{ version: number }>> {
		const bad = this.load();
		if (bad) return bad;
		if (this.meta) return refuse(409, 'ALREADY_EXISTS', 'this game already exists');
		const vac = validUser(input?.creator) ? await this.vacationOf(input.creator.id) : null;
		if (this.meta) return refuse(409, 'ALREADY_EXISTS', 'this game already exists');
		const now = this.now();
		const next = createGame(input, now);
		if ('ok' in next) return next;
		await this.commit(next, null, { init: true, timers: vac ? setVacation(emptyTimers(), input.creator.id, vac, now) : undefined });
		return { ok: true, version: next.meta.version };
	}

	async join(user: RoomUser, inviteCode?: string): Promise<RoomResult<{ version: number }>> {
		// The joiner's vacation (if any) is read first: from the checks to the commit nothing awaits.
		const vac = validUser(user) && this.store.exists() ? await this.vacationOf(user.id) : null;
		// A private game without its code is "no such game" (access.ts), not a refusal that tells it exists.
		const bad = this.loadExisting() ?? this.checkUser(user) ?? this.checkAccess(user.id, typeof inviteCode === 'string' ? inviteCode : null);
		if (bad) return bad;
		const now = this.now();
		const next = joinGame(this.meta!, this.players, user, typeof inviteCode === 'string' ? inviteCode : undefined, now);
		if ('ok' in next) return next;
		await this.commit(next, null, { timers: vac ? setVacation(this.timers, user.id, vac, now) : undefined });
		return { ok: true, version: next.meta.version };
	}

	async leave(user: RoomUser): Promise<RoomResult<{ version: number }>> {
		const bad = this.loadExisting() ?? this.checkUser(user) ?? this.checkAccess(user.id, null);
		if (bad) return bad;
		const next = leaveGame(this.meta!, this.players, user, this.now());
		if ('ok' in next) return next;
		await this.commit(next, null);
		return { ok: true, version: next.meta.version };
	}

	async start(user: RoomUser): Promise<RoomResult<{ version: number }>> {
		const bad = this.loadExisting() ?? this.checkUser(user) ?? this.checkAccess(user.id, null);
		if (bad) return bad;
		if (this.meta!.creatorId !== user.id) return refuse(403, 'FORBIDDEN', 'only the creator can start the game');
		const next = startGame(this.meta!, this.players, this.now());
		if ('ok' in next) return next;
		await this.commit(next, null);
		return { ok: true, version: next.meta.version };
	}

	// ---- RPC: view, log and moves --------------------------------------------------------------

	/**
	 * The viewer's own view. `invite`: the invite code from the link the viewer followed, which lets
	 * them watch a private game they have no seat in (issue 10: private means its players and the
	 * holders of its link, nobody else — not even whether it exists).
	 */
	async view(user: RoomUser | null, invite: string | null = null): Promise<RoomResult<RoomView>> {
		const userId = user && validUser(user) ? user.id : null;
		const bad = this.loadExisting() ?? this.checkAccess(userId, invite);
		if (bad) return bad;
		return { ok: true, ...this.viewFor(userId) };
	}

	/**
	 * The whole public log, oldest first: the start's entries (recomputed from the config and the
	 * seed — the kind's start is deterministic — so they need no storage) and each move's. Log
	 * entries are public by construction (each kind's fuzzer checks no secret is in them).
	 */
	async log(user: RoomUser | null = null, invite: string | null = null): Promise<RoomResult<{ entries: LogBatch[] }>> {
		const bad = this.loadExisting() ?? this.checkAccess(user && validUser(user) ? user.id : null, invite);
		if (bad) return bad;
		const meta = this.meta!;
		if (!meta.seed || !meta.config) return { ok: true, entries: [] };
		const moves = this.store.moves();
		const start = this.kind!.start(meta.config, meta.seed);
		const startVersion = meta.startVersion ?? (moves.length ? moves[0].version - 1 : meta.version);
		const entries: LogBatch[] = start.ok ? [{ version: startVersion, log: start.value.log }] : [];
		for (const m of moves) entries.push({ version: m.version, log: JSON.parse(m.log) as unknown[] });
		return { ok: true, entries };
	}

	/**
	 * A finished game as export v2 (src/lib/engine/export.ts, docs/export.md) — with the seed, which
	 * is public once the game is over. Refused while the game runs.
	 */
	async exportGame(user: RoomUser | null = null, invite: string | null = null): Promise<RoomResult<{ export: GameExportV2; visibility: 'public' | 'private' }>> {
		const bad = this.loadExisting() ?? this.checkAccess(user && validUser(user) ? user.id : null, invite);
		if (bad) return bad;
		const meta = this.meta!;
		if (meta.status !== 'finished' || !this.state || !meta.seed || !meta.config || !this.kind!.isOver(this.state))
			return refuse(409, 'NOT_FINISHED', 'only a finished game can be exported');
		const moves = this.store.moves();
		return {
			ok: true,
			visibility: meta.visibility,
			export: buildExport({
				kind: this.kind!,
				id: meta.gameId,
				config: meta.config,
				options: meta.options,
				seed: meta.seed,
				engineVersion: meta.engineVersion,
				players: this.players,
				createdAt: meta.createdAt,
				startedAt: meta.startedAt,
				finishedAt: meta.finishedAt,
				startVersion: meta.startVersion ?? (moves.length ? moves[0].version - 1 : meta.version),
				moves: moves.map((m) => ({ version: m.version, seat: m.seat, move: JSON.parse(m.move) as unknown, at: m.at })),
				final: this.state
			})
		};
	}

	async submit(user: RoomUser, input: SubmitInput): Promise<RoomResult<SubmitOk>> {
		// Everything from here to the commit is synchronous: no other request can interleave, so the
		// version checked is the version the move is applied to.
		const bad = this.loadExisting() ?? this.checkUser(user) ?? this.checkAccess(user.id, null);
		if (bad) return bad;
		const meta = this.meta!;
		if (!input || typeof input.moveId !== 'string' || !MOVE_ID.test(input.moveId))
			return refuse(400, 'BAD_REQUEST', 'moveId must be 1–64 letters, digits, _ or -');
		const ev = input.expectedVersion;
		if (ev !== undefined && (!Number.isSafeInteger(ev) || ev < 0)) return refuse(400, 'BAD_REQUEST', 'expectedVersion must be a non-negative integer');
		const me = this.players.find((p) => p.userId === user.id);
		if (!me) return refuse(403, 'NOT_YOUR_SEAT', 'you have no seat in this game');
		// Idempotency first: a retry of an applied move carries an expectedVersion that is stale now.
		const prior = this.store.moveById(input.moveId);
		if (prior) {
			if (prior.userId === user.id && jsonEqual(JSON.parse(prior.move), input.move))
				return { ok: true, version: prior.version, log: JSON.parse(prior.log) as unknown[], duplicate: true };
			return refuse(409, 'MOVE_ID_REUSED', 'this moveId was already used for another move');
		}
		if (meta.status === 'waiting') return refuse(409, 'NOT_STARTED', 'the game has not started yet');
		if (ev !== undefined && ev !== meta.version)
			return refuse(409, 'STALE_VERSION', `the game is at version ${meta.version}`, { currentVersion: meta.version });
		const r = this.applyMove(me.seat, user.id, input.move, input.moveId, 'player');
		// Engine codes and messages pass through: they are written for the mover and hold no secret.
		// BAD_MOVE is malformed input (400); every other refusal is a rule violation (422).
		if (!r.ok) return refuse(r.code === 'BAD_MOVE' ? 400 : 422, r.code, r.message);
		this.autoplay.runBots();
		return { ok: true, version: r.version, log: r.log, duplicate: false };
	}

	/**
	 * The one path of a move — a player's, a timeout's or the bot's: apply as the seat, commit.
	 * Moves do not wait for D1 (the outbox guarantees it lands); lobby changes do, so the lists
	 * read from D1 show a game as soon as its creator or joiner gets the answer.
	 */
	private applyMove(seat: number, userId: string, move: unknown, moveId: string, cause: Cause, auto: string | null = null): Applied {
		const meta = this.meta!;
		const kind = this.kind!;
		const r = kind.apply(this.state, seat, move);
		if (!r.ok) return { ok: false, code: r.code, message: r.message };
		const now = this.now();
		const over = kind.isOver(r.value.state);
		const next: Next = {
			meta: { ...meta, version: meta.version + 1, updatedAt: now, ...(over ? { status: 'finished' as const, finishedAt: now } : {}) },
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
		void this.commit(next, row, { mover: seat, cause, auto });
		return { ok: true, version: row.version, log: r.value.log };
	}

	// ---- the one way a game changes ------------------------------------------------------------

	/**
	 * One storage transaction per change: meta, players, the move, a snapshot, the clocks, the
	 * notification events it causes and the outbox row; then the broadcast and the flush (whose
	 * promise never rejects: failures go to the alarm).
	 */
	private commit(next: Next, move: MoveRow | null, o: CommitOpts = {}): Promise<void> {
		const now = this.now();
		const kind = kindOfMeta(next.meta)!; // lobby.ts made or checked it
		const before = this.meta ? activeSeats(kind, this.state, this.meta) : [];
		const after = activeSeats(kind, next.state, next.meta);
		const c = control(next.meta);
		const who = userOf(next.players);
		let timers = o.timers ?? this.timers;
		if (next.state && timers.seats.length === 0) timers = startTimers(next.players.length, c, timers.vacations);
		const wasDropped = new Set(timers.seats.filter((t) => t.dropped).map((t) => t.seat));
		timers = advance(timers, c, { active: after, mover: o.mover ?? null, cause: o.cause ?? 'none', now }, who);
		const dropped = new Set(timers.seats.filter((t) => t.dropped).map((t) => t.seat));
		const held: Held = { kind, meta: next.meta, players: next.players, state: next.state, timers };
		const payload = JSON.stringify(d1Payload(held));
		const finished = next.state && next.meta.status === 'finished' && this.meta?.status !== 'finished' ? finalScores(kind, next.state) : null;
		this.ctx.storage.transactionSync(() => {
			if (o.init) this.store.init();
			this.store.saveMeta(next.meta);
			if (next.players !== this.players) this.store.savePlayers(next.players);
			if (move) this.store.appendMove(move);
			if (move && next.state && next.meta.version % SNAPSHOT_EVERY === 0) this.store.saveSnapshot(next.meta.version, next.state);
			this.store.saveTimers(timers);
			if (next.state) {
				const events = changeEvents(this.eventContextOf(held, now), {
					before, after, mover: o.mover ?? null, timeout: o.cause === 'timeout' ? (o.auto ?? null) : null,
					dropped, droppedNow: [...dropped].filter((s) => !wasDropped.has(s)), finished
				});
				for (const e of events) this.store.addEvent(e);
			}
			this.store.addOutbox(next.meta.version, payload);
		});
		this.kind = kind;
		this.meta = next.meta;
		this.players = next.players;
		this.state = next.state;
		this.timers = timers;
		this.sockets.broadcast(next.log);
		const timer = nextDue(timers, who) ?? Infinity;
		// A finishing move flushes at once, like a lobby change: the archive should show it at once.
		if (move && next.meta.status !== 'finished') {
			void this.armAlarm(Math.min(now + MOVE_FLUSH_MS, timer));
			return Promise.resolve();
		}
		void this.armAlarm(Math.min(now + BACKSTOP_MS, timer));
		return this.flusher.flush();
	}

	/** Sets the alarm to fire at room time `at` (or earlier if it already would): one storage write at most. */
	private async armAlarm(at: number): Promise<void> {
		const real = this.realTime(at);
		const current = await this.ctx.storage.getAlarm();
		if (current === null || current > real) await this.ctx.storage.setAlarm(real);
	}

	/** Room time → wall-clock time for the alarm (they differ only under the test clock). */
	private realTime(at: number): number {
		return Date.now() + Math.max(0, at - this.now());
	}

	private eventContextOf(h: Held, now: number): EventContext {
		const version = h.meta.version;
		return eventContext(h, now, this.sockets.openUsers(), (seat) => this.store.logSince(seat, version, SINCE_CAP));
	}

	private checkUser(user: RoomUser): RoomError | null {
		return validUser(user) ? null : refuse(401, 'UNAUTHENTICATED', 'sign in first');
	}

	/** A private game is "no such game" to anyone but its players and the holders of its invite link. */
	private checkAccess(userId: string | null, invite: string | null): RoomError | null {
		return canSee(this.meta!, this.players, userId, invite) ? null : refuse(404, 'NOT_FOUND', 'no such game');
	}

	/** The only shape in which the game leaves the room: the viewer's own view (projection.ts). */
	viewFor(userId: string | null): RoomView {
		return roomView(this.held()!, userId, this.now());
	}

	// ---- WebSockets (sockets.ts) ---------------------------------------------------------------

	async fetch(request: CfRequest): Promise<CfResponse> {
		return this.sockets.upgrade(request);
	}

	/** The user's hub: these sessions ended. Closes their sockets here; answers how many. */
	async closeSessions(sessionIds: string[]): Promise<number> {
		return this.sockets.closeSessions(sessionIds);
	}

	async webSocketMessage(ws: CfWebSocket, message: string | ArrayBuffer): Promise<void> {
		return this.sockets.message(ws, message);
	}

	async webSocketClose(ws: CfWebSocket, code: number, reason: string): Promise<void> {
		return this.sockets.close(ws, code, reason);
	}

	// ---- the alarm: flushes, reminders, timeouts, the bot (autoplay.ts, flusher.ts) -------------

	/**
	 * One alarm for everything time-driven: the coalesced D1 flush (and its retries), reminders,
	 * timeouts and left-over bot moves. Each due thing is judged from the stored clocks against
	 * now, and each is committed with the change that marks it done.
	 */
	async alarm(): Promise<void> {
		if (this.load() || !this.meta) return;
		this.autoplay.runTimers();
		this.autoplay.runBots();
		await this.flusher.flush();
		await this.rearm();
	}

	/** After an alarm: the next one at the earliest of the next timer, a pending flush and more bot moves. */
	private async rearm(): Promise<void> {
		const now = this.now();
		const at = [nextDue(this.timers, userOf(this.players)) ?? Infinity];
		if (this.flusher.pending()) at.push(this.flusher.retryAt ?? now + MOVE_FLUSH_MS);
		if (this.autoplay.botSeat() !== null) at.push(now);
		const next = Math.min(...at);
		if (next !== Infinity) await this.ctx.storage.setAlarm(this.realTime(next));
	}

	/** The player of a dropped seat takes it back: the counter is cleared and the clock starts again. */
	async reclaim(user: RoomUser): Promise<RoomResult<{ version: number }>> {
		const bad = this.loadExisting() ?? this.checkUser(user) ?? this.checkAccess(user.id, null);
		if (bad) return bad;
		const me = this.players.find((p) => p.userId === user.id);
		if (!me) return refuse(403, 'NOT_YOUR_SEAT', 'you have no seat in this game');
		if (this.meta!.status !== 'active' || !this.timers.seats[me.seat]?.dropped) return refuse(409, 'NOT_DROPPED', 'your seat is not played by the bot');
		const now = this.now();
		const timers = reclaimSeat(this.timers, control(this.meta!), me.seat, activeSeats(this.kind!, this.state, this.meta!), now);
		const next: Next = { meta: { ...this.meta!, version: this.meta!.version + 1, updatedAt: now }, players: this.players, state: this.state, log: [] };
		await this.commit(next, null, { timers });
		return { ok: true, version: next.meta.version };
	}

	/**
	 * A user's vacation (the API wrote it to D1 first): their clock pauses from `from` to `until` in
	 * this game, and everybody sees it. Both null: the vacation ends now (or a planned one is
	 * cancelled). A version of its own, so every view and the D1 deadlines follow.
	 */
	async vacation(userId: string, from: number | null, until: number | null): Promise<RoomResult<{ version: number }>> {
		const bad = this.loadExisting();
		if (bad) return bad;
		if (typeof userId !== 'string' || !this.players.some((p) => p.userId === userId)) return refuse(409, 'NOT_SEATED', 'no seat in this game');
		const m = this.meta!;
		if (m.status === 'finished') return { ok: true, version: m.version };
		const w: Window | null = Number.isSafeInteger(from) && Number.isSafeInteger(until) ? { from: from!, until: until! } : null;
		const now = this.now();
		const timers = setVacation(this.timers, userId, w, now);
		if (jsonEqual(timers, this.timers)) return { ok: true, version: m.version };
		const next: Next = { meta: { ...m, version: m.version + 1, updatedAt: now }, players: this.players, state: this.state, log: [] };
		await this.commit(next, null, { timers });
		return { ok: true, version: next.meta.version };
	}

	/** The user's vacation from D1 if it has not ended (null if none, or D1 is unreachable: then the API's own call tells us). */
	private async vacationOf(userId: string): Promise<Window | null> {
		try {
			const r = await this.env.DB.prepare('SELECT vacation_from AS f, vacation_until AS u FROM users WHERE id = ?').bind(userId).first<{ f: number | null; u: number | null }>();
			return r && r.f !== null && r.u !== null && r.u > this.now() ? { from: r.f, until: r.u } : null;
		} catch {
			return null;
		}
	}

	/**
	 * Test seam: a started game from a scenario (the kind's scenario extra, e.g. Giants' forced dice or a starting
	 * position), seats in the order given — for the end-to-end tests, which must reach every kind of
	 * move in one round. Only where ROOM_TEST_SEAMS is set; never in production.
	 */
	async createScenario(input: CreateInput, users: RoomUser[], scenario: ScenarioStart, seed: string): Promise<RoomResult<{ version: number }>> {
		if (!testSeams(this.env)) return refuse(404, 'NOT_FOUND', 'no such endpoint');
		const bad = this.load();
		if (bad) return bad;
		if (this.meta) return refuse(409, 'ALREADY_EXISTS', 'this game already exists');
		if (!users.every(validUser)) return refuse(400, 'BAD_REQUEST', 'bad users');
		const now = this.now();
		const made = createGame({ ...input, creator: users[0], seatsWanted: users.length }, now);
		if ('ok' in made) return made;
		const players = users.map((u, seat) => ({ userId: u.id, username: u.username, seat, joinedAt: now }));
		const next = startGame(made.meta, players, now, true, seed, scenario);
		if ('ok' in next) return next;
		await this.commit(next, null, { init: true });
		return { ok: true, version: next.meta.version };
	}

	/** Test seam: the room's clock stands at `ms` (null: the real clock again). Only where ROOM_TEST_SEAMS is set. */
	async setClock(ms: number | null): Promise<boolean> {
		if (!testSeams(this.env)) return false;
		this.testNow = ms;
		return true;
	}

	/** Test seam: the next `n` D1 writes of this room fail. Only where ROOM_TEST_SEAMS is set (tests). */
	/** Writes everything pending to D1 now (tests; the alarm does it otherwise). */
	flush(): Promise<void> {
		return this.flusher.flush();
	}

	async failNextD1Writes(n: number): Promise<boolean> {
		if (!testSeams(this.env)) return false;
		this.store.setCounter('failD1', n);
		return true;
	}
}
