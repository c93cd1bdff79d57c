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
import { KIND_IDS, LEGACY_KIND_ID, kindOf } from '../src/lib/games/index';
import { build, freePort, migrate, startDevServer } from '../scripts/lib/devserver';
import { closeGame, newGame as newRongoGame, signupPlayers, step as rongoStep, type RongoGame as Game } from './lib/rongo';
import type { Client } from '../scripts/lib/client';

// The kind to play (issue 11: one command for every kind): --game <kind>, the first registered by default.
const KIND = kindOf(process.argv.includes('--game') ? process.argv[process.argv.indexOf('--game') + 1] : LEGACY_KIND_ID);
if (!KIND) {
	console.error(`--game: one of ${KIND_IDS.join(', ')}`);
	process.exit(2);
}

const args = process.argv.slice(2);
const opt = (name: string, d: number) => {
	const i = args.indexOf(name);
	return i >= 0 ? Number(args[i + 1]) : d;
};
const MOVES = opt('--moves', 300);
const GAMES = opt('--games', 50);
const PER_GAME = opt('--per-game', 40);
const STATE_PARENT = (() => {
	const i = args.indexOf('--state-dir');
	if (i >= 0) return args[i + 1];
	return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
})();

const newGame = (players: Client[], n: number) => newRongoGame(players, KIND, n);

/** The HTTP answer time of the last step (submit → response), next to the round trip. */
let lastHttp = 0;

/** One move of `game` over HTTP (bench/lib/rongo.ts), timed to the event at another seat. */
async function step(game: Game): Promise<number | null> {
	const r = await rongoStep(game, 'http');
	if (r === null) return null;
	lastHttp = r.answer;
	return r.rtt;
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
		const players = await signupPlayers(server.url);

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
				closeGame(game);
				game = await newGame(players, n++);
				continue;
			}
			move.push(t);
			http.push(lastHttp);
			const t0 = performance.now();
			await players[0].api('GET', '/api/ping');
			noop.push(performance.now() - t0);
		}
		closeGame(game);

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
		games.forEach(closeGame);

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
