/**
 * One Durable Object per game: the single writer of everything about it (conventions §10) — lobby
 * and moves — with its own SQLite storage, hibernating WebSockets and an outbox to D1.
 *
 * Exported from src/worker.ts only (it imports `cloudflare:workers`); routes reach it through
 * `platform.env.GAME_ROOM` and import protocol.ts for the types.
 *
 * Secrets: the seed and the sealed decisions live in `state.secret` and `meta.seed`. Nothing leaves
 * this object but `giants.view(state, seat)`, the engine's public log entries and the D1 payload
 * (which carries the seed commitment, never the seed).
 */
import { DurableObject } from 'cloudflare:workers';
import { testSeams } from '../dev';
import type {
	DurableObjectState,
	Request as CfRequest,
	Response as CfResponse,
	WebSocket as CfWebSocket,
	WebSocketPair as CfWebSocketPair
} from '@cloudflare/workers-types';
import { jsonEqual, seedRng } from '$lib/engine';
import { giants, type GiantsEntry, type GiantsMove, type GiantsState } from '$lib/games/giants';
import { buildExport, type GameExport } from '$lib/games/giants/export';
import { greedyBot } from '$lib/games/giants/bots';
import {
	advance, controlOf, currentVacation, deadlineOf, due, emptyTimers, markReminded, nextDue, reclaim as reclaimSeat,
	setVacation, startTimers, type Cause, type TimeControl, type Timers, type Window
} from './clock';
import { SINCE_CAP, changeEvents, makeEvent, timeoutMove, type EventContext } from './events';
import { createGame, joinGame, leaveGame, refuse, startGame, validUser, type Next, type ScenarioStart } from './lobby';
import { backoffMs, outboxBatch } from './outbox';
import { rebuild } from './rebuild';
import { RoomStore, SNAPSHOT_EVERY, type Meta, type MoveRow, type Player } from './storage';
import { closeEnded, closeSessionsIn, parseSocketSession } from '../auth/sockets';
import { sessionExpiry } from '../auth/session';
import { canSee } from './access';
import {
	SESSION_HEADER, USER_HEADER, type CreateInput, type D1Payload, type LogBatch, type RoomError, type RoomResult, type RoomUser, type RoomView,
	type SeatClock, type ServerMessage, type SubmitInput, type SubmitOk
} from '$lib/protocol/room';

const MOVE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Lobby changes flush the outbox at once; this alarm is the backstop if that flush is lost. */
const BACKSTOP_MS = 30_000;
/**
 * Moves reach D1 in batches: the alarm writes the newest outbox row this long after a move, however
 * many moves came meanwhile. The game index in D1 (lists, "your turn") may lag by this much; the
 * game itself never does. A flush per move cost the round trip ~20% (docs/benchmarks.md).
 */
const MOVE_FLUSH_MS = 1_000;
/** Bot moves played in one go; the rest continue from an immediate alarm (a game of bots only is long). */
const BOT_MOVES_PER_RUN = 200;
/** Notification events written per D1 batch. */
const EVENTS_PER_FLUSH = 50;

/**
 * What a socket carries through hibernation: who opened it and with which session (null for a
 * signed-out spectator), and when that session expires as far as the room knows — after that the
 * socket gets nothing more until the session is checked again (issue 10).
 */
type Attachment = { userId: string | null; sessionId?: string | null; expiresAt?: number | null };

interface CommitOpts {
	init?: boolean;
	/** The seat that moved, and why (clock.ts Cause); a timeout also names what the room did. */
	mover?: number | null;
	cause?: Cause;
	auto?: string | null;
	/** Timers changed by the caller (reclaim, vacation) before the usual advance. */
	timers?: Timers;
}

/** The Postman Durable Object's RPC (built elsewhere; reached only if bound). */
type PostmanNs = { get(id: unknown): { kick(): Promise<void> }; idFromName(name: string): unknown };

export class GameRoom extends DurableObject<Env> {
	readonly store: RoomStore;
	meta: Meta | null = null;
	players: Player[] = [];
	state: GiantsState | null = null;
	/** Why the room refuses to serve (a replay or snapshot mismatch), or null. */
	broken: string | null = null;
	private loaded = false;
	private flushing: Promise<void> | null = null;
	private flushAgain = false;
	/** The clocks (clock.ts), saved in the same transaction as every change. */
	timers: Timers = emptyTimers();
	/** Test seam (setClock): a fixed "now"; null = the real clock. */
	private testNow: number | null = null;
	/** When a failed flush is retried (room time), for re-arming the alarm after it ran. */
	private retryAt: number | null = null;

	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		this.store = new RoomStore(ctx.storage.sql);
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
				if (this.meta.seed && this.meta.config) {
					const r = rebuild(
						{ config: this.meta.config, seed: this.meta.seed, engineVersion: this.meta.engineVersion },
						this.store.moves(),
						this.store.latestSnapshot()
					);
					if (r.ok) this.state = r.value.state;
					else {
						this.broken = r.code;
						console.error(`GameRoom ${this.meta.gameId}: refusing to serve: ${r.code}: ${r.message}`);
					}
				}
				this.timers = this.store.timers() ?? this.legacyTimers();
				if (this.store.outboxSize() > 0 || this.store.eventsSize() > 0) void this.flush();
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
		const c = this.control(m);
		const t = advance(startTimers(this.players.length, c, {}), c, { active: giants.activeSeats(this.state), mover: null, cause: 'none', now: m.updatedAt }, this.userOf(this.players));
		this.ctx.storage.transactionSync(() => this.store.saveTimers(t));
		const at = nextDue(t, this.userOf(this.players));
		if (at !== null) void this.armAlarm(at);
		return t;
	}

	/** Time in the room: the real clock, or the test seam's. Every deadline is computed from it. */
	now(): number {
		return this.testNow ?? Date.now();
	}

	private control(m: Meta = this.meta!): TimeControl {
		return controlOf(m.clock, m.timeLimit);
	}

	private userOf(players: Player[]): (seat: number) => string | undefined {
		return (seat) => players.find((p) => p.seat === seat)?.userId;
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
	 * seed — setup is deterministic — so they need no storage) and each move's. Log entries are
	 * public by construction (G-0.1; the fuzzer checks no sealed decision or seed is in them).
	 */
	async log(user: RoomUser | null = null, invite: string | null = null): Promise<RoomResult<{ entries: LogBatch[] }>> {
		const bad = this.loadExisting() ?? this.checkAccess(user && validUser(user) ? user.id : null, invite);
		if (bad) return bad;
		const meta = this.meta!;
		if (!meta.seed || !meta.config) return { ok: true, entries: [] };
		const moves = this.store.moves();
		const setup = giants.setupWithLog(meta.config, meta.seed);
		const startVersion = meta.startVersion ?? (moves.length ? moves[0].version - 1 : meta.version);
		const entries: LogBatch[] = setup.ok ? [{ version: startVersion, log: setup.value.log }] : [];
		for (const m of moves) entries.push({ version: m.version, log: JSON.parse(m.log) as GiantsEntry[] });
		return { ok: true, entries };
	}

	/**
	 * Issue 6: a finished game as a versioned export (src/lib/games/giants/export.ts) — with the
	 * seed, which is public once the game is over (G-0.3). Refused while the game runs.
	 */
	async exportGame(user: RoomUser | null = null, invite: string | null = null): Promise<RoomResult<{ export: GameExport; visibility: 'public' | 'private' }>> {
		const bad = this.loadExisting() ?? this.checkAccess(user && validUser(user) ? user.id : null, invite);
		if (bad) return bad;
		const meta = this.meta!;
		if (meta.status !== 'finished' || !this.state || !meta.seed || !meta.config || !giants.isOver(this.state))
			return refuse(409, 'NOT_FINISHED', 'only a finished game can be exported');
		const moves = this.store.moves();
		return {
			ok: true,
			visibility: meta.visibility,
			export: buildExport({
				id: meta.gameId,
				config: meta.config,
				seed: meta.seed,
				engineVersion: meta.engineVersion,
				players: this.players,
				createdAt: meta.createdAt,
				startedAt: meta.startedAt,
				finishedAt: meta.finishedAt,
				startVersion: meta.startVersion ?? (moves.length ? moves[0].version - 1 : meta.version),
				moves: moves.map((m) => ({ version: m.version, seat: m.seat, move: JSON.parse(m.move), at: m.at })),
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
				return { ok: true, version: prior.version, log: JSON.parse(prior.log) as GiantsEntry[], duplicate: true };
			return refuse(409, 'MOVE_ID_REUSED', 'this moveId was already used for another move');
		}
		if (meta.status === 'waiting') return refuse(409, 'NOT_STARTED', 'the game has not started yet');
		if (ev !== undefined && ev !== meta.version)
			return refuse(409, 'STALE_VERSION', `the game is at version ${meta.version}`, { currentVersion: meta.version });
		const r = this.applyMove(me.seat, user.id, input.move, input.moveId, 'player');
		// Engine codes and messages pass through: they are written for the mover and hold no secret.
		// BAD_MOVE is malformed input (400); every other refusal is a rule violation (422).
		if (!r.ok) return refuse(r.code === 'BAD_MOVE' ? 400 : 422, r.code, r.message);
		this.runBots();
		return { ok: true, version: r.version, log: r.log, duplicate: false };
	}

	/**
	 * The one path of a move — a player's, a timeout's or the bot's: apply as the seat, commit.
	 * Moves do not wait for D1 (the outbox guarantees it lands); lobby changes do, so the lists
	 * read from D1 show a game as soon as its creator or joiner gets the answer.
	 */
	private applyMove(
		seat: number, userId: string, move: unknown, moveId: string, cause: Cause, auto: string | null = null
	): { ok: true; version: number; log: GiantsEntry[] } | { ok: false; code: string; message: string } {
		const meta = this.meta!;
		const r = giants.apply(this.state!, seat, move);
		if (!r.ok) return { ok: false, code: r.code, message: r.message };
		const now = this.now();
		const over = giants.isOver(r.value.state);
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
		const before = this.meta ? this.activeSeats(this.state, this.meta) : [];
		const after = this.activeSeats(next.state, next.meta);
		const control = this.control(next.meta);
		const userOf = this.userOf(next.players);
		let timers = o.timers ?? this.timers;
		if (next.state && timers.seats.length === 0) timers = startTimers(next.players.length, control, timers.vacations);
		const wasDropped = new Set(timers.seats.filter((t) => t.dropped).map((t) => t.seat));
		timers = advance(timers, control, { active: after, mover: o.mover ?? null, cause: o.cause ?? 'none', now }, userOf);
		const dropped = new Set(timers.seats.filter((t) => t.dropped).map((t) => t.seat));
		const payload = JSON.stringify(this.d1Payload(next, timers));
		const finished = next.state && next.meta.status === 'finished' && this.meta?.status !== 'finished' ? this.finalScores(next.state) : null;
		this.ctx.storage.transactionSync(() => {
			if (o.init) this.store.init();
			this.store.saveMeta(next.meta);
			if (next.players !== this.players) this.store.savePlayers(next.players);
			if (move) this.store.appendMove(move);
			if (move && next.state && next.meta.version % SNAPSHOT_EVERY === 0) this.store.saveSnapshot(next.meta.version, next.state);
			this.store.saveTimers(timers);
			if (next.state) {
				const ctx = this.eventContext(next, timers, now);
				const events = changeEvents(ctx, {
					before, after, mover: o.mover ?? null, timeout: o.cause === 'timeout' ? (o.auto ?? null) : null,
					dropped, droppedNow: [...dropped].filter((s) => !wasDropped.has(s)), finished
				});
				for (const e of events) this.store.addEvent(e);
			}
			this.store.addOutbox(next.meta.version, payload);
		});
		this.meta = next.meta;
		this.players = next.players;
		this.state = next.state;
		this.timers = timers;
		this.broadcast(next.log);
		const timer = nextDue(timers, userOf) ?? Infinity;
		// A finishing move flushes at once, like a lobby change: the archive should show it at once.
		if (move && next.meta.status !== 'finished') {
			void this.armAlarm(Math.min(now + MOVE_FLUSH_MS, timer));
			return Promise.resolve();
		}
		void this.armAlarm(Math.min(now + BACKSTOP_MS, timer));
		return this.flush();
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

	private eventContext(next: Next, timers: Timers, now: number): EventContext {
		const userOf = this.userOf(next.players);
		const version = next.meta.version;
		return {
			gameId: next.meta.gameId,
			version,
			now,
			round: next.state!.round,
			phase: next.state!.phase.kind,
			names: next.players.map((p) => p.username),
			userOf,
			open: this.openUsers(),
			since: (seat) => this.store.logSince(seat, version, SINCE_CAP),
			deadline: (seat) => {
				const t = timers.seats[seat];
				return t ? deadlineOf(t, timers.vacations[userOf(seat) ?? ''] ?? []) : null;
			}
		};
	}

	private finalScores(state: GiantsState): { scores: number[]; winners: number[] } {
		const sheets = giants.scores(state);
		return { scores: sheets.map((x) => x.total), winners: sheets.flatMap((x) => (x.winner ? [x.seat] : [])) };
	}

	/** Users with a connected socket (they have the game open). */
	private openUsers(): Set<string> {
		const out = new Set<string>();
		for (const ws of this.ctx.getWebSockets()) {
			const att = ws.deserializeAttachment() as Attachment | null;
			if (att?.userId) out.add(att.userId);
		}
		return out;
	}

	private d1Payload(n: Next, timers: Timers): D1Payload {
		const m = n.meta;
		const sheets = n.state && giants.isOver(n.state) ? giants.scores(n.state) : null;
		return {
			game: {
				id: m.gameId, game: m.game, status: m.status, visibility: m.visibility, inviteCode: m.inviteCode, creatorId: m.creatorId,
				options: JSON.stringify(m.options), seatsWanted: m.seatsWanted, timeLimit: m.timeLimit, engineVersion: m.engineVersion,
				version: m.version, activeSeats: JSON.stringify(this.activeSeats(n.state, m)), seedCommitment: m.seedCommitment,
				clock: JSON.stringify(this.control(m)), createdAt: m.createdAt, updatedAt: m.updatedAt, startedAt: m.startedAt, finishedAt: m.finishedAt,
				rounds: n.state ? n.state.round : null, players: n.players.length
			},
			seats: n.players.map((p) => {
				const t = n.state ? timers.seats[p.seat] : undefined;
				return {
					userId: p.userId,
					seat: p.seat,
					colour: n.state ? n.state.players[p.seat].colour : null,
					score: sheets ? sheets[p.seat].total : null,
					winner: sheets ? (sheets[p.seat].winner ? 1 : 0) : null,
					joinedAt: p.joinedAt,
					waitingSince: t?.waitingSince ?? null,
					deadline: t ? deadlineOf(t, timers.vacations[p.userId] ?? []) : null,
					timeouts: t?.timeouts ?? 0,
					dropped: t?.dropped ? 1 : 0
				};
			})
		};
	}

	private activeSeats(state: GiantsState | null, meta: Meta): number[] {
		return state && meta.status === 'active' ? giants.activeSeats(state) : [];
	}

	private checkUser(user: RoomUser): RoomError | null {
		return validUser(user) ? null : refuse(401, 'UNAUTHENTICATED', 'sign in first');
	}

	/** A private game is "no such game" to anyone but its players and the holders of its invite link. */
	private checkAccess(userId: string | null, invite: string | null): RoomError | null {
		return canSee(this.meta!, this.players, userId, invite) ? null : refuse(404, 'NOT_FOUND', 'no such game');
	}

	/** The only shape in which the game leaves the room: the viewer's own engine view. */
	viewFor(userId: string | null): RoomView {
		const m = this.meta!;
		const me = userId === null ? undefined : this.players.find((p) => p.userId === userId);
		const seat = me && this.state ? me.seat : null;
		return {
			gameId: m.gameId,
			game: m.game,
			version: m.version,
			status: m.status,
			visibility: m.visibility,
			creatorId: m.creatorId,
			options: m.options,
			seatsWanted: m.seatsWanted,
			timeLimit: m.timeLimit,
			seats: this.players.map((p) => ({
				seat: p.seat,
				userId: p.userId,
				username: p.username,
				colour: this.state ? this.state.players[p.seat].colour : null
			})),
			yourSeat: me ? me.seat : null,
			inviteCode: me ? m.inviteCode : null,
			activeSeats: this.activeSeats(this.state, m),
			view: this.state ? giants.view(this.state, seat) : null,
			clock: this.control(m),
			clocks: this.clocks()
		};
	}

	/** Every seat's clock, public: deadlines, drops and vacations are for everybody to see. */
	private clocks(): SeatClock[] {
		const now = this.now();
		return this.players.map((p) => {
			const ws = this.timers.vacations[p.userId] ?? [];
			const t = this.state ? this.timers.seats[p.seat] : undefined;
			const vacation = currentVacation(ws, now);
			return {
				seat: p.seat,
				waitingSince: t?.waitingSince ?? null,
				deadline: t ? deadlineOf(t, ws) : null,
				bank: t?.bank ?? null,
				timeouts: t?.timeouts ?? 0,
				dropped: !!t?.dropped,
				vacation,
				paused: !!vacation && vacation.from <= now
			};
		});
	}

	// ---- WebSockets (hibernation API) ----------------------------------------------------------

	async fetch(request: CfRequest): Promise<CfResponse> {
		const bad = this.loadExisting();
		if (bad) return json(bad.status, { code: bad.code, message: bad.message });
		if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
			return json(426, { code: 'UPGRADE_REQUIRED', message: 'expected a WebSocket upgrade' });
		let userId: string | null = null;
		const raw = request.headers.get(USER_HEADER);
		if (raw) {
			try {
				const u = JSON.parse(raw) as RoomUser;
				if (validUser(u)) userId = u.id;
			} catch {
				/* treated as a spectator */
			}
		}
		// A signed-in socket without its session is a spectator's: the room never keeps a user's
		// socket it could not close when the session ends.
		const session = userId === null ? null : parseSocketSession(request.headers.get(SESSION_HEADER));
		if (!session) userId = null;
		const denied = this.checkAccess(userId, new URL(request.url).searchParams.get('invite'));
		if (denied) return json(denied.status, { code: denied.code, message: denied.message });
		const Pair = (globalThis as unknown as { WebSocketPair: typeof CfWebSocketPair }).WebSocketPair;
		const [client, server] = Object.values(new Pair()) as [CfWebSocket, CfWebSocket];
		this.ctx.acceptWebSocket(server);
		server.serializeAttachment({ userId, sessionId: session?.id ?? null, expiresAt: session?.expiresAt ?? null } satisfies Attachment);
		// Registered with the user's hub before anything is sent: a session that ended meanwhile gets nothing.
		if (session && userId !== null && !(await this.registerSocket(userId, session.id))) closeEnded(server);
		else send(server, { type: 'state', ...this.viewFor(userId) });
		return new Response(null, { status: 101, webSocket: client } as ResponseInit) as unknown as CfResponse;
	}

	/** Tells the user's hub this room holds a socket of the session; false if the session has ended (or the hub cannot say). */
	private async registerSocket(userId: string, sessionId: string): Promise<boolean> {
		try {
			return await this.env.USER_HUB.get(this.env.USER_HUB.idFromName(userId)).register(sessionId, this.meta!.gameId);
		} catch (e) {
			console.error(`GameRoom ${this.meta?.gameId}: could not register a socket with its hub: ${(e as Error).message}`);
			return false;
		}
	}

	/** The user's hub: these sessions ended. Closes their sockets here; answers how many. */
	async closeSessions(sessionIds: string[]): Promise<number> {
		return closeSessionsIn(this.ctx.getWebSockets(), Array.isArray(sessionIds) ? sessionIds : []);
	}

	/**
	 * Is the socket's session still alive? Asked of D1 on every resync (and when the expiry the socket
	 * knew has passed); a live session's new expiry is kept. Spectator sockets have none to check.
	 */
	private async sessionAlive(ws: CfWebSocket, att: Attachment): Promise<boolean> {
		if (!att.sessionId || att.userId === null) return true;
		let expiresAt: number | null;
		try {
			expiresAt = await sessionExpiry(this.env.DB, att.sessionId, att.userId);
		} catch {
			expiresAt = null; // cannot tell: the client reconnects, and the upgrade checks the cookie
		}
		if (expiresAt === null) return false;
		ws.serializeAttachment({ ...att, expiresAt } satisfies Attachment);
		return true;
	}

	async webSocketMessage(ws: CfWebSocket, message: string | ArrayBuffer): Promise<void> {
		let type: unknown;
		try {
			type = typeof message === 'string' && message.length <= 1024 ? (JSON.parse(message) as { type?: unknown })?.type : undefined;
		} catch {
			type = undefined;
		}
		const bad = this.loadExisting();
		if (bad) return send(ws, { type: 'error', code: bad.code, message: bad.message });
		if (type === 'resync') {
			const att = (ws.deserializeAttachment() as Attachment | null) ?? { userId: null };
			if (!(await this.sessionAlive(ws, att))) return closeEnded(ws);
			return send(ws, { type: 'state', ...this.viewFor(att.userId) });
		}
		send(ws, { type: 'error', code: 'BAD_MESSAGE', message: 'expected {"type":"resync"}' });
	}

	async webSocketClose(ws: CfWebSocket, code: number, reason: string): Promise<void> {
		try {
			ws.close(code, reason);
		} catch {
			/* already closed */
		}
		// The session's last socket here: the hub need not tell this room about it any more.
		const att = ws.deserializeAttachment() as Attachment | null;
		if (!att?.sessionId || att.userId === null || !this.meta) return;
		const others = this.ctx.getWebSockets().some((w) => w !== ws && (w.deserializeAttachment() as Attachment | null)?.sessionId === att.sessionId);
		if (others) return;
		try {
			await this.env.USER_HUB.get(this.env.USER_HUB.idFromName(att.userId)).unregister(att.sessionId, this.meta.gameId);
		} catch {
			/* the hub forgets old rows by itself */
		}
	}

	/** Every socket gets its own seat's view (spectators the spectator view) with the new version. */
	private broadcast(log: GiantsEntry[]): void {
		const sockets = this.ctx.getWebSockets();
		if (sockets.length === 0) return;
		const cache = new Map<string, string>();
		const now = Date.now();
		for (const ws of sockets) {
			const att = ws.deserializeAttachment() as Attachment | null;
			// Past the expiry the socket was opened with (sessions are renewed while used): nothing more
			// until the session is confirmed; the client reconnects, and the upgrade checks the cookie.
			if (att?.expiresAt && att.expiresAt <= now) {
				closeEnded(ws);
				continue;
			}
			const userId = att?.userId ?? null;
			const seat = userId === null ? undefined : this.players.find((p) => p.userId === userId)?.seat;
			const key = seat === undefined ? 'spectator' : String(seat);
			let text = cache.get(key);
			if (text === undefined) {
				text = JSON.stringify({ type: 'event', log, ...this.viewFor(seat === undefined ? null : userId) } satisfies ServerMessage);
				cache.set(key, text);
			}
			try {
				ws.send(text);
			} catch {
				/* a closing socket; its client resyncs on reconnect */
			}
		}
	}

	// ---- clocks: reminders, timeouts, the bot --------------------------------------------------

	/**
	 * One alarm for everything time-driven: the coalesced D1 flush (and its retries), reminders,
	 * timeouts and left-over bot moves. Each due thing is judged from the stored clocks against
	 * now, and each is committed with the change that marks it done — so an alarm that fires twice,
	 * or late, finds nothing left to do the second time.
	 */
	async alarm(): Promise<void> {
		if (this.load() || !this.meta) return;
		this.runTimers();
		this.runBots();
		await this.flush();
		await this.rearm();
	}

	/** After an alarm: the next one at the earliest of the next timer, a pending flush and more bot moves. */
	private async rearm(): Promise<void> {
		const now = this.now();
		const at = [nextDue(this.timers, this.userOf(this.players)) ?? Infinity];
		if (this.store.outboxSize() > 0 || this.store.eventsSize() > 0) at.push(this.retryAt ?? now + MOVE_FLUSH_MS);
		if (this.botSeat() !== null) at.push(now);
		const next = Math.min(...at);
		if (next !== Infinity) await this.ctx.storage.setAlarm(this.realTime(next));
	}

	/** Reminders and timeouts that are due, one at a time (a timeout changes who is awaited next). */
	private runTimers(): void {
		for (let guard = 0; guard < 100; guard++) {
			if (this.meta!.status !== 'active' || !this.state) return;
			const now = this.now();
			const d = due(this.timers, now, this.userOf(this.players))[0];
			if (!d) return;
			if (d.kind === 'reminder') this.remind(d.seat, d.hours, now);
			else this.timeOut(d.seat);
			this.runBots();
		}
	}

	/** A reminder is no change of the game (no version): the event and the mark that it was sent, in one transaction. */
	private remind(seat: number, hours: number, now: number): void {
		const timers = markReminded(this.timers, seat, hours);
		const next: Next = { meta: this.meta!, players: this.players, state: this.state, log: [] };
		const ctx = this.eventContext(next, timers, now);
		const e = makeEvent(ctx, 'reminder', seat, { hoursLeft: hours, deadline: ctx.deadline(seat) });
		this.ctx.storage.transactionSync(() => {
			this.store.saveTimers(timers);
			if (e) this.store.addEvent(e);
		});
		this.timers = timers;
	}

	/** The seat's clock ran out: the room makes its automatic move as the seat (events.ts timeoutMove). */
	private timeOut(seat: number): void {
		const player = this.players.find((p) => p.seat === seat)!;
		const version = this.meta!.version;
		const auto = timeoutMove(this.state!.phase.kind);
		let r = auto ? this.applyMove(seat, player.userId, auto.move, `timeout:${version}:${seat}`, 'timeout', auto.auto) : null;
		if (!r?.ok) {
			// Not expected (every phase allows its automatic move); the bot's legal move keeps the game going.
			console.error(`GameRoom ${this.meta!.gameId}: automatic move for seat ${seat} refused: ${r && !r.ok ? r.code : 'no phase'}`);
			r = this.applyMove(seat, player.userId, this.botMove(seat), `timeout:${version}:${seat}`, 'timeout', 'bot');
		}
		if (!r.ok) {
			// Never leave a due timeout behind to fire again and again: count it as done.
			this.timers = { ...this.timers, seats: this.timers.seats.map((t) => (t.seat === seat ? { ...t, timedOutFor: t.waitingSince } : t)) };
			this.ctx.storage.transactionSync(() => this.store.saveTimers(this.timers));
		}
	}

	/** A dropped seat whose input is awaited, or null. */
	private botSeat(): number | null {
		if (!this.state || this.meta?.status !== 'active') return null;
		return giants.activeSeats(this.state).find((seat) => this.timers.seats[seat]?.dropped) ?? null;
	}

	private botMove(seat: number): GiantsMove {
		// From the seat's own view (what a player could know) and a generator seeded by game and version: reproducible.
		const rng = seedRng(`${this.meta!.gameId}/${this.meta!.version}/bot`);
		return greedyBot(giants.view(this.state!, seat), seat, rng);
	}

	/** Dropped seats are played by the bot as soon as they are awaited. */
	private runBots(): void {
		for (let i = 0; i < BOT_MOVES_PER_RUN; i++) {
			const seat = this.botSeat();
			if (seat === null) return;
			const player = this.players.find((p) => p.seat === seat)!;
			const r = this.applyMove(seat, player.userId, this.botMove(seat), `bot:${this.meta!.version}:${seat}`, 'bot');
			if (!r.ok) {
				console.error(`GameRoom ${this.meta!.gameId}: bot move for seat ${seat} refused: ${r.code}`);
				return;
			}
		}
		if (this.botSeat() !== null) void this.armAlarm(this.now());
	}

	/** The player of a dropped seat takes it back: the counter is cleared and the clock starts again. */
	async reclaim(user: RoomUser): Promise<RoomResult<{ version: number }>> {
		const bad = this.loadExisting() ?? this.checkUser(user) ?? this.checkAccess(user.id, null);
		if (bad) return bad;
		const me = this.players.find((p) => p.userId === user.id);
		if (!me) return refuse(403, 'NOT_YOUR_SEAT', 'you have no seat in this game');
		if (this.meta!.status !== 'active' || !this.timers.seats[me.seat]?.dropped) return refuse(409, 'NOT_DROPPED', 'your seat is not played by the bot');
		const now = this.now();
		const timers = reclaimSeat(this.timers, this.control(), me.seat, this.activeSeats(this.state, this.meta!), now);
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

	// ---- outbox flush --------------------------------------------------------------------------

	/** Flushes serially: one D1 batch at a time; changes during a flush trigger one more round. */
	flush(): Promise<void> {
		if (this.flushing) {
			this.flushAgain = true;
			return this.flushing;
		}
		this.flushing = (async () => {
			do {
				this.flushAgain = false;
				if (!(await this.flushOnce())) break;
			} while (this.flushAgain);
		})().finally(() => {
			this.flushing = null;
		});
		return this.flushing;
	}

	/**
	 * Writes the newest outbox payload and every pending notification event (up to a batch) to D1;
	 * false (and a retry alarm with backoff) on failure. Events are deleted here only after D1 has them.
	 */
	private async flushOnce(): Promise<boolean> {
		const row = this.store.newestOutbox();
		const events = this.store.pendingEvents(EVENTS_PER_FLUSH);
		if (!row && events.length === 0) return true;
		try {
			const seam = this.store.counter('failD1');
			if (seam > 0) {
				this.store.setCounter('failD1', seam - 1);
				throw new Error('test seam: D1 write refused');
			}
			await this.env.DB.batch(outboxBatch(this.env.DB, row ? (JSON.parse(row.payload) as D1Payload) : null, events));
			this.ctx.storage.transactionSync(() => {
				if (row) this.store.clearOutbox(row.version);
				this.store.deleteEvents(events.map((e) => e.id));
				this.store.setCounter('flushFailures', 0);
			});
			this.retryAt = null;
			if (events.length) {
				if (this.store.eventsSize() > 0) this.flushAgain = true;
				this.kickPostman();
			}
			return true;
		} catch (e) {
			const failures = this.store.counter('flushFailures') + 1;
			this.store.setCounter('flushFailures', failures);
			const delay = backoffMs(failures);
			console.error(`GameRoom ${this.meta?.gameId}: D1 write of version ${row?.version ?? '(events)'} failed (${failures}x), retry in ${delay} ms: ${(e as Error).message}`);
			this.retryAt = this.now() + delay;
			await this.armAlarm(this.retryAt);
			return false;
		}
	}

	/** New events are in D1: the postman fans them out now rather than at its next round. Never blocks the flush. */
	private kickPostman(): void {
		const ns = (this.env as unknown as { POSTMAN?: PostmanNs }).POSTMAN;
		if (!ns) return;
		try {
			void ns.get(ns.idFromName('postman')).kick().catch((e: unknown) => console.error(`postman kick failed: ${(e as Error).message}`));
		} catch (e) {
			console.error(`postman kick failed: ${(e as Error).message}`);
		}
	}

	/**
	 * Test seam: a started game from a scenario (docs/giants-notation.md: forced dice, a starting
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
	async failNextD1Writes(n: number): Promise<boolean> {
		if (!testSeams(this.env)) return false;
		this.store.setCounter('failD1', n);
		return true;
	}
}

function json(status: number, body: unknown): CfResponse {
	return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }) as unknown as CfResponse;
}

function send(ws: CfWebSocket, msg: ServerMessage): void {
	try {
		ws.send(JSON.stringify(msg));
	} catch {
		/* closing */
	}
}
