/**
 * Rongo as a benchmark drives it (bench:server, bench:peers, bench:profile): players signed up through the JSON
 * API, games of one kind with a WebSocket per seat, and one bot move at a time, timed from the
 * submit to the event of that version arriving at ANOTHER seat's socket.
 *
 * A move goes either over HTTP (`POST /api/games/:id/moves`) or over the seat's already-open game
 * socket (`{"type":"move",…}`, answered `ack` or `refused` on that socket; docs/api.md). The move
 * is chosen by the kind's random bot from the mover's own view, outside the timed interval.
 */
import { seedRng, randomLegal, type Kind, type Bot, type RngState } from '../../src/lib/engine/index';
import { Client } from '../../scripts/lib/client';

export const PASSWORD = 'bench-password-1234';

/** How a move reaches the room. */
export type Via = 'http' | 'socket';

/** How long a move may take to come back before the benchmark gives up (it never hangs). */
const MOVE_TIMEOUT_MS = 20_000;

/** A socket move the server does not understand, or refused: the benchmark stops with this. */
export class SocketMoveError extends Error {
	/** `unsupported`: the server predates moves over the socket (it answered BAD_MESSAGE). */
	constructor(
		message: string,
		readonly unsupported = false
	) {
		super(message);
	}
}

interface RoomMsg {
	type: string;
	version: number;
	view: unknown;
	activeSeats: number[];
	status: string;
	moveId?: string;
	code?: string;
	message?: string;
	currentVersion?: number;
}

/** Whether the seats' sockets report that their players look at the game (the default; `--away`: not). */
export const presence = { looking: true };

/** One seat's socket: the newest view, when each version arrived, waiters for a version. */
export class SeatSocket {
	ws: WebSocket;
	version = 0;
	msg: RoomMsg | null = null;
	ready: Promise<void>;
	private waiters: { version: number; done: (t: number) => void }[] = [];
	/** Arrival times of the last versions: a version may arrive before anyone waits for it. */
	private arrivals: { version: number; t: number }[] = [];
	private pending = new Map<string, { ok: (version: number) => void; fail: (e: Error) => void }>();
	private moveIds = 0;
	/** Why the socket closed, once it has (waiters then fail at once instead of timing out). */
	closed: string | null = null;

	constructor(client: Client, gameId: string) {
		this.ws = client.socket(gameId);
		this.ws.addEventListener('close', (e) => (this.closed = `the server closed the game socket (${e.code}${e.reason ? ' ' + e.reason : ''})`));
		// Like the game page of a player at the table (GameSocket.watchPresence): looking at the game,
		// so the room holds back their turn notifications (issue 12) — people playing live. With
		// `presence.looking` false nobody looks, and every turn change notifies (in-app, D1, postman).
		if (presence.looking) this.ws.addEventListener('open', () => this.ws.send(JSON.stringify({ type: 'presence', looking: true })), { once: true });
		this.ready = new Promise((ok, fail) => {
			this.ws.addEventListener('error', () => fail(new Error('socket error')), { once: true });
			this.ws.addEventListener('message', (e) => {
				const t = performance.now();
				const m = JSON.parse(String(e.data)) as RoomMsg;
				if (m.type === 'ack' || m.type === 'refused' || m.type === 'error') return this.answer(m);
				if (m.type !== 'state' && m.type !== 'event') return;
				if (m.version <= this.version) return;
				this.version = m.version;
				this.msg = m;
				this.arrivals.push({ version: m.version, t });
				if (this.arrivals.length > 16) this.arrivals.shift();
				ok();
				this.waiters = this.waiters.filter((w) => (w.version <= m.version ? (w.done(t), false) : true));
			});
		});
	}

	/** Resolves with the arrival time of the first message at or above `version`. */
	until(version: number): Promise<number> {
		if (this.version >= version) return Promise.resolve(this.arrivals.find((a) => a.version >= version)?.t ?? performance.now());
		if (this.closed) return Promise.reject(new Error(this.closed));
		return new Promise((done) => this.waiters.push({ version, done }));
	}

	/** Sends a move over this socket; resolves with the version of its `ack`. */
	sendMove(move: unknown, expectedVersion: number): Promise<number> {
		const moveId = `b${(this.moveIds++).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
		return new Promise((ok, fail) => {
			this.pending.set(moveId, { ok, fail });
			this.ws.send(JSON.stringify({ type: 'move', moveId, move, expectedVersion }));
		});
	}

	private answer(m: RoomMsg) {
		if (m.type === 'error') {
			// An `error` names no move: it fails whatever this socket is waiting for.
			const why =
				m.code === 'BAD_MESSAGE'
					? 'the server does not take moves over the game socket (BAD_MESSAGE): it predates the socket move path'
					: `${m.code}: ${m.message ?? ''}`;
			for (const p of this.pending.values()) p.fail(new SocketMoveError(`socket move: ${why}`, m.code === 'BAD_MESSAGE'));
			this.pending.clear();
			return;
		}
		const p = m.moveId === undefined ? undefined : this.pending.get(m.moveId);
		if (!p) return;
		this.pending.delete(m.moveId!);
		if (m.type === 'ack') p.ok(m.version);
		else p.fail(new SocketMoveError(`socket move refused: ${m.code} (${m.message ?? ''}), current version ${m.currentVersion}`));
	}

	close() {
		this.ws.close();
	}
}

export interface RongoGame {
	id: string;
	kind: Kind;
	bot: Bot<unknown, unknown>;
	sockets: SeatSocket[]; // by seat
	clients: Client[]; // by seat
	rng: RngState;
}

/** The seats of a benchmark game: three, within what the kind allows. */
export const seatsFor = (kind: Kind) => Math.min(Math.max(3, kind.seats.min), kind.seats.max);

/** Three users, signed up on a fresh server (names unique per call). */
export async function signupPlayers(url: string): Promise<Client[]> {
	const players = ['p1', 'p2', 'p3'].map((n) => new Client(url, n + Date.now().toString(36).slice(-4)));
	for (const p of players) await p.signup(p.username, PASSWORD);
	for (const p of players) if (!p.userId) p.userId = (await p.api('GET', '/api/auth/me'))?.user?.id ?? '';
	return players;
}

/** A started game of `kind` with every player seated and every seat's socket open. */
export async function newGame(players: Client[], kind: Kind, n: number): Promise<RongoGame> {
	const { id } = await players[0].createGame({ kind: kind.id, seats: seatsFor(kind), visibility: 'public', timeLimit: '1d' });
	for (const c of players.slice(1)) await c.join(id);
	const g = await players[0].game(id);
	if (g.status === 'waiting') await players[0].start(id);
	const room = await players[0].game(id);
	const clients: Client[] = [];
	for (const s of room.seats) clients[s.seat] = players.find((p) => p.userId === s.userId || p.username === s.username)!;
	const sockets = clients.map((c) => new SeatSocket(c, id));
	await Promise.all(sockets.map((s) => s.ready));
	return { id, kind, bot: randomLegal(kind), sockets, clients, rng: seedRng(`bench-${n}`) };
}

export function closeGame(game: RongoGame) {
	game.sockets.forEach((s) => s.close());
}

function within<T>(p: Promise<T>, what: string): Promise<T> {
	let timer: ReturnType<typeof setTimeout>;
	const late = new Promise<never>((_, fail) => {
		timer = setTimeout(() => fail(new Error(`${what}: nothing within ${MOVE_TIMEOUT_MS / 1000} s`)), MOVE_TIMEOUT_MS);
	});
	return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * One move of `game`: submitted by the first active seat, timed to the event at another seat.
 * `rtt` is submit → that event; `answer` is submit → the mover's own answer (HTTP response or ack);
 * `at` is when that event arrived (performance.now()): the room had committed the move by then.
 * Null when the game is over.
 */
export async function step(game: RongoGame, via: Via = 'http'): Promise<{ rtt: number; answer: number; at: number } | null> {
	const any = game.sockets[0].msg!;
	// The room's status says when the game is over (kinds have no isOver of a view since the outcome contract).
	if (!any.view || any.status !== 'active') return null;
	const seat = any.activeSeats[0];
	const own = game.sockets[seat];
	await own.until(any.version);
	const move = game.bot(own.msg!.view!, seat, game.rng);
	const observer = game.sockets[(seat + 1) % game.sockets.length];
	const t0 = performance.now();
	const version =
		via === 'http'
			? (await within(game.clients[seat].move(game.id, move, own.version), 'HTTP move')).version
			: await within(own.sendMove(move, own.version), 'socket move');
	const answer = performance.now() - t0;
	const t1 = await within(observer.until(version), `event v${version} at another seat`);
	// Every seat must have caught up before the next move is chosen from its view.
	await within(Promise.all(game.sockets.map((s) => s.until(version))), `event v${version} at every seat`);
	return { rtt: t1 - t0, answer, at: t1 };
}
