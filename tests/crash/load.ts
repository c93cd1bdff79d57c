/**
 * The load of `npm run test:crash` (issue 17): players signed up, games of every registered kind
 * (the registry's order, no kind named here), and one bot loop per game (botplay.ts, as `npm start`'s
 * seed and `npm run bots` play) — the kind's default bot choosing from the mover's own view, each
 * move sent over HTTP with the version it was chosen at and a moveId of its own — writing down
 * every move the room acknowledged.
 */
import { seedRng, type Kind, type RngState } from '../../src/lib/engine/index';
import { KIND_IDS, kindOf } from '../../src/lib/games/index';
import { Client, type GameView } from '../../scripts/lib/client';
import { keyOf, playGame, type Player } from '../../scripts/lib/botplay';
import type { Attempt, Net } from './net';

export const PASSWORD = 'crash-test-password-1';

/** A move the room answered 200: present afterwards exactly once, at `version`. */
export interface Ack {
	gameId: string;
	moveId: string;
	client: Client;
	seat: number;
	move: unknown;
	expectedVersion: number;
	version: number;
	/** Answered `duplicate: true`: an earlier try had landed without an answer (cut by a kill). */
	duplicate: boolean;
	attempt: Attempt;
}

export interface LoadGame {
	index: number;
	id: string;
	kind: Kind;
	/** The signed-in player of each seat, in the room's seat order (after the start's shuffle). */
	bySeat: Client[];
	rng: RngState;
	/** Moves this game plays at most (the short kinds end before it). */
	cap: number;
	acks: Ack[];
	/** The newest view the loop read: what D1 and the room must show afterwards. */
	last: GameView | null;
	/** Asked before each move: true stops the loop for good (the game is left alone for a kill). */
	leave: (view: GameView) => boolean;
	done: boolean;
	stop: string;
}

/** `n` players signed up (the sign-up limit is 10 an hour per address, so few, each in many games). */
export async function signUp(base: string, n: number, tag: string): Promise<Client[]> {
	const players: Client[] = [];
	for (let i = 0; i < n; i++) {
		const c = new Client(base, `crash${tag}${i}`);
		await c.signup(c.username, PASSWORD);
		if (!c.userId) c.userId = (await c.api('GET', '/api/auth/me'))?.user?.id ?? '';
		players.push(c);
	}
	return players;
}

/**
 * `count` started public games, kinds in turn from the registry, seat counts spread over each
 * kind's range (at most the number of players), players rotated so everyone sits in many games.
 */
export async function createGames(players: Client[], count: number, cap: number, seed: string): Promise<LoadGame[]> {
	const games: LoadGame[] = [];
	// A few at a time: a lobby change answers only once D1 has it (docs/api.md), so one by one waits a lot.
	await pool([...Array(count).keys()], 4, async (i) => {
		const kind = kindOf(KIND_IDS[i % KIND_IDS.length])!;
		const span = Math.min(kind.seats.max, players.length) - kind.seats.min + 1;
		const seats = kind.seats.min + (Math.floor(i / KIND_IDS.length) % span);
		const at = players.slice(i % players.length).concat(players.slice(0, i % players.length)).slice(0, seats);
		// 14 days a move: no clock runs out, so every move in the room is one of the bots' moves here.
		const { id } = await at[0].createGame({ kind: kind.id, seats, visibility: 'public', timeLimit: '14d' });
		for (const c of at.slice(1)) await c.join(id); // the last join starts the game
		const room = await at[0].game(id);
		if (room.status !== 'active') throw new Error(`game ${id} (${kind.id}) did not start: ${room.status}`);
		const bySeat = room.seats.map((s) => at.find((c) => c.userId === s.userId)!);
		games[i] = { index: i, id, kind, bySeat, rng: seedRng(`${seed}/game/${i}`), cap, acks: [], last: room, leave: () => false, done: false, stop: '' };
	});
	return games;
}

/** `fn` over `items`, at most `n` at a time. */
export async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
	let next = 0;
	await Promise.all(
		Array.from({ length: Math.min(n, items.length) }, async () => {
			while (next < items.length) await fn(items[next++]);
		})
	);
}

/** A moveId nobody else uses: the game's index, the move's number and a random tail. */
function moveIdOf(g: LoadGame): string {
	return `g${g.index}-m${g.acks.length}-${Math.random().toString(36).slice(2, 10)}`;
}

/** How long a dropped game socket waits before it tries again (the server is being restarted). */
const RECONNECT_MS = 500;

/**
 * A signed-in player as botplay's loop sees it (scripts/lib/botplay.ts `Player`): views from the
 * seat's game socket, reopened after a kill (the loop reads over HTTP while it is down), and
 * moves over HTTP through `Net`, one moveId per move however often it is sent. Strict: with one
 * loop per game and no clock running out, nobody else moves, so any refusal (a stale version
 * included) fails the test instead of being retried as the loop would.
 */
export class CrashPlayer implements Player {
	constructor(
		readonly client: Client,
		private readonly net: Net,
		private readonly games: ReadonlyMap<string, LoadGame>,
		private readonly onAck: (a: Ack) => void
	) {}

	get username() {
		return this.client.username;
	}

	game<V = unknown>(id: string): Promise<GameView<V>> {
		return this.net.get<GameView<V>>(this.client, `/api/games/${id}`);
	}

	async move(id: string, move: unknown, expectedVersion?: number): Promise<{ version: number }> {
		const g = this.games.get(id)!;
		const attempt: Attempt = { gameId: id, moveId: moveIdOf(g), cutBy: null, retried: false };
		const r = await this.net.move(this.client, id, attempt.moveId, move, expectedVersion!, attempt);
		if (r.status !== 200) {
			const now = Number(r.body?.currentVersion);
			const why =
				r.body?.code !== 'STALE_VERSION' ? '' :
				now < expectedVersion! ? ` — the room went back from version ${expectedVersion} to ${now}: acknowledged moves were lost` :
				attempt.retried ? ' — an earlier try had landed, but the retry with its moveId was not recognised as a duplicate' : '';
			throw new Error(`game ${id}: move ${attempt.moveId} at version ${expectedVersion} refused: ${r.status} ${JSON.stringify(r.body)}${why}`);
		}
		const ack: Ack = {
			gameId: id, moveId: attempt.moveId, client: this.client, seat: g.bySeat.indexOf(this.client), move,
			expectedVersion: expectedVersion!, version: r.body.version, duplicate: r.body.duplicate, attempt
		};
		g.acks.push(ack);
		this.onAck(ack);
		return { version: r.body.version };
	}

	/** The game's socket, opened again whenever it drops, until the loop closes it. */
	watch(id: string, onView: (g: GameView) => void): () => void {
		let closed = false;
		let close = () => {};
		const open = () => {
			if (closed || this.net.closed) return;
			close = this.client.watch(id, onView, () => void setTimeout(open, RECONNECT_MS));
		};
		open();
		return () => {
			closed = true;
			close();
		};
	}
}

/** Plays `g` with its kind's default bot until it ends, reaches its cap or is left alone (`leave`). */
export async function playLoop(net: Net, g: LoadGame, games: ReadonlyMap<string, LoadGame>, onAck: (a: Ack) => void): Promise<void> {
	const players = new Map(g.bySeat.map((c) => [keyOf(c.username), new CrashPlayer(c, net, games, onAck)]));
	const r = await playGame({ id: g.id, kind: g.kind, players, rng: g.rng, maxMoves: g.cap, until: (view) => g.leave(view) });
	g.last = r.game;
	g.stop = r.stop === 'until' ? 'left alone' : r.stop === 'max' ? 'cap' : r.stop;
	g.done = true;
}
