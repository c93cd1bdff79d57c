/**
 * npm run bench:server [-- --moves 300] [--games 50] [--per-game 40] [--no-build] [--state-dir DIR]
 *
 * The server's speed under `wrangler dev` on the built app (its own fresh local state):
 * 1. Move round trip: one seat submits a move over HTTP; the clock stops when the WebSocket event
 *    of that version arrives at ANOTHER seat's client. Interleaved with it, a no-op request to the
 *    same Worker (GET /api/ping, with the same session cookie, so the same hooks run) — p50 and
 *    p99 of both, side by side. Target (issue 3): move p50 ≤ 1.5 × no-op p50.
 * 2. Throughput: 50 games moving at once, each a loop of submit → event at another seat; moves/s
 *    and the per-move round-trip p50/p99 under that load.
 * Moves are chosen by the engine's random bot from the mover's own view (as received over its own
 * socket) — outside the timed interval. Results: docs/benchmarks.md.
 *
 * The local D1 and Durable Object state go to a fresh directory under /dev/shm (tmpfs) when there
 * is one: wrangler dev's SQLite files sync to disk on every commit, and on a shared VM disk that
 * wait swamps what the code does (docs/benchmarks.md has both). `--state-dir` picks another parent.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { seedRng, type RngState } from '../src/lib/engine/index';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { randomLegal } from '../src/lib/engine/index';

// The kind to play (issue 11: one command for every kind): --game <kind>, the first registered by default.
const KIND = kindOf(process.argv.includes('--game') ? process.argv[process.argv.indexOf('--game') + 1] : KIND_IDS[0]);
if (!KIND) {
	console.error(`--game: one of ${KIND_IDS.join(', ')}`);
	process.exit(2);
}
const randomBot = randomLegal(KIND);
import { build, freePort, migrate, startDevServer } from '../scripts/lib/devserver';
import { Client } from '../scripts/lib/client';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => {
	const i = args.indexOf(name);
	return i >= 0 ? Number(args[i + 1]) : d;
};
const MOVES = opt('--moves', 300);
const GAMES = opt('--games', 50);
const PER_GAME = opt('--per-game', 40);
const PASSWORD = 'bench-password-1234';
const STATE_PARENT = (() => {
	const i = args.indexOf('--state-dir');
	if (i >= 0) return args[i + 1];
	return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
})();

interface RoomMsg {
	type: string;
	version: number;
	view: unknown;
	activeSeats: number[];
	status: string;
}

/** One seat's socket: the newest view, and waiters for a version. */
class SeatSocket {
	ws: WebSocket;
	version = 0;
	msg: RoomMsg | null = null;
	private waiters: { version: number; done: (t: number) => void }[] = [];
	ready: Promise<void>;

	constructor(client: Client, gameId: string) {
		this.ws = client.socket(gameId);
		this.ready = new Promise((ok, fail) => {
			this.ws.addEventListener('error', () => fail(new Error('socket error')), { once: true });
			this.ws.addEventListener('message', (e) => {
				const t = performance.now();
				const m = JSON.parse(String(e.data)) as RoomMsg;
				if (m.type !== 'state' && m.type !== 'event') return;
				if (m.version <= this.version) return;
				this.version = m.version;
				this.msg = m;
				ok();
				this.waiters = this.waiters.filter((w) => (w.version <= m.version ? (w.done(t), false) : true));
			});
		});
	}

	/** Resolves with the arrival time of the first message at or above `version`. */
	until(version: number): Promise<number> {
		if (this.version >= version) return Promise.resolve(performance.now());
		return new Promise((done) => this.waiters.push({ version, done }));
	}

	close() {
		this.ws.close();
	}
}

interface Game {
	id: string;
	sockets: SeatSocket[]; // by seat
	clients: Client[]; // by seat
	rng: RngState;
}

async function newGame(players: Client[], n: number): Promise<Game> {
	const { id } = await players[0].createGame({ kind: KIND.id, seats: Math.min(Math.max(3, KIND.seats.min), KIND.seats.max), visibility: 'public', timeLimit: '1d' });
	for (const c of players.slice(1)) await c.join(id);
	const g = await players[0].game(id);
	if (g.status === 'waiting') await players[0].start(id);
	const room = await players[0].game(id);
	const clients: Client[] = [];
	for (const s of room.seats) clients[s.seat] = players.find((p) => p.userId === s.userId || p.username === s.username)!;
	const sockets = clients.map((c) => new SeatSocket(c, id));
	await Promise.all(sockets.map((s) => s.ready));
	return { id, sockets, clients, rng: seedRng(`bench-${n}`) };
}

/** The HTTP answer time of the last step (submit → response), next to the round trip. */
let lastHttp = 0;

/** One move of `game`: submit by the first active seat, timed to the event at another seat. */
async function step(game: Game): Promise<number | null> {
	const any = game.sockets[0].msg!;
	if (!any.view || any.status !== 'active' || KIND.isOver(any.view)) return null;
	const seat = any.activeSeats[0];
	const own = game.sockets[seat];
	await own.until(any.version);
	const move = randomBot(own.msg!.view!, seat, game.rng);
	const observer = game.sockets[(seat + 1) % game.sockets.length];
	const t0 = performance.now();
	const r = await game.clients[seat].move(game.id, move, own.version);
	lastHttp = performance.now() - t0;
	const t1 = await observer.until(r.version);
	// Every seat must have caught up before the next move is chosen from its view.
	await Promise.all(game.sockets.map((s) => s.until(r.version)));
	return t1 - t0;
}

function pct(xs: number[], p: number) {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
const ms = (x: number) => x.toFixed(2);

async function main() {
	if (!args.includes('--no-build')) await build({ quiet: true });
	const dir = mkdtempSync(join(STATE_PARENT, 'rongo-bench-'));
	await migrate(dir, { quiet: true });
	const server = await startDevServer({ port: await freePort(), persistTo: dir, stdio: 'pipe', logLevel: 'warn' });
	try {
		const players = ['p1', 'p2', 'p3'].map((n) => new Client(server.url, n + Date.now().toString(36).slice(-4)));
		for (const p of players) await p.signup(p.username, PASSWORD);
		for (const p of players) if (!p.userId) p.userId = (await p.api('GET', '/api/auth/me'))?.user?.id ?? '';

		// Warm-up: a few moves and pings (JIT, workerd, SQLite pages).
		let game = await newGame(players, 0);
		for (let i = 0; i < 20; i++) {
			await step(game);
			await players[0].api('GET', '/api/ping');
		}

		// 1. Round trip vs no-op, interleaved.
		const move: number[] = [];
		const http: number[] = [];
		const noop: number[] = [];
		let n = 1;
		while (move.length < MOVES) {
			const t = await step(game);
			if (t === null) {
				game.sockets.forEach((s) => s.close());
				game = await newGame(players, n++);
				continue;
			}
			move.push(t);
			http.push(lastHttp);
			const t0 = performance.now();
			await players[0].api('GET', '/api/ping');
			noop.push(performance.now() - t0);
		}
		game.sockets.forEach((s) => s.close());

		// 2. Throughput: GAMES games at once.
		const games: Game[] = [];
		for (let i = 0; i < GAMES; i++) games.push(await newGame(players, 1000 + i));
		const lat: number[] = [];
		const start = performance.now();
		await Promise.all(
			games.map(async (g) => {
				for (let i = 0; i < PER_GAME; i++) {
					const t = await step(g);
					if (t === null) break;
					lat.push(t);
				}
			})
		);
		const seconds = (performance.now() - start) / 1000;
		games.forEach((g) => g.sockets.forEach((s) => s.close()));

		const cpu = cpus();
		console.log(`machine: ${cpu[0]?.model ?? '?'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}; state in ${STATE_PARENT}`);
		console.log(`\nmove round trip (HTTP submit → WebSocket event at another seat), ${move.length} moves:`);
		console.log(`  move   p50 ${ms(pct(move, 50))} ms   p99 ${ms(pct(move, 99))} ms`);
		console.log(`  (move HTTP answer p50 ${ms(pct(http, 50))} ms   p99 ${ms(pct(http, 99))} ms)`);
		console.log(`  no-op  p50 ${ms(pct(noop, 50))} ms   p99 ${ms(pct(noop, 99))} ms   (GET /api/ping, same session)`);
		const ratio = pct(move, 50) / pct(noop, 50);
		console.log(`  p50 ratio ${ratio.toFixed(2)} (target ≤ 1.5)`);
		console.log(`\nthroughput: ${GAMES} games at once, ${lat.length} moves in ${seconds.toFixed(1)} s`);
		console.log(`  ${(lat.length / seconds).toFixed(0)} moves/s   p50 ${ms(pct(lat, 50))} ms   p99 ${ms(pct(lat, 99))} ms`);
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

await main();
