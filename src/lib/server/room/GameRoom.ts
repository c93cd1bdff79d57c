/**
 * One Durable Object per game: the single writer of everything about it (conventions §10) — lobby
 * and moves — with its own SQLite storage, hibernating WebSockets and an outbox to D1.
 *
 * A thin shell over small collaborators (issue 11): core.ts (the game as held, the one way it
 * changes, and the checks every RPC starts with), lobby.ts (lobby rules), projection.ts (views,
 * clocks, D1 rows, event context), record.ts (the log and the export), game-sockets.ts (WebSockets),
 * autoplay.ts (reminders, timeouts, bots), flusher.ts (the outbox to D1), rebuild.ts (the replay on
 * load), chat.ts (table talk) and forget.ts (a deleted account). Every rule comes from the game's
 * kind (engine/kind.ts, the registry src/lib/games/index.ts): nothing here knows a kind. The RPCs
 * below are grouped by job, each group naming the collaborator that does the work.
 *
 * Exported from src/worker.ts only (it imports `cloudflare:workers`); routes reach it through
 * `platform.env.GAME_ROOM` and import src/lib/protocol/room.ts for the types.
 *
 * Secrets: the seed lives in `meta.seed` and a kind's secrets in its state. Nothing leaves this
 * object but `kind.view(state, seat)`, the kind's public log entries and the D1 rows (which carry
 * the seed commitment, never the seed); the seed only in the export of a finished game.
 */
import { DurableObject } from 'cloudflare:workers';
import { EVICTED, testSeams } from '../dev';
import type { DurableObjectState, Request as CfRequest, Response as CfResponse, WebSocket as CfWebSocket } from '@cloudflare/workers-types';
import { jsonEqual, type Chance, type GameExportV2, type LineMove } from '$lib/engine';
import { positionAt } from '../playon';
import {
	type CreateInput, type LogBatch, type RoomResult, type RoomUser, type RoomView, type SubmitInput, type SubmitOk
} from '$lib/protocol/room';
import type { ChatMessage, ChatPage } from '$lib/protocol/chat';
import { emptyTimers, handToBot, nextDue, reclaim as reclaimSeat, setVacation, type Timers, type Window } from './clock';
import { ID, createGame, joinGame, leaveGame, refuse, startGame, validUser, type ScenarioStart } from './lobby';
import { RoomStore, type SeatQueue } from './storage';
import { seatBots } from './bots';
import { MAX_MORE } from '../games';

/** A plan-ahead queue holds at most this many steps of at most this many alternatives (docs/api.md). */
export const MAX_QUEUE_STEPS = 24;
export const MAX_ALTERNATIVES = 4;
import { activeSeats, control, d1Payload, userOf } from './projection';
import { RoomSockets } from './game-sockets';
import { Autoplay } from './autoplay';
import { Flusher } from './flusher';
import { MOVE_FLUSH_MS, RoomCore, readerId } from './core';
import { RoomForget, type RoomPersonalData } from './forget';
import { RoomChat } from './chat';
import { finishedExport, publicLog } from './record';
import { MAX_TIMED_LOADS, timeLoads, type LoadTiming } from './cold';

export class GameRoom extends DurableObject<Env> {
	readonly store: RoomStore;
	/** The game as held, and the one way it changes (core.ts). */
	readonly core: RoomCore;
	/** Test seam (setClock): a fixed "now"; null = the real clock. */
	private testNow: number | null = null;
	private readonly sockets: RoomSockets;
	private readonly autoplay: Autoplay;
	private readonly flusher: Flusher;
	/** Table talk (chat.ts, issue 15). */
	private readonly chat: RoomChat;
	/** A deleted account's traces (forget.ts, issue 15). */
	private readonly forget: RoomForget;

	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		this.store = new RoomStore(ctx.storage.sql);
		const now = () => this.now();
		const gameId = () => this.core.meta?.gameId;
		this.core = new RoomCore({
			ctx,
			store: this.store,
			now,
			broadcast: (log) => this.sockets.broadcast(log),
			lookingUsers: () => this.sockets.lookingUsers(),
			flush: () => this.flusher.flush(),
			flushSoon: () => this.flusher.soon(MOVE_FLUSH_MS),
			pendingFlush: () => this.flusher.pending()
		});
		const core = this.core;
		this.sockets = new RoomSockets({
			ctx, env, gameId,
			players: () => core.players,
			loadExisting: () => core.loadExisting(),
			checkAccess: (u, i) => core.checkAccess(u, i),
			viewFor: (u) => core.viewFor(u),
			markSeen: (u, v) => core.markSeen(u, v),
			now,
			mutedSeats: (u) => this.chat.mutedSeats(u),
			submit: (u, input) => this.submit(u, input, true),
			awaits: (u) => {
				const seat = core.playerOf(u)?.seat;
				return seat !== undefined && !!core.meta && !!core.kind && activeSeats(core.kind, core.state, core.meta).includes(seat);
			}
		});
		this.chat = new RoomChat({
			sql: ctx.storage.sql,
			db: env.DB,
			meta: () => core.meta!,
			players: () => core.players,
			now,
			transaction: (fn) => ctx.storage.transactionSync(fn),
			lookingUsers: () => this.sockets.lookingUsers(),
			addEvent: (e) => this.store.addEvent(e),
			send: (msg, seat) => this.sockets.sendChat(msg, seat),
			scheduleFlush: () => void core.armAlarm(this.now() + MOVE_FLUSH_MS),
			status: () => {
				const st = core.state && core.kind ? core.kind.status(core.state) : null;
				return { kind: core.meta!.kind, round: st?.round ?? null, phase: st?.phase ?? '' };
			}
		});
		this.flusher = new Flusher({
			ctx, env, store: this.store, gameId, now, armAlarm: (at) => core.armAlarm(at), chat: this.chat,
			head: () => {
				const h = core.held();
				return h ? { version: h.meta.version, payload: () => d1Payload(h) } : null;
			},
			cursor: { get: () => core.d1Cursor, set: (v) => void (core.d1Cursor = v) },
			listNews: core.listNews
		});
		this.autoplay = new Autoplay({
			held: () => core.held(),
			now,
			applyMove: (...a) => core.applyMove(...a),
			eventContext: (timers, at) => core.eventContextOf({ ...core.held()!, timers }, at),
			saveTimers: (timers, event) => {
				ctx.storage.transactionSync(() => {
					this.store.saveTimers(timers, core.meta!.version);
					if (event) this.store.addEvent(event);
				});
				core.timers = timers;
			},
			armAlarm: (at) => core.armAlarm(at),
			standingOf: (seat) => this.store.standing(seat),
			queueOf: (seat) => this.store.queue(seat),
			writeQueue: (seat, q) => this.store.setQueue(seat, q.steps, q.rev),
			queuedSeats: () => this.store.queuedSeats(),
			lastMove: () => this.store.lastMove(),
			dropQueue: (seat, q, event) => {
				ctx.storage.transactionSync(() => {
					this.store.setQueue(seat, q.steps, q.rev);
					if (event) this.store.addEvent(event);
				});
				const userId = core.players.find((p) => p.seat === seat)?.userId;
				if (userId) this.sockets.sendState(userId);
				void core.armAlarm(this.now() + MOVE_FLUSH_MS);
			}
		});
		this.forget = new RoomForget({
			core,
			store: this.store,
			sql: ctx.storage.sql,
			now,
			chat: this.chat,
			runBots: () => this.autoplay.runBots(),
			flush: () => this.flusher.flush(),
			pendingFlush: () => this.flusher.pending()
		});
	}

	/** The held game, for the tests that look inside a room (runInDurableObject). */
	get meta() {
		return this.core.meta;
	}
	get state() {
		return this.core.state;
	}
	get broken() {
		return this.core.broken;
	}

	/** Time in the room: the real clock, or the test seam's. Every deadline is computed from it. */
	now(): number {
		return this.testNow ?? Date.now();
	}

	// ---- RPC: lobby (lobby.ts) ----------------------------------------------------------------------

	async create(input: CreateInput): Promise<RoomResult<{ version: number }>> {
		const bad = this.core.checkVacant();
		if (bad) return bad;
		const vac = validUser(input?.creator) ? await this.vacationOf(input.creator.id) : null;
		// Asked again: another create may have committed while the vacation was read.
		const taken = this.core.checkVacant();
		if (taken) return taken;
		const now = this.now();
		const next = createGame(input, now);
		if ('ok' in next) return next;
		await this.core.commit(next, null, { init: true, timers: vac ? setVacation(emptyTimers(), input.creator.id, vac, now) : undefined });
		return { ok: true, version: next.meta.version };
	}

	async join(user: RoomUser, inviteCode?: string): Promise<RoomResult<{ version: number }>> {
		// The joiner's vacation (if any) is read first: from the checks to the commit nothing awaits.
		const vac = validUser(user) && this.store.exists() ? await this.vacationOf(user.id) : null;
		// A private game without its code is "no such game" (access.ts), not a refusal that tells it exists.
		const code = typeof inviteCode === 'string' ? inviteCode : null;
		const bad = this.core.checkActor(user, code);
		if (bad) return bad;
		const now = this.now();
		const next = joinGame(this.core.meta!, this.core.players, user, code ?? undefined, now);
		if ('ok' in next) return next;
		await this.core.commit(next, null, { timers: vac ? setVacation(this.core.timers, user.id, vac, now) : undefined });
		return { ok: true, version: next.meta.version };
	}

	async leave(user: RoomUser): Promise<RoomResult<{ version: number }>> {
		const bad = this.core.checkActor(user);
		if (bad) return bad;
		const next = leaveGame(this.core.meta!, this.core.players, user, this.now());
		if ('ok' in next) return next;
		await this.core.commit(next, null);
		return { ok: true, version: next.meta.version };
	}

	/**
	 * `bots`: every open seat gets a bot (issue 34, bots.ts), and the game becomes casual (a game with
	 * a bot seat is never rated, docs/people.md). The bots' moves follow at once, until a person is
	 * awaited; the answer's version is the start's.
	 */
	async start(user: RoomUser, opts: { bots?: boolean } = {}): Promise<RoomResult<{ version: number }>> {
		const bad = this.core.checkActor(user);
		if (bad) return bad;
		if (opts?.bots !== undefined && typeof opts.bots !== 'boolean') return refuse(400, 'BAD_REQUEST', 'bots must be true or false');
		if (this.core.meta!.creatorId !== user.id) return refuse(403, 'FORBIDDEN', 'only the creator can start the game');
		const now = this.now();
		const bots = opts?.bots === true;
		const players = bots ? seatBots(this.core.meta!, this.core.players, now) : this.core.players;
		if ('ok' in players) return players;
		const next = startGame(bots ? { ...this.core.meta!, rated: false } : this.core.meta!, players, now);
		if ('ok' in next) return next;
		await this.core.commit(next, null);
		if (bots) {
			this.autoplay.runBots();
			if (this.core.meta!.version !== next.meta.version) await this.flusher.flushNow();
		}
		return { ok: true, version: next.meta.version };
	}

	// ---- RPC: games the platform seats (issue 35: tournaments, the match-maker) ----------------------

	/**
	 * A started game with exactly these users, seat k to `users[k]` — not shuffled: a tournament
	 * rotates its start seats itself, and the match-maker's order is the order of asking. The first
	 * user is the creator. Made again with the same id (a round start retried after a failure), it
	 * answers with the game as it is: one game, however often it is asked for.
	 */
	async createSeated(input: CreateInput, users: RoomUser[]): Promise<RoomResult<{ version: number }>> {
		const loaded = this.core.load();
		if (loaded) return loaded;
		if (this.core.meta) return this.core.meta.gameId === input?.gameId ? { ok: true, version: this.core.meta.version } : refuse(409, 'ALREADY_EXISTS', 'this game already exists');
		if (!Array.isArray(users) || users.length === 0 || !users.every(validUser) || new Set(users.map((u) => u.id)).size !== users.length)
			return refuse(400, 'BAD_REQUEST', 'bad users');
		// Every player's vacation, read before the checks (from here to the commit nothing awaits).
		const vacations = await Promise.all(users.map((u) => this.vacationOf(u.id)));
		// Asked again: another call may have made it while the vacations were read.
		const made0 = this.core.meta as { version: number } | null;
		if (made0) return { ok: true, version: made0.version };
		const now = this.now();
		const made = createGame({ ...input, creator: users[0], seatsWanted: users.length }, now);
		if ('ok' in made) return made;
		const players = users.map((u, seat) => ({ userId: u.id, username: u.username, seat, joinedAt: now }));
		const next = startGame(made.meta, players, now, true, undefined, {});
		if ('ok' in next) return next;
		let timers: Timers = emptyTimers();
		users.forEach((u, i) => {
			if (vacations[i]) timers = setVacation(timers, u.id, vacations[i]!, now);
		});
		await this.core.commit(next, null, { init: true, timers });
		return { ok: true, version: next.meta.version };
	}

	/**
	 * Issue 35: the bot takes these users' seats now (`userIds` null: every seat) — a tournament player
	 * who withdrew, or a game still running at its round's deadline, which the bot then plays to its
	 * end at once (clock.ts handToBot: as the site does after timeouts). A finished game is left as it is.
	 */
	async handToBot(userIds: string[] | null): Promise<RoomResult<{ version: number; status: string }>> {
		const bad = this.core.loadExisting();
		if (bad) return bad;
		const m = this.core.meta!;
		if (m.status !== 'active') return { ok: true, version: m.version, status: m.status };
		if (userIds !== null && (!Array.isArray(userIds) || !userIds.every((u) => typeof u === 'string'))) return refuse(400, 'BAD_REQUEST', 'bad users');
		const seats = new Set(this.core.players.filter((p) => userIds === null || userIds.includes(p.userId)).map((p) => p.seat));
		const now = this.now();
		const timers = handToBot(this.core.timers, control(m), seats, now, userOf(this.core.players));
		if (jsonEqual(timers, this.core.timers)) return { ok: true, version: m.version, status: m.status };
		await this.core.commitClocks(timers, now);
		this.autoplay.runBots();
		await this.flusher.flushNow();
		return { ok: true, version: this.core.meta!.version, status: this.core.meta!.status };
	}

	// ---- RPC: view, log and export (core.ts viewFor, record.ts) --------------------------------------

	/**
	 * The viewer's own view. `invite`: the invite code from the link the viewer followed, which lets
	 * them watch a private game they have no seat in (issue 10: private means its players and the
	 * holders of its link, nobody else — not even whether it exists).
	 */
	async view(user: RoomUser | null, invite: string | null = null): Promise<RoomResult<RoomView>> {
		const userId = readerId(user);
		const bad = this.core.checkReader(userId, invite);
		if (bad) return bad;
		return { ok: true, ...this.core.viewFor(userId) };
	}

	/** The whole public log, oldest first (record.ts). */
	async log(user: RoomUser | null = null, invite: string | null = null): Promise<RoomResult<{ entries: LogBatch[] }>> {
		const bad = this.core.checkReader(readerId(user), invite);
		if (bad) return bad;
		return { ok: true, entries: publicLog(this.core.held()!, this.store) };
	}

	/** A finished game as export v2 (record.ts), with the seed. Refused while the game runs. */
	async exportGame(user: RoomUser | null = null, invite: string | null = null): Promise<RoomResult<{ export: GameExportV2; visibility: 'public' | 'private' }>> {
		const bad = this.core.checkReader(readerId(user), invite);
		if (bad) return bad;
		const exported = finishedExport(this.core.held()!, this.store);
		if ('ok' in exported) return exported;
		return { ok: true, visibility: this.core.meta!.visibility, export: exported };
	}

	/**
	 * "Play on from here" (issue 34, ../playon.ts): this finished game's position after `step` moves and
	 * the explored `line`, written fresh in its kind's position format, with what a new game there
	 * needs — its kind, options and seat count, whether this game is public (the new one names a
	 * private one nowhere), its players by seat, and the caller's seat in it. Whoever may see the
	 * export may ask; it is refused while the game runs (NOT_FINISHED), and with the refusals of
	 * `positionAt`. Done here, where the kind is at hand, so the route only parses and creates.
	 */
	async playOnPosition(
		user: RoomUser,
		invite: string | null,
		step: number,
		line: LineMove[],
		chance: Chance
	): Promise<RoomResult<{ extra: Record<string, unknown>; kind: string; options: unknown; players: string[]; visibility: 'public' | 'private'; yourSeat: number | null }>> {
		const bad = this.core.checkActor(user, invite);
		if (bad) return bad;
		const exported = finishedExport(this.core.held()!, this.store);
		if ('ok' in exported) return exported;
		const at = positionAt(this.core.kind!, exported, step, Array.isArray(line) ? line : [], chance);
		if (!at.ok) {
			const { index, refusal } = at;
			return { ...refuse(at.status, at.code, at.message), ...(index === undefined ? {} : { index }), ...(refusal ? { refusal } : {}) };
		}
		return {
			ok: true,
			extra: at.extra,
			kind: exported.kind,
			options: exported.options,
			players: exported.players.slice().sort((a, b) => a.seat - b.seat).map((p) => p.username),
			visibility: this.core.meta!.visibility,
			yourSeat: this.core.playerOf(user.id)?.seat ?? null
		};
	}

	// ---- RPC: moves (core.ts applyMove, autoplay.ts) ------------------------------------------------

	/** `live`: over the game's socket (its player is at the table; a socket comes back after a restart). */
	async submit(user: RoomUser, input: SubmitInput, live = false): Promise<RoomResult<SubmitOk>> {
		// Everything from here to the commit is synchronous: no other request can interleave, so the
		// version checked is the version the move is applied to.
		const bad = this.core.checkActor(user);
		if (bad) return bad;
		const meta = this.core.meta!;
		if (!input || typeof input.moveId !== 'string' || !ID.test(input.moveId))
			return refuse(400, 'BAD_REQUEST', 'moveId must be 1–64 letters, digits, _ or -');
		const ev = input.expectedVersion;
		if (ev !== undefined && (!Number.isSafeInteger(ev) || ev < 0)) return refuse(400, 'BAD_REQUEST', 'expectedVersion must be a non-negative integer');
		const me = this.core.seatOf(user.id);
		if ('ok' in me) return me;
		// Idempotency first: a retry of an applied move carries an expectedVersion that is stale now.
		const more = input.more ?? [];
		if (!Array.isArray(more) || more.length > MAX_MORE) return refuse(400, 'BAD_REQUEST', `more must be a list of at most ${MAX_MORE} moves`);
		// The further moves of a whole turn are stored as `<moveId>~2`, `~3`…: ids no client can choose.
		const idOf = (i: number) => (i === 0 ? input.moveId : `${input.moveId}~${i + 1}`);
		// Issue 33: no index on move ids (it cost a row written per move). A retry's expectedVersion is
		// behind: its move, if it was played, is the row at expectedVersion + 1 (one read by the key); a
		// move at the current version is new (it cannot have been played); without expectedVersion the
		// log is searched.
		const prior = ev !== undefined && ev >= meta.version ? null : this.store.moveById(input.moveId, ev === undefined ? undefined : ev + 1);
		if (prior) {
			if (prior.userId === user.id && jsonEqual(JSON.parse(prior.move), input.move)) {
				const rows = [prior, ...more.map((_, i) => this.store.moveById(idOf(i + 1), prior.version + i + 1))].filter((x) => x !== null);
				return { ok: true, version: rows.at(-1)!.version, log: rows.flatMap((x) => JSON.parse(x!.log) as unknown[]), duplicate: true };
			}
			return refuse(409, 'MOVE_ID_REUSED', 'this moveId was already used for another move');
		}
		if (meta.status === 'waiting') return refuse(409, 'NOT_STARTED', 'the game has not started yet');
		if (ev !== undefined && ev !== meta.version)
			return refuse(409, 'STALE_VERSION', `the game is at version ${meta.version}`, { currentVersion: meta.version });
		// A whole turn: every further move is tried on the state the ones before it lead to, before
		// any is played — all of them are played, or none.
		let state = this.core.state;
		const kind = this.core.kind!;
		// (A lone move is tried once, by applyMove below: no dry run on the hot path.)
		for (let i = 0; more.length > 0 && i <= more.length; i++) {
			const t = kind.apply(state, me.seat, i === 0 ? input.move : more[i - 1]);
			// Engine codes and messages pass through: they are written for the mover and hold no secret.
			// BAD_MOVE is malformed input (400); every other refusal is a rule violation (422).
			if (!t.ok) return refuse(t.code === 'BAD_MOVE' ? 400 : 422, t.code, i === 0 ? t.message : `move ${i + 1} of the turn: ${t.message}`, i === 0 ? undefined : { index: i });
			state = t.value.state;
		}
		let version = meta.version;
		const log: unknown[] = [];
		for (let i = 0; i <= more.length; i++) {
			const r = this.core.applyMove(me.seat, user.id, i === 0 ? input.move : more[i - 1], idOf(i), 'player');
			// A lone move's refusal (a whole turn's were tried above), as the engine words it.
			if (!r.ok) return refuse(r.code === 'BAD_MOVE' ? 400 : 422, r.code, r.message);
			version = r.version;
			log.push(...r.log);
		}
		this.autoplay.runBots();
		// Nobody at the table (an away player's move over HTTP): written to D1 at once and answered after
		// it, so D1 agrees with the room when the move is answered (issue 33: a move sets no alarm to be
		// written by; a room that restarts before, its move unanswered and retried, writes the moves
		// after its D1 cursor when it loads). At a live table the write follows within a second.
		if (!live && this.sockets.lookingUsers().size === 0) await this.flusher.flushNow();
		return { ok: true, version, log, duplicate: false };
	}

	/**
	 * Sets (or clears, null) the caller's standing answer (engine/kind.ts `Standing`, issue 13). No
	 * move and no version: nobody else learns of it. If the decision it answers awaits the seat now,
	 * it is answered at once, as the seat's own move.
	 */
	async setStanding(user: RoomUser, answer: unknown): Promise<RoomResult<{ standing: string | null; version: number }>> {
		const me = this.core.checkPlayer(user);
		if ('ok' in me) return me;
		const standing = this.core.kind!.standing;
		if (!standing) return refuse(409, 'NO_STANDING_ANSWERS', 'this game has no standing answers');
		if (answer !== null && (typeof answer !== 'string' || !standing.answers.includes(answer)))
			return refuse(400, 'BAD_ANSWER', `answer must be one of ${standing.answers.join(', ')}, or null`);
		if (this.core.meta!.status === 'finished') return refuse(409, 'GAME_OVER', 'the game is over');
		this.store.setStanding(me.seat, answer);
		const v0 = this.core.meta!.version;
		this.autoplay.runBots();
		if (this.core.meta!.version !== v0) await this.flusher.flushNow();
		return { ok: true, standing: answer, version: this.core.meta!.version };
	}

	/**
	 * Replaces the caller's plan-ahead queue (engine/kind.ts `Queueing`, issue 32; docs/api.md "Plan
	 * ahead"): `steps`, each an ordered list of alternatives, every move checked by the kind from the
	 * caller's own view. `rev` is the revision the caller's page showed: the queue changes by itself
	 * (a step played, the queue dropped), so a change based on an older revision is refused with the
	 * queue as it is — and a retry of the change just made is answered as done. No move and no
	 * version: nobody else learns of it. A step due now is played at once.
	 */
	async setQueue(user: RoomUser, input: { steps: unknown; rev: unknown }): Promise<RoomResult<{ queue: SeatQueue; version: number }>> {
		const me = this.core.checkPlayer(user);
		if ('ok' in me) return me;
		const kind = this.core.kind!;
		const queueing = kind.queue;
		if (!queueing) return refuse(409, 'NO_QUEUE', 'this game has no plan-ahead queue');
		const meta = this.core.meta!;
		if (meta.status !== 'active') return refuse(409, meta.status === 'finished' ? 'GAME_OVER' : 'NOT_STARTED', meta.status === 'finished' ? 'the game is over' : 'the game has not started yet');
		const { steps, rev } = input ?? {};
		if (!Number.isSafeInteger(rev) || (rev as number) < 0) return refuse(400, 'BAD_REQUEST', 'rev must be the queue revision you saw (a non-negative integer)');
		if (!Array.isArray(steps) || steps.length > MAX_QUEUE_STEPS || steps.some((s) => !Array.isArray(s) || s.length === 0 || s.length > MAX_ALTERNATIVES))
			return refuse(400, 'BAD_QUEUE', `steps must be at most ${MAX_QUEUE_STEPS} lists of 1–${MAX_ALTERNATIVES} moves`);
		const view = kind.view(this.core.state, me.seat);
		const checked: object[][] = [];
		for (let i = 0; i < steps.length; i++) {
			const step: object[] = [];
			for (let j = 0; j < steps[i].length; j++) {
				const c = queueing.check(view, me.seat, steps[i][j]);
				if (!c.ok) return refuse(422, c.code, `step ${i + 1}, alternative ${j + 1}: ${c.message}`, { step: i, alternative: j });
				step.push(c.value as object);
			}
			checked.push(step);
		}
		const now = this.store.queue(me.seat);
		if (now.rev !== rev) {
			// A retry of the change just made (nothing changed the queue since): done, as it was.
			if (now.rev === (rev as number) + 1 && jsonEqual(now.steps, checked)) return { ok: true, queue: now, version: meta.version };
			return refuse(409, 'QUEUE_CHANGED', `your queue changed meanwhile (revision ${now.rev})`, { queue: now });
		}
		const next: SeatQueue = { steps: checked, rev: now.rev + 1 };
		this.store.setQueue(me.seat, next.steps, next.rev);
		this.sockets.sendState(user.id);
		const v0 = this.core.meta!.version;
		this.autoplay.runBots();
		if (this.core.meta!.version !== v0) await this.flusher.flushNow();
		return { ok: true, queue: this.store.queue(me.seat), version: this.core.meta!.version };
	}

	// ---- RPC: clocks — a reclaimed seat, vacations (clock.ts) ---------------------------------------

	/** The player of a dropped seat takes it back: the counter is cleared and the clock starts again. */
	async reclaim(user: RoomUser): Promise<RoomResult<{ version: number }>> {
		const me = this.core.checkPlayer(user);
		if ('ok' in me) return me;
		const meta = this.core.meta!;
		if (meta.status !== 'active' || !this.core.timers.seats[me.seat]?.dropped) return refuse(409, 'NOT_DROPPED', 'your seat is not played by the bot');
		const now = this.now();
		const timers = reclaimSeat(this.core.timers, control(meta), me.seat, activeSeats(this.core.kind!, this.core.state, meta), now);
		return { ok: true, version: await this.core.commitClocks(timers, now) };
	}

	/**
	 * A user's vacation (the API wrote it to D1 first): their clock pauses from `from` to `until` in
	 * this game, and everybody sees it. Both null: the vacation ends now (or a planned one is
	 * cancelled). A version of its own, so every view and the D1 deadlines follow.
	 */
	async vacation(userId: string, from: number | null, until: number | null): Promise<RoomResult<{ version: number }>> {
		const bad = this.core.loadExisting();
		if (bad) return bad;
		if (typeof userId !== 'string' || !this.core.playerOf(userId)) return refuse(409, 'NOT_SEATED', 'no seat in this game');
		const m = this.core.meta!;
		if (m.status === 'finished') return { ok: true, version: m.version };
		const w: Window | null = Number.isSafeInteger(from) && Number.isSafeInteger(until) ? { from: from!, until: until! } : null;
		const now = this.now();
		const timers = setVacation(this.core.timers, userId, w, now);
		if (jsonEqual(timers, this.core.timers)) return { ok: true, version: m.version };
		return { ok: true, version: await this.core.commitClocks(timers, now) };
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

	// ---- RPC: table talk (chat.ts, issue 15) ---------------------------------------------------------

	/** The chat after `since`, for whoever may see the game (spectators read, seated players write). */
	async chatPage(user: RoomUser | null, invite: string | null, since: number): Promise<RoomResult<ChatPage>> {
		const userId = readerId(user);
		const bad = this.core.checkReader(userId, invite);
		if (bad) return bad;
		return { ok: true, ...(await this.chat.page(userId, Number.isSafeInteger(since) && since > 0 ? since : 0)) };
	}

	async chatPost(user: RoomUser, text: unknown): Promise<RoomResult<{ message: ChatMessage }>> {
		return this.core.checkActor(user) ?? this.chat.post(user.id, text);
	}

	async chatDelete(user: RoomUser, seq: number): Promise<RoomResult<{ seq: number }>> {
		return this.core.checkActor(user) ?? this.chat.delete(user.id, seq);
	}

	async chatRead(user: RoomUser, seq: number): Promise<RoomResult<{ read: number }>> {
		return this.core.checkActor(user) ?? this.chat.markRead(user.id, seq);
	}

	/** A report's context (the route stores it in D1): readers may report what they can read. */
	async chatContext(user: RoomUser, invite: string | null, seq: number): Promise<RoomResult<{ message: ChatMessage; before: ChatMessage[]; reportedId: string }>> {
		return this.core.checkActor(user, invite) ?? this.chat.context(user.id, seq);
	}

	/** For the data export (account helper): every message `userId` wrote here and did not delete, by their seat. */
	async chatOf(userId: string): Promise<ChatMessage[]> {
		if (this.core.loadExisting() || typeof userId !== 'string') return [];
		return this.chat.by(userId);
	}

	// ---- RPC: leaving the site (forget.ts, issue 15) -------------------------------------------------

	/** What this room holds about the user, for their data export ({} if they have no seat here). */
	async personalData(userId: string): Promise<RoomPersonalData> {
		return this.forget.personalData(userId);
	}

	/** The user's account is being deleted: the room forgets them and writes that to D1 (`pending`: not yet). */
	async forgetUser(userId: string): Promise<RoomResult<{ forgotten: boolean; pending: boolean }>> {
		return this.forget.forgetUser(userId);
	}

	// ---- WebSockets (game-sockets.ts) ---------------------------------------------------------------

	async fetch(request: CfRequest): Promise<CfResponse> {
		return this.sockets.upgrade(request);
	}

	/** The user's hub: these sessions ended. Closes their sockets here; answers how many. */
	async closeSessions(sessionIds: string[]): Promise<number> {
		if (this.seamRefusesClose()) throw new Error('test seam: this room cannot be reached');
		return this.sockets.closeSessions(sessionIds);
	}

	async webSocketMessage(ws: CfWebSocket, message: string | ArrayBuffer): Promise<void> {
		return this.sockets.message(ws, message);
	}

	async webSocketClose(ws: CfWebSocket, code: number, reason: string): Promise<void> {
		return this.sockets.close(ws, code, reason);
	}

	// ---- the alarm and D1: flushes, reminders, timeouts, the bot (flusher.ts, autoplay.ts) -----------

	/**
	 * One alarm for everything time-driven: the coalesced D1 flush (and its retries), reminders,
	 * timeouts and left-over bot moves. Each due thing is judged from the stored clocks against
	 * now, and each is committed with the change that marks it done.
	 */
	async alarm(): Promise<void> {
		if (this.core.load() || !this.core.meta) return;
		this.autoplay.runTimers();
		this.autoplay.runBots();
		await this.flusher.flush();
		await this.rearm();
	}

	/** After an alarm: the next one at the earliest of the next timer, a pending flush and more bot moves. */
	private async rearm(): Promise<void> {
		const now = this.now();
		const at = [nextDue(this.core.timers, userOf(this.core.players)) ?? Infinity];
		if (this.flusher.pending()) at.push(this.flusher.retryAt ?? now + MOVE_FLUSH_MS);
		if (this.autoplay.botSeat() !== null) at.push(now);
		const next = Math.min(...at);
		if (next !== Infinity) await this.ctx.storage.setAlarm(this.core.realTime(next));
	}

	/**
	 * Writes everything pending to D1 now: for a list read right after this browser's own change
	 * (freshness.ts, issue 12) and for the tests. The alarm does it otherwise.
	 */
	flush(): Promise<void> {
		return this.flusher.flush();
	}

	// ---- test seams: only where ROOM_TEST_SEAMS is set (dev.ts), never in production ----------------

	/**
	 * A started game from a scenario (the kind's scenario extra, e.g. Giants' forced dice or a
	 * starting position), seats in the order given — for the end-to-end tests, which must reach every
	 * kind of move in one round.
	 */
	async createScenario(input: CreateInput, users: RoomUser[], scenario: ScenarioStart, seed: string): Promise<RoomResult<{ version: number }>> {
		if (!testSeams(this.env)) return refuse(404, 'NOT_FOUND', 'no such endpoint');
		const bad = this.core.checkVacant();
		if (bad) return bad;
		if (!users.every(validUser)) return refuse(400, 'BAD_REQUEST', 'bad users');
		const now = this.now();
		const made = createGame({ ...input, creator: users[0], seatsWanted: users.length }, now);
		if ('ok' in made) return made;
		const players = users.map((u, seat) => ({ userId: u.id, username: u.username, seat, joinedAt: now }));
		const next = startGame(made.meta, players, now, true, seed, scenario);
		if ('ok' in next) return next;
		await this.core.commit(next, null, { init: true });
		return { ok: true, version: next.meta.version };
	}

	/** The room's clock stands at `ms` (null: the real clock again). */
	async setClock(ms: number | null): Promise<boolean> {
		if (!testSeams(this.env)) return false;
		this.testNow = ms;
		return true;
	}

	/** The next `n` calls of closeSessions fail as if the room could not be reached. */
	async failNextSessionCloses(n: number): Promise<boolean> {
		if (!testSeams(this.env)) return false;
		this.store.setCounter('failCloses', n);
		return true;
	}

	/** The next `n` D1 writes of this room fail (flusher.ts counts them down). */
	async failNextD1Writes(n: number): Promise<boolean> {
		if (!testSeams(this.env)) return false;
		this.store.setCounter('failD1', n);
		return true;
	}

	/**
	 * Evicted the way Cloudflare evicts an idle room (issue 33, bench:cold): its memory gone, its
	 * storage kept; the next request constructs it anew. `ctx.abort()` resets the object, so this
	 * call itself ends in an error carrying EVICTED (the route expects it). Else why not: the seams
	 * are off, or no game is here.
	 */
	async evict(): Promise<'seams off' | 'no game'> {
		if (!testSeams(this.env)) return 'seams off';
		if (!this.store.exists()) return 'no game';
		this.ctx.abort(EVICTED);
		throw new Error(EVICTED); // not reached: abort() does not return
	}

	/** The load alone, timed `times` times over this room's storage (cold.ts); null: no game here. */
	async timeLoads(times: number): Promise<LoadTiming | null> {
		if (!testSeams(this.env) || !Number.isSafeInteger(times) || times < 1 || times > MAX_TIMED_LOADS) return null;
		return timeLoads(this.ctx, times);
	}

	/** failNextSessionCloses: whether this call is one of them (and one fewer is left). */
	private seamRefusesClose(): boolean {
		const refusals = testSeams(this.env) && this.store.exists() ? this.store.counter('failCloses') : 0;
		if (refusals > 0) this.store.setCounter('failCloses', refusals - 1);
		return refusals > 0;
	}
}
