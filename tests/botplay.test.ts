// Issue 12: the loop that plays games with bots over the API (scripts/lib/botplay.ts), the seed's
// player counts and the command line of `npm run bots`. The loop runs against an in-memory room
// built on the first registered kind's engine, which answers like the real one: views per seat,
// versions, STALE_VERSION, 422 for a refused move.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isOver, seedRng, type Kind } from '../src/lib/engine/index';
import { LEGACY_KIND_ID, kindOf } from '../src/lib/games/index';
import { describeOutcome, keyOf, nextMover, playGame, type Player } from '../scripts/lib/botplay';
import { parseBotsArgs, UsageError } from '../scripts/lib/bots-args';
import { ApiError, type GameView, type SeatInfo } from '../scripts/lib/client';
import { finishedSeatCounts } from '../scripts/lib/seed';

const kind = kindOf(LEGACY_KIND_ID)!;
const NAMES = ['ana', 'ben', 'caro', 'dan', 'eve'];

/** A room in memory: the state, a version per change, and who moved what. */
class FakeRoom {
	state: unknown;
	version = 1;
	moves: { seat: number; move: unknown }[] = [];
	seats: SeatInfo[];
	/** Refuse the next N submissions as stale after a change of someone else's (a version of its own). */
	staleNext = 0;

	constructor(
		readonly kind: Kind,
		players: number,
		seed: string
	) {
		const config = kind.config(v.parse(kind.options, {}), players);
		if (!config.ok) throw new Error(config.message);
		const start = kind.start(config.value, seed);
		if (!start.ok) throw new Error(start.message);
		this.state = start.value.state;
		this.seats = NAMES.slice(0, players).map((username, seat) => ({ seat, userId: `u${seat}`, username, colour: null }));
	}

	viewFor(seat: number | null): GameView {
		const over = isOver(this.kind, this.state);
		return {
			gameId: 'g1',
			kind: this.kind.id,
			version: this.version,
			status: over ? 'finished' : 'active',
			seats: this.seats,
			yourSeat: seat,
			activeSeats: this.kind.activeSeats(this.state),
			view: this.kind.view(this.state, seat)
		};
	}

	player(seat: number): Player & { gets: number } {
		const room = this;
		return {
			username: this.seats[seat].username,
			gets: 0,
			async game<V>() {
				this.gets++;
				return room.viewFor(seat) as GameView<V>;
			},
			async move(_id, move, expected) {
				if (room.staleNext > 0) {
					room.staleNext--;
					room.version++; // e.g. a reclaim or a vacation: a version without a move
					throw new ApiError(409, 'STALE_VERSION', 'stale', { currentVersion: room.version });
				}
				if (expected !== undefined && expected !== room.version)
					throw new ApiError(409, 'STALE_VERSION', 'stale', { currentVersion: room.version });
				const r = room.kind.apply(room.state, seat, move);
				if (!r.ok) throw new ApiError(422, r.code, r.message, {});
				room.state = r.value.state;
				room.moves.push({ seat, move });
				return { version: ++room.version };
			}
		};
	}

	players(seats = this.seats.map((s) => s.seat)) {
		return new Map(seats.map((s) => [keyOf(this.seats[s].username), this.player(s)]));
	}
}

describe('nextMover', () => {
	const seats: SeatInfo[] = NAMES.slice(0, 4).map((username, seat) => ({ seat, userId: `u${seat}`, username, colour: null }));
	const game = (status: GameView['status'], activeSeats: number[]) => ({ status, activeSeats, seats });
	const notAna = (s: SeatInfo) => s.username !== 'ana';

	it('moves the first awaited seat this side plays', () => {
		expect(nextMover(game('active', [2]), notAna)).toEqual({ kind: 'move', seat: 2, username: 'caro' });
		// A sealed decision: several awaited; ana's is a person's, so ben goes first.
		expect(nextMover(game('active', [0, 1, 3]), notAna)).toEqual({ kind: 'move', seat: 1, username: 'ben' });
	});

	it('stops when only other seats are awaited, when over, and before the start', () => {
		expect(nextMover(game('active', [0]), notAna)).toEqual({ kind: 'others', awaited: [seats[0]] });
		expect(nextMover(game('finished', []), notAna)).toEqual({ kind: 'over' });
		expect(nextMover(game('waiting', []), notAna)).toEqual({ kind: 'waiting' });
	});
});

describe('playGame (the loop of the seed and `npm run bots`)', () => {
	it('plays a 3-player game to the end, every move by the seat awaited, from its own view', async () => {
		const room = new FakeRoom(kind, 3, 'botplay-1');
		const seen: number[] = [];
		const r = await playGame({ id: 'g1', kind, players: room.players(), rng: seedRng('t1'), onMove: (m) => seen.push(m.version) });
		expect(r.stop).toBe('over');
		expect(isOver(kind, room.state)).toBe(true);
		expect(r.moves).toBe(room.moves.length);
		expect(r.moves).toBeGreaterThan(20);
		expect(seen).toEqual(room.moves.map((_, i) => i + 2));
		expect(r.game.status).toBe('finished');
		expect(describeOutcome(kind, r.game)).toMatch(/won/);
	});

	it('stops when a seat it does not play is awaited, without moving for it', async () => {
		const room = new FakeRoom(kind, 4, 'botplay-2');
		const r = await playGame({ id: 'g1', kind, players: room.players([1, 2, 3]), rng: seedRng('t2') });
		expect(r.stop).toBe('others');
		expect(r.awaited.map((s) => s.username)).toEqual(['ana']);
		expect(room.moves.every((m) => m.seat !== 0)).toBe(true);
		expect(kind.activeSeats(room.state)).toEqual([0]);
		expect(describeOutcome(kind, r.game)).toMatch(/^not finished/);
	});

	it('honours maxMoves and until', async () => {
		const room = new FakeRoom(kind, 4, 'botplay-3');
		const players = room.players();
		const first = await playGame({ id: 'g1', kind, players, rng: seedRng('t3'), maxMoves: 7 });
		expect([first.stop, first.moves, room.moves.length]).toEqual(['max', 7, 7]);
		const onlyAna = (g: GameView) => g.activeSeats.length === 1 && g.activeSeats[0] === 0;
		const more = await playGame({ id: 'g1', kind, players, rng: seedRng('t3'), until: onlyAna });
		expect(more.stop).toBe('until');
		expect(kind.activeSeats(room.state)).toEqual([0]);
	});

	it('reads the game again after a stale version and goes on', async () => {
		const room = new FakeRoom(kind, 3, 'botplay-4');
		room.staleNext = 3;
		const retries: string[] = [];
		const r = await playGame({ id: 'g1', kind, players: room.players(), rng: seedRng('t4'), maxMoves: 30, onRetry: (w) => retries.push(w) });
		expect(retries).toHaveLength(3);
		expect(retries[0]).toMatch(/STALE_VERSION/);
		expect(r.moves).toBe(30);
		expect(room.version).toBe(1 + 30 + 3);
	});

	it('gives up with a clear error when the room refuses a bot move and nothing changed', async () => {
		const nonsense = { ...kind, bots: { nonsense: () => ({ type: 'no-such-move' }) }, defaultBot: 'nonsense' } as Kind;
		const room = new FakeRoom(kind, 3, 'botplay-5');
		await expect(playGame({ id: 'g1', kind: nonsense, players: room.players(), rng: seedRng('t5') })).rejects.toThrow(/refused at version 1/);
	});

	it('takes views from a socket when the player has one, and reads over HTTP when it is silent', async () => {
		const room = new FakeRoom(kind, 3, 'botplay-6');
		const players = room.players();
		const listeners: (() => void)[] = [];
		for (const [, p] of players) {
			const seat = room.seats.find((s) => s.username === p.username)!.seat;
			p.watch = (_id, onView) => {
				const push = () => onView(room.viewFor(seat));
				listeners.push(push);
				push();
				return () => listeners.splice(listeners.indexOf(push), 1);
			};
			const move = p.move.bind(p);
			p.move = async (id, m, version) => {
				const r = await move(id, m, version);
				listeners.forEach((l) => l());
				return r;
			};
		}
		const r = await playGame({ id: 'g1', kind, players, rng: seedRng('t6'), maxMoves: 40 });
		expect(r.moves).toBe(40);
		expect([...players.values()].map((p) => (p as unknown as { gets: number }).gets)).toEqual([0, 0, 0]);
		expect(listeners).toHaveLength(0); // closed at the end
	});

	it('reads over HTTP at once when a socket ends (no wait for events that cannot come)', async () => {
		const room = new FakeRoom(kind, 3, 'botplay-7');
		const players = room.players();
		for (const [, p] of players) {
			const seat = room.seats.find((s) => s.username === p.username)!.seat;
			// The socket delivers the first view, then ends (a server restart).
			p.watch = (_id, onView, onClose) => {
				onView(room.viewFor(seat));
				setTimeout(onClose, 0);
				return () => {};
			};
		}
		const t = performance.now();
		const r = await playGame({ id: 'g1', kind, players, rng: seedRng('t7'), maxMoves: 20 });
		expect(r.moves).toBe(20);
		expect(performance.now() - t).toBeLessThan(2000); // a wait for the socket would take 3 s a move
		expect([...players.values()].some((p) => (p as unknown as { gets: number }).gets > 0)).toBe(true);
	});
});

describe('finishedSeatCounts (the seed)', () => {
	it('spreads the finished games over the kind’s player counts, within the demo accounts', () => {
		expect(finishedSeatCounts({ min: 3, max: 5 }, 4)).toEqual([4, 3]);
		expect(finishedSeatCounts({ min: 2, max: 6 }, 4, 4)).toEqual([4, 3, 2, 4]);
		expect(finishedSeatCounts({ min: 2, max: 2 }, 4)).toEqual([2, 2]);
		expect(finishedSeatCounts({ min: 5, max: 6 }, 4)).toEqual([]);
	});
});

describe('npm run bots: arguments', () => {
	it('reads --game with seats by number or name, and --new', () => {
		expect(parseBotsArgs(['--game', 'abc234', '--seats', '1, 2,caro', '--base', 'http://localhost:8797/'])).toEqual({
			mode: 'game', game: 'abc234', seats: [1, 2, 'caro'], join: false, base: 'http://localhost:8797', users: null, password: null, quiet: false
		});
		expect(parseBotsArgs(['--new', '--kind=x', '--players', '3', '--user', 'a', '--user', 'b', '--password', 'pw', '--quiet'])).toEqual({
			mode: 'new', kind: 'x', players: 3, base: 'http://localhost:8787', users: ['a', 'b'], password: 'pw', quiet: true
		});
		expect(parseBotsArgs(['--help'])).toEqual({ mode: 'help' });
	});

	it('lets --user go without --password (the demo password is the default)', () => {
		expect(parseBotsArgs(['--new', '--user', 'ana'])).toMatchObject({ mode: 'new', users: ['ana'], password: null });
		expect(parseBotsArgs(['--game', 'abc234', '--user', 'ben', '--user', 'caro'])).toMatchObject({ users: ['ben', 'caro'], password: null });
	});

	it.each([
		[[], /either --game/],
		[['--game', 'a', '--new'], /either --game/],
		[['--game'], /needs a value/],
		[['--game', '--seats'], /needs a value/],
		[['--game', 'a/../b'], /not a game id/],
		[['--game', 'a', '--players', '3'], /goes with --new/],
		[['--new', '--seats', '1'], /goes with --game/],
		[['--new', '--join'], /goes with --game/],
		[['--new', '--players', 'four'], /not a number/],
		[['--new', '--password', 'p'], /goes with --user/],
		[['--new', '--base', 'ftp://x'], /http or https/],
		[['--new', '--base', 'http://x/games'], /origin only/],
		[['--new', '--base', 'nope'], /not a URL/],
		[['--new', '--kind', 'a', '--kind', 'b'], /given twice/],
		[['--new', '--frobnicate'], /unknown argument/]
	])('refuses %j', (argv, message) => {
		expect(() => parseBotsArgs(argv)).toThrow(UsageError);
		expect(() => parseBotsArgs(argv)).toThrow(message);
	});
});
