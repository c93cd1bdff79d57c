/**
 * npm run bench:flood [-- --seconds 8] [--pace 50] [--rate 2000] [--burst 3000] [--frames mix|resync]
 *                     [--kind giants|rapanui|moa|all] [--config both|start|tuned] [--no-build]
 *                     [--base URL [--pid P]]
 *
 * One flooding socket against a game's players (issue 28 §2). On `wrangler dev` of the built app,
 * for each kind, two phases of `--seconds` each, each on a fresh game with three players on their
 * sockets, played by the kind's default bot one move after another, a move every `--pace` ms (a
 * lively table; the game is kept from ending inside a phase):
 *   1. quiet: nothing else happens;
 *   2. flood: a signed-out spectator's socket (scripts/lib/raw-websocket.ts: a client that ignores
 *      the close frame and never stops) sends `--rate` frames per second for the whole phase, the
 *      issue's mix in turn: resync, malformed JSON, presence, a spectator's move (`--frames resync`:
 *      resyncs only, the costliest frame), after a burst of `--burst` frames at once (default
 *      3,000, the burst).
 * In both, a player's move round trip (sent over the mover's socket → the event at another seat's
 * socket) and a player's view round trip (`GET /api/games/:id`, one after another, all phase long)
 * are timed; the goal is a flood phase within 2× of the quiet one. Also printed: when the flooding
 * socket was ended (1008) and how many frames it sent and got answered.
 *
 * `--config` chooses the server: `start` as `npm start` runs it (log level `log`; wrangler's local
 * tracing off unless RONGO_TRACING=1 — it was on before issue 33), `tuned` with tracing off and log level `warn` (closer to production), `both` (the
 * default) one after the other. `--base URL` measures a server already running instead (e.g. a
 * build of older code), with its own sign-ups; `--pid P` (its process group) adds its CPU. The
 * server's CPU per second of each phase is printed, and what one flood frame cost on top.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedRng, type Kind } from '../src/lib/engine/index';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { build, freePort, migrate, startDevServer, tracingFromEnv, type DevServer } from '../scripts/lib/devserver';
import { RawWebSocket } from '../scripts/lib/raw-websocket';
import { Client } from '../scripts/lib/client';
import { closeGame, newGame, signupPlayers, step } from './lib/rongo';
import { canReadCpu, cpuOf, cpuSince } from './lib/proc';
import { args, ms, q, sleep, value } from './lib/cli';

const SECONDS = Number(value('--seconds') ?? 8);
const PACE = Number(value('--pace') ?? 50);
const RATE = Number(value('--rate') ?? 2000);
/** Frames sent at once when the flood starts, before the steady rate (the burst: 3,000). */
const BURST = Number(value('--burst') ?? 3000);
const KIND_ARG = value('--kind') ?? 'all';
const CONFIG = value('--config') ?? 'both';
const BASE = value('--base');
/** `mix`: the frames in turn; `resync`: only resyncs (each asks the room for a whole view). */
const FRAMES_ARG = value('--frames') ?? 'mix';
const KINDS = (KIND_ARG === 'all' ? KIND_IDS : [KIND_ARG]).map((id) => kindOf(id)) as Kind[];
if (!['mix', 'resync'].includes(FRAMES_ARG) || !Number.isInteger(BURST) || BURST < 0 || !(SECONDS > 0) || !(PACE >= 0) || !(RATE > 0) || KINDS.some((k) => !k) || !['both', 'start', 'tuned'].includes(CONFIG)) {
	console.error('usage: npm run bench:flood -- [--seconds S] [--pace MS] [--rate R] [--kind giants|rapanui|moa|all] [--config both|start|tuned] [--frames mix|resync] [--burst N] [--no-build] [--base URL [--pid P]]');
	process.exit(2);
}
const STATE_PARENT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
// Sign-ups unthrottled for the benchmark's players.
const VARS = { AUTH_SIGNUPS_PER_HOUR: '1000000' };
const CONFIGS = {
	// Issue 33: npm start records no local traces any more unless RONGO_TRACING=1 (scripts/lib/devserver.ts).
	start: { label: `as npm start runs it (log level log, tracing ${tracingFromEnv() ? 'on: RONGO_TRACING=1' : 'off'})`, env: {}, logLevel: 'log' as const },
	tuned: { label: 'tuned (tracing off, log level warn)', env: { X_LOCAL_OBSERVABILITY: 'false' }, logLevel: 'warn' as const }
};


/** The flood, frame by frame in turn. */
const FRAMES =
	FRAMES_ARG === 'resync'
		? [JSON.stringify({ type: 'resync' })]
		: [JSON.stringify({ type: 'resync' }), '{"type":', JSON.stringify({ type: 'presence', looking: true }), JSON.stringify({ type: 'move', moveId: 'flood', move: { type: 'pass' } })];

interface Phase {
	moves: number[];
	views: number[];
	/** The server's CPU (workerd and wrangler, from /proc) and the phase's wall time, in ms; null CPU: not readable. */
	cpu: number | null;
	wall: number;
	floods: { sent: number; answered: number; closeCode: number | null; closedAfterMs: number | null; closedAfterFrames: number | null }[];
}

/** Sends `RATE` frames a second to the game's socket as a signed-out spectator until stopped. */
async function startFlood(url: string, gameId: string) {
	const ws = await RawWebSocket.connect(`${url.replace(/^http/, 'ws')}/api/games/${gameId}/socket`, { Origin: url });
	const t0 = performance.now();
	let closedAfterFrames: number | null = null;
	let k = 0;
	while (ws.sent < BURST && ws.send(FRAMES[k++ % FRAMES.length]));
	const timer = setInterval(() => {
		// Catch up to RATE × elapsed: timers are late under load, the rate is not.
		const due = BURST + Math.floor(((performance.now() - t0) * RATE) / 1000);
		while (ws.sent < due && ws.send(FRAMES[k++ % FRAMES.length]));
		if (ws.closeCode !== null && closedAfterFrames === null) closedAfterFrames = ws.sent;
	}, 5);
	return {
		stop() {
			clearInterval(timer);
			ws.destroy();
			return {
				sent: ws.sent,
				// The opening state is no answer to the flood.
				answered: Math.max(0, ws.texts.length - 1),
				closeCode: ws.closeCode,
				closedAfterMs: ws.closedAt === null ? null : ws.closedAt - t0,
				closedAfterFrames
			};
		}
	};
}

/**
 * One phase: SECONDS of play on fresh games of `kind` (a new one whenever one ends), a move every
 * PACE ms over the movers' sockets, a player's view timed over and over meanwhile; with `flood`, a
 * flooder on each game's socket.
 */
async function phase(url: string, players: Client[], kind: Kind, flood: boolean, pid: number | null): Promise<Phase> {
	const out: Phase = { moves: [], views: [], floods: [], cpu: null, wall: 0 };
	const t0 = performance.now();
	const cpu0 = pid !== null && canReadCpu() ? cpuOf(pid) : null;
	const until = t0 + SECONDS * 1000;
	for (let n = 0; performance.now() < until; n++) {
		const game = await newGame(players, kind, n);
		game.bot = kind.bots[kind.defaultBot];
		game.rng = seedRng(`flood/${kind.id}/${flood}/${n}`);
		try {
			// A few moves first, so that the room and the Worker are warm in both phases alike.
			for (let i = 0; i < 3; i++) await step(game, 'socket');
			const flooder = flood ? await startFlood(url, game.id) : null;
			let playing = true;
			const viewer = (async () => {
				while (playing) {
					const t0 = performance.now();
					await game.clients[0].game(game.id);
					out.views.push(performance.now() - t0);
					await sleep(20);
				}
			})();
			try {
				while (performance.now() < until) {
					const r = await step(game, 'socket');
					if (!r) break; // the game ended: the next one
					out.moves.push(r.rtt);
					await sleep(PACE);
				}
			} finally {
				playing = false;
				await viewer;
				if (flooder) out.floods.push(flooder.stop());
			}
		} finally {
			closeGame(game);
		}
	}
	out.wall = performance.now() - t0;
	if (cpu0 && pid !== null) out.cpu = cpuSince(cpu0, cpuOf(pid)).total;
	return out;
}

async function measure(url: string, label: string, pid: number | null) {
	console.log(`\n${label}: ${url}`);
	const players = await signupPlayers(url);
	const rows: string[] = [];
	for (const kind of KINDS) {
		const quiet = await phase(url, players, kind, false, pid);
		const flood = await phase(url, players, kind, true, pid);
		const ratio = (a: number[], b: number[], p: number) => (q(b, p) / q(a, p)).toFixed(2);
		for (const f of flood.floods)
			console.log(
				`  ${kind.id}: a flooder sent ${f.sent} frames (${RATE}/s), ${f.answered} answered, closed ${f.closeCode ?? 'never'}` +
					(f.closedAfterMs === null ? '' : ` after ${f.closedAfterMs.toFixed(0)} ms / ${f.closedAfterFrames} frames sent`)
			);
		if (quiet.cpu !== null && flood.cpu !== null) {
			const perSecond = (p: Phase) => (p.cpu! / p.wall) * 1000;
			const frames = flood.floods.reduce((n, f) => n + f.sent, 0);
			// The phases make the same moves at the same pace: the difference is the flood's.
			const extra = perSecond(flood) - perSecond(quiet);
			console.log(
				`  ${kind.id}: server CPU ${perSecond(quiet).toFixed(0)} ms/s quiet, ${perSecond(flood).toFixed(0)} ms/s flooded` +
					` (≈ ${((extra * 1000) / (frames / (flood.wall / 1000))).toFixed(0)} µs per flood frame)`
			);
		}
		const row = (what: string, a: number[], b: number[]) =>
			`| ${kind.id} | ${what} | ${ms(q(a, 0.5))} / ${ms(q(a, 0.95))} / ${ms(q(a, 1))} | ${ms(q(b, 0.5))} / ${ms(q(b, 0.95))} / ${ms(q(b, 1))} | ${ratio(a, b, 0.5)} / ${ratio(a, b, 0.95)} | ${a.length} / ${b.length} |`;
		rows.push(row('move', quiet.moves, flood.moves), row('view', quiet.views, flood.views));
	}
	console.log('\n  | kind | round trip | quiet p50 / p95 / max | flood p50 / p95 / max | flood ÷ quiet p50 / p95 | samples quiet / flood |');
	console.log('  |---|---|---:|---:|---:|---:|');
	for (const r of rows) console.log('  ' + r);
}

async function serve(config: keyof typeof CONFIGS): Promise<{ server: DevServer; dir: string }> {
	const dir = mkdtempSync(join(STATE_PARENT, `rongo-flood-${config}-`));
	await migrate(dir, { quiet: true });
	const c = CONFIGS[config];
	const server = await startDevServer({ port: await freePort(), persistTo: dir, stdio: 'pipe', logLevel: c.logLevel, env: c.env, vars: VARS });
	return { server, dir };
}

console.log(`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
console.log(`phases of ${SECONDS} s, a move every ${PACE} ms, flood: ${BURST} frames at once, then ${RATE} frames/s (${FRAMES_ARG}); move = submit over the mover's socket → event at another seat; view = GET /api/games/:id`);
if (BASE) await measure(BASE.replace(/\/$/, ''), 'the server at --base', value('--pid') ? Number(value('--pid')) : null);
else {
	if (!args.includes('--no-build')) await build({ quiet: true });
	for (const config of CONFIG === 'both' ? (['start', 'tuned'] as const) : [CONFIG as keyof typeof CONFIGS]) {
		const { server, dir } = await serve(config);
		try {
			await measure(server.url, CONFIGS[config].label, server.child.pid ?? null);
		} finally {
			await server.stop();
			rmSync(dir, { recursive: true, force: true });
		}
	}
}
