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
import type {
	DurableObjectState,
	Request as CfRequest,
	Response as CfResponse,
	WebSocket as CfWebSocket,
	WebSocketPair as CfWebSocketPair
} from '@cloudflare/workers-types';
import { jsonEqual } from '$lib/engine';
import { giants, type GiantsEntry, type GiantsState } from '$lib/games/giants';
import { createGame, joinGame, leaveGame, refuse, startGame, validUser, type Next, type ScenarioStart } from './lobby';
import { backoffMs, outboxBatch } from './outbox';
import { rebuild } from './rebuild';
import { RoomStore, SNAPSHOT_EVERY, type Meta, type MoveRow, type Player } from './storage';
import { USER_HEADER, type CreateInput, type D1Payload, type LogBatch, type RoomError, type RoomResult, type RoomUser, type RoomView, type ServerMessage, type SubmitInput, type SubmitOk } from './protocol';

const MOVE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Lobby changes flush the outbox at once; this alarm is the backstop if that flush is lost. */
const BACKSTOP_MS = 30_000;
/**
 * Moves reach D1 in batches: the alarm writes the newest outbox row this long after a move, however
 * many moves came meanwhile. The game index in D1 (lists, "your turn") may lag by this much; the
 * game itself never does. A flush per move cost the round trip ~20% (docs/benchmarks.md).
 */
const MOVE_FLUSH_MS = 1_000;

type Attachment = { userId: string | null };

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
				if (this.store.outboxSize() > 0) void this.flush();
			}
		}
		if (this.broken) return refuse(503, 'GAME_UNAVAILABLE', 'this game cannot be loaded; the operators have been told');
		return null;
	}

	private loadExisting(): RoomError | null {
		return this.load() ?? (this.meta ? null : refuse(404, 'NOT_FOUND', 'no such game'));
	}

	// ---- RPC: lobby ----------------------------------------------------------------------------

	async create(input: CreateInput): Promise<RoomResult<{ version: number }>> {
		const bad = this.load();
		if (bad) return bad;
		if (this.meta) return refuse(409, 'ALREADY_EXISTS', 'this game already exists');
		const next = createGame(input, Date.now());
		if ('ok' in next) return next;
		await this.commit(next, null, true);
		return { ok: true, version: next.meta.version };
	}

	async join(user: RoomUser, inviteCode?: string): Promise<RoomResult<{ version: number }>> {
		const bad = this.loadExisting() ?? this.checkUser(user);
		if (bad) return bad;
		const next = joinGame(this.meta!, this.players, user, typeof inviteCode === 'string' ? inviteCode : undefined, Date.now());
		if ('ok' in next) return next;
		await this.commit(next, null);
		return { ok: true, version: next.meta.version };
	}

	async leave(user: RoomUser): Promise<RoomResult<{ version: number }>> {
		const bad = this.loadExisting() ?? this.checkUser(user);
		if (bad) return bad;
		const next = leaveGame(this.meta!, this.players, user, Date.now());
		if ('ok' in next) return next;
		await this.commit(next, null);
		return { ok: true, version: next.meta.version };
	}

	async start(user: RoomUser): Promise<RoomResult<{ version: number }>> {
		const bad = this.loadExisting() ?? this.checkUser(user);
		if (bad) return bad;
		if (this.meta!.creatorId !== user.id) return refuse(403, 'FORBIDDEN', 'only the creator can start the game');
		const next = startGame(this.meta!, this.players, Date.now());
		if ('ok' in next) return next;
		await this.commit(next, null);
		return { ok: true, version: next.meta.version };
	}

	// ---- RPC: view, log and moves --------------------------------------------------------------

	async view(user: RoomUser | null): Promise<RoomResult<RoomView>> {
		const bad = this.loadExisting();
		if (bad) return bad;
		return { ok: true, ...this.viewFor(user && validUser(user) ? user.id : null) };
	}

	/**
	 * The whole public log, oldest first: the start's entries (recomputed from the config and the
	 * seed — setup is deterministic — so they need no storage) and each move's. Log entries are
	 * public by construction (G-0.1; the fuzzer checks no sealed decision or seed is in them).
	 */
	async log(): Promise<RoomResult<{ entries: LogBatch[] }>> {
		const bad = this.loadExisting();
		if (bad) return bad;
		const meta = this.meta!;
		if (!meta.seed || !meta.config) return { ok: true, entries: [] };
		const moves = this.store.moves();
		const setup = giants.setupWithLog(meta.config, meta.seed);
		const startVersion = moves.length ? moves[0].version - 1 : meta.version;
		const entries: LogBatch[] = setup.ok ? [{ version: startVersion, log: setup.value.log }] : [];
		for (const m of moves) entries.push({ version: m.version, log: JSON.parse(m.log) as GiantsEntry[] });
		return { ok: true, entries };
	}

	async submit(user: RoomUser, input: SubmitInput): Promise<RoomResult<SubmitOk>> {
		// Everything from here to the commit is synchronous: no other request can interleave, so the
		// version checked is the version the move is applied to.
		const bad = this.loadExisting() ?? this.checkUser(user);
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
		const r = giants.apply(this.state!, me.seat, input.move);
		// Engine codes and messages pass through: they are written for the mover and hold no secret.
		// BAD_MOVE is malformed input (400); every other refusal is a rule violation (422).
		if (!r.ok) return refuse(r.code === 'BAD_MOVE' ? 400 : 422, r.code, r.message);
		const now = Date.now();
		const over = giants.isOver(r.value.state);
		const next: Next = {
			meta: { ...meta, version: meta.version + 1, updatedAt: now, ...(over ? { status: 'finished' as const, finishedAt: now } : {}) },
			players: this.players,
			state: r.value.state,
			log: r.value.log
		};
		const row: MoveRow = {
			version: next.meta.version,
			seat: me.seat,
			userId: user.id,
			moveId: input.moveId,
			move: JSON.stringify(input.move),
			log: JSON.stringify(r.value.log),
			engineVersion: meta.engineVersion,
			at: now
		};
		// Moves do not wait for D1 (the outbox guarantees it lands); lobby changes do, so the
		// lists read from D1 show a game as soon as its creator or joiner gets the answer.
		void this.commit(next, row);
		return { ok: true, version: row.version, log: r.value.log, duplicate: false };
	}

	// ---- the one way a game changes ------------------------------------------------------------

	/**
	 * One storage transaction per change: meta, players, the move, a snapshot and the outbox row;
	 * then the broadcast and the flush (whose promise never rejects: failures go to the alarm).
	 */
	private commit(next: Next, move: MoveRow | null, init = false): Promise<void> {
		const payload = JSON.stringify(this.d1Payload(next));
		this.ctx.storage.transactionSync(() => {
			if (init) this.store.init();
			this.store.saveMeta(next.meta);
			if (next.players !== this.players) this.store.savePlayers(next.players);
			if (move) this.store.appendMove(move);
			if (move && next.state && next.meta.version % SNAPSHOT_EVERY === 0) this.store.saveSnapshot(next.meta.version, next.state);
			this.store.addOutbox(next.meta.version, payload);
		});
		this.meta = next.meta;
		this.players = next.players;
		this.state = next.state;
		this.broadcast(next.log);
		// A finishing move flushes at once, like a lobby change: the archive should show it at once.
		if (move && next.meta.status !== 'finished') {
			void this.alarmWithin(MOVE_FLUSH_MS);
			return Promise.resolve();
		}
		void this.alarmWithin(BACKSTOP_MS);
		return this.flush();
	}

	/** Sets the alarm to fire within `ms` from now, keeping an earlier one (one storage write at most). */
	private async alarmWithin(ms: number): Promise<void> {
		const at = Date.now() + ms;
		const current = await this.ctx.storage.getAlarm();
		if (current === null || current > at) await this.ctx.storage.setAlarm(at);
	}

	private d1Payload(n: Next): D1Payload {
		const m = n.meta;
		const sheets = n.state && giants.isOver(n.state) ? giants.scores(n.state) : null;
		return {
			game: {
				id: m.gameId, game: m.game, status: m.status, visibility: m.visibility, inviteCode: m.inviteCode, creatorId: m.creatorId,
				options: JSON.stringify(m.options), seatsWanted: m.seatsWanted, timeLimit: m.timeLimit, engineVersion: m.engineVersion,
				version: m.version, activeSeats: JSON.stringify(this.activeSeats(n.state, m)), seedCommitment: m.seedCommitment,
				createdAt: m.createdAt, updatedAt: m.updatedAt, startedAt: m.startedAt, finishedAt: m.finishedAt
			},
			seats: n.players.map((p) => ({
				userId: p.userId,
				seat: p.seat,
				colour: n.state ? n.state.players[p.seat].colour : null,
				score: sheets ? sheets[p.seat].total : null,
				winner: sheets ? (sheets[p.seat].winner ? 1 : 0) : null,
				joinedAt: p.joinedAt
			}))
		};
	}

	private activeSeats(state: GiantsState | null, meta: Meta): number[] {
		return state && meta.status === 'active' ? giants.activeSeats(state) : [];
	}

	private checkUser(user: RoomUser): RoomError | null {
		return validUser(user) ? null : refuse(401, 'UNAUTHENTICATED', 'sign in first');
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
			view: this.state ? giants.view(this.state, seat) : null
		};
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
		const Pair = (globalThis as unknown as { WebSocketPair: typeof CfWebSocketPair }).WebSocketPair;
		const [client, server] = Object.values(new Pair()) as [CfWebSocket, CfWebSocket];
		this.ctx.acceptWebSocket(server);
		server.serializeAttachment({ userId } satisfies Attachment);
		server.send(JSON.stringify({ type: 'state', ...this.viewFor(userId) } satisfies ServerMessage));
		return new Response(null, { status: 101, webSocket: client } as ResponseInit) as unknown as CfResponse;
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
			const att = ws.deserializeAttachment() as Attachment | null;
			return send(ws, { type: 'state', ...this.viewFor(att?.userId ?? null) });
		}
		send(ws, { type: 'error', code: 'BAD_MESSAGE', message: 'expected {"type":"resync"}' });
	}

	async webSocketClose(ws: CfWebSocket, code: number, reason: string): Promise<void> {
		try {
			ws.close(code, reason);
		} catch {
			/* already closed */
		}
	}

	/** Every socket gets its own seat's view (spectators the spectator view) with the new version. */
	private broadcast(log: GiantsEntry[]): void {
		const sockets = this.ctx.getWebSockets();
		if (sockets.length === 0) return;
		const cache = new Map<string, string>();
		for (const ws of sockets) {
			const att = ws.deserializeAttachment() as Attachment | null;
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

	// ---- outbox flush --------------------------------------------------------------------------

	async alarm(): Promise<void> {
		if (this.load()) return;
		await this.flush();
	}

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

	/** Writes the newest outbox payload to D1; false (and a retry alarm with backoff) on failure. */
	private async flushOnce(): Promise<boolean> {
		const row = this.store.newestOutbox();
		if (!row) return true;
		try {
			const seam = this.store.counter('failD1');
			if (seam > 0) {
				this.store.setCounter('failD1', seam - 1);
				throw new Error('test seam: D1 write refused');
			}
			await this.env.DB.batch(outboxBatch(this.env.DB, JSON.parse(row.payload) as D1Payload));
			this.store.clearOutbox(row.version);
			this.store.setCounter('flushFailures', 0);
			return true;
		} catch (e) {
			const failures = this.store.counter('flushFailures') + 1;
			this.store.setCounter('flushFailures', failures);
			const delay = backoffMs(failures);
			console.error(`GameRoom ${this.meta?.gameId}: D1 write of version ${row.version} failed (${failures}x), retry in ${delay} ms: ${(e as Error).message}`);
			await this.ctx.storage.setAlarm(Date.now() + delay);
			return false;
		}
	}

	/**
	 * Test seam: a started game from a scenario (docs/giants-notation.md: forced dice, a starting
	 * position), seats in the order given — for the end-to-end tests, which must reach every kind of
	 * move in one round. Only where ROOM_TEST_SEAMS is set; never in production.
	 */
	async createScenario(input: CreateInput, users: RoomUser[], scenario: ScenarioStart, seed: string): Promise<RoomResult<{ version: number }>> {
		if (this.env.ROOM_TEST_SEAMS !== '1') return refuse(404, 'NOT_FOUND', 'no such endpoint');
		const bad = this.load();
		if (bad) return bad;
		if (this.meta) return refuse(409, 'ALREADY_EXISTS', 'this game already exists');
		if (!users.every(validUser)) return refuse(400, 'BAD_REQUEST', 'bad users');
		const now = Date.now();
		const made = createGame({ ...input, creator: users[0], seatsWanted: users.length }, now);
		if ('ok' in made) return made;
		const players = users.map((u, seat) => ({ userId: u.id, username: u.username, seat, joinedAt: now }));
		const next = startGame(made.meta, players, now, true, seed, scenario);
		if ('ok' in next) return next;
		await this.commit(next, null, true);
		return { ok: true, version: next.meta.version };
	}

	/** Test seam: the next `n` D1 writes of this room fail. Only where ROOM_TEST_SEAMS is set (tests). */
	async failNextD1Writes(n: number): Promise<boolean> {
		if (this.env.ROOM_TEST_SEAMS !== '1') return false;
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
