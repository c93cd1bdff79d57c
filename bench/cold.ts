/**
 * npm run bench:cold [-- --games 4] [--moves 2] [--lengths 10] [--settle 1500] [--loads 10]
 *                    [--startups 5] [--state-dir DIR] [--kinds a,b] [--no-build] [--no-startup]
 *
 * The cold move (issue 33): over days an idle room is evicted between moves, so in production
 * nearly every move wakes a room from storage — constructs it anew, loads the game (meta, players,
 * snapshot, the moves replayed after it), applies and commits the move, broadcasts, notifies. This
 * measures that cold path against the warm one (the room still in memory), on `wrangler dev` of the
 * built app (workerd, local D1 and Durable Object storage; tracing off: X_LOCAL_OBSERVABILITY=false),
 * for every registered kind, at 10 %, 50 % and 90 % of a typical game of that kind:
 *
 *  1. Typical lengths: `--lengths` games of each kind played out by its default bot in the engine
 *     alone (no server), three seats as below; the median number of moves is the kind's length L.
 *  2. On the server, games of each kind (three seats, default options, one trio of players), each
 *     played by the kind's default bot from each seat's own view over HTTP (scripts/lib/botplay.ts).
 *     At each position p of 10/50/90 % a window of 4 × `--moves` moves centred on p·L is measured,
 *     `--games` windows per kind and position, each in its own game (a game that ends before a
 *     window leaves it to the next one; at most 4 × `--games` games). Warm and cold moves are
 *     interleaved in pairs, the order alternating, every other pair with our isolate profiled, so
 *     the drift of a shared machine and the game's growth hit all alike:
 *     - cold: the room is evicted first (`POST /api/dev/room {action: 'evict'}`, GameRoom.evict:
 *       `ctx.abort()` — its memory gone, its storage kept, as Cloudflare evicts an idle object);
 *     - warm: the room was just read (the mover's view), nothing else.
 *     Each measured move is the awaited seat's `POST /api/games/:id/moves` — how an away player
 *     moves — chosen beforehand from that seat's view. Per move:
 *     - wall: the POST's round trip as the client sees it;
 *     - our isolate's CPU (the Worker and its Durable Objects: what production bills), in the
 *       profiled pairs: V8's samples of it through wrangler's inspector proxy (`--interval` µs),
 *       the ones not idle × the sampling period achieved (bench/lib/inspector.ts);
 *     - server CPU, in the unprofiled pairs: every thread of wrangler's process tree (wrangler's
 *       node and its workerd processes; not its esbuild, which watches the sources) from just
 *       before the POST until `--settle` ms after its answer, so the room's coalesced D1 flush (its
 *       alarm a second later), the in-app notification and the postman are in it
 *       (bench/lib/proc.ts cpuFineOf, nanosecond resolution). Each window also has an idle sample
 *       of the same length with no move: what the server burns doing nothing.
 *     And once per window, the load alone inside the room (`{action: 'time-load'}`,
 *     src/lib/server/room/cold.ts): `--loads` fresh loads of the stored game in a row, their mean.
 *  3. The Worker's own cold start: the bundle as a deploy uploads it (scripts/lib/bundle.ts, the
 *     figure `npm run build:check` reports) and `wrangler check startup` `--startups` times (its
 *     bundle figure, and its local startup profile's active CPU: the Worker's top-level code
 *     evaluated by workerd, sampled by V8).
 *
 * Runs everything twice, state on disk (the OS temp directory, when it is not tmpfs) and on tmpfs
 * (/dev/shm), unless `--state-dir` names one directory. Prints a markdown table per state
 * directory (docs/benchmarks.md "Issue 33: the cold move"). The machine's load matters: figures
 * from a shared machine are noisy; compare warm with cold within one run.
 */
import { existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import os, { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import * as v from 'valibot';
import { playOut, seedRng, type Kind, type RngState } from '../src/lib/engine/index';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { Client } from '../scripts/lib/client';
import { keyOf, nextMover, playGame, type Player } from '../scripts/lib/botplay';
import { ROOT, build, freePort, migrate, startDevServer, type DevServer } from '../scripts/lib/devserver';
import { bundleWorker } from '../scripts/lib/bundle';
import { canReadFineCpu, cpuFineOf } from './lib/proc';
import { Cdp, samplingPeriod, type Profile } from './lib/inspector';
import { PASSWORD, seatsFor } from './lib/rongo';
import { args, q, sleep, value } from './lib/cli';

const num = (name: string, dflt: number) => Number(value(name) ?? dflt);
const GAMES = num('--games', 4);
const MOVES = num('--moves', 2);
const LENGTHS = num('--lengths', 10);
const SETTLE = num('--settle', 1500);
const LOADS = num('--loads', 10);
const STARTUPS = num('--startups', 5);
/** µs between V8's samples of our isolate in the profiled moves. */
const INTERVAL = num('--interval', 250);
const POSITIONS = [0.1, 0.5, 0.9];
if (![GAMES, MOVES, LENGTHS, SETTLE, LOADS, STARTUPS].every((n) => Number.isInteger(n) && n >= 1) || LOADS > 200) {
	console.error('usage: npm run bench:cold -- [--games N] [--moves N] [--lengths N] [--settle MS] [--loads 1–200] [--startups N] [--state-dir DIR] [--kinds a,b] [--no-build] [--no-startup]');
	process.exit(2);
}
const only = value('--kinds')?.split(',');
const KINDS = KIND_IDS.filter((id) => !only || only.includes(id)).map((id) => kindOf(id)!) as Kind[];
if (KINDS.length === 0) throw new Error(`--kinds: none of ${only} is registered (${KIND_IDS.join(', ')})`);
if (!canReadFineCpu()) throw new Error('bench:cold reads per-thread CPU from /proc/<pid>/task/<tid>/schedstat (Linux)');
// Tracing off, as in production (bench:load, bench:peers); sign-ups unthrottled for the bench's players.
const WRANGLER_ENV = { X_LOCAL_OBSERVABILITY: 'false' };
const VARS = { AUTH_SIGNUPS_PER_HOUR: '1000000', ROOM_TEST_SEAMS: '1' };

// ---- 1. typical lengths ---------------------------------------------------------------------

function typicalLength(kind: Kind): { median: number; min: number; max: number } {
	const c = kind.config(v.parse(kind.options, {}), seatsFor(kind));
	if (!c.ok) throw new Error(`${kind.id}: default config refused: ${c.message}`);
	const lengths = Array.from({ length: LENGTHS }, (_, i) => {
		const out = playOut(kind, { config: c.value, seed: `bench-cold/${kind.id}/${i}` });
		if (!out.over) throw new Error(`${kind.id}: a bot game did not end`);
		return out.moves.length;
	});
	return { median: q(lengths, 0.5), min: Math.min(...lengths), max: Math.max(...lengths) };
}

// ---- 2. warm and cold moves on a server --------------------------------------------------------

interface Sample {
	kind: string;
	position: number;
	cold: boolean;
	/** Our isolate profiled during this move (cpu then includes the profiler's cost; isolate is set). */
	profiled: boolean;
	cpu: number;
	/** Our isolate's samples that were not idle (× the sampling period = its CPU). */
	busy?: number;
	wall: number;
	version: number;
}
interface Window {
	kind: string;
	position: number;
	/** Moves played before the window. */
	from: number;
	idleCpu: number;
	load: { msPerLoad: number; version: number } | null;
}

const fsType = (dir: string) => {
	try {
		return statfsSync(dir).type === 0x01021994 ? 'tmpfs' : 'disk';
	} catch {
		return '?';
	}
};

async function serve(parent: string): Promise<{ server: DevServer; dir: string }> {
	const dir = mkdtempSync(join(parent, 'rongo-cold-'));
	await migrate(dir, { quiet: true });
	const server = await startDevServer({ port: await freePort(), persistTo: dir, stdio: 'pipe', logLevel: 'warn', env: WRANGLER_ENV, vars: VARS });
	return { server, dir };
}

/** Our isolate (the Worker and its Durable Objects: what production bills) through wrangler's inspector proxy. */
class Isolate {
	private cdp: Cdp | null = null;
	readonly deltas: number[][] = [];
	constructor(private readonly port: number) {}
	private async session(): Promise<Cdp> {
		if (this.cdp && !this.cdp.closed) return this.cdp;
		this.cdp = await Cdp.open(`ws://127.0.0.1:${this.port}/ws`, 'our isolate', { origin: 'http://localhost' });
		await this.cdp.send('Profiler.enable');
		await this.cdp.send('Profiler.setSamplingInterval', { interval: INTERVAL });
		return this.cdp;
	}
	async start() {
		await (await this.session()).send('Profiler.start');
	}
	/** Profiles lost: the inspector's session ended meanwhile (wrangler reloads the Worker when a source changes). */
	lost = 0;
	/** The samples taken inside the isolate since start() (idle ones not counted); undefined if the profile was lost. */
	async stop(): Promise<number | undefined> {
		const profile = (await (await this.session()).send<{ profile?: Profile }>('Profiler.stop').catch(() => undefined))?.profile;
		if (!profile) return void this.lost++;
		this.deltas.push(profile.timeDeltas ?? []);
		const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
		return (profile.samples ?? []).filter((id) => !idle.has(id)).length;
	}
	/** The sampling period achieved over every profile (inspector.ts samplingPeriod), in ms. */
	periodMs(): number {
		return samplingPeriod(this.deltas.map((timeDeltas) => ({ nodes: [], startTime: 0, endTime: 0, timeDeltas }))) / 1000;
	}
	close() {
		this.cdp?.close();
	}
}

interface Run {
	samples: Sample[];
	windows: Window[];
	periodMs: number;
	/** Games played per kind (more than --games where some ended before a window). */
	games: Map<string, number>;
}

async function measure(parent: string, lengths: Map<string, number>): Promise<Run> {
	const { server, dir } = await serve(parent);
	const games = new Map<string, number>();
	const samples: Sample[] = [];
	const windows: Window[] = [];
	const isolate = new Isolate(server.inspectorPort);
	try {
		const run = Date.now().toString(36).slice(-5);
		const trio: Client[] = [];
		for (let i = 0; i < 3; i++) {
			const c = new Client(server.url, `cold${run}p${i}`);
			await c.signup(c.username, PASSWORD);
			trio.push(c);
		}
		const players = new Map<string, Player>(trio.map((c) => [keyOf(c.username), { username: c.username, game: (x) => c.game(x), move: (x, m, ver) => c.move(x, m, ver) }]));
		const seam = (body: object) => trio[0].api('POST', '/api/dev/room', body);
		const pid = server.child.pid!;
		// wrangler's esbuild watches the sources and burns ~15 ms a second doing it, move or none:
		// not the server's work, so left out (wrangler's node and its workerd processes are summed).
		const cpuNow = () => Object.entries(cpuFineOf(pid)).reduce((a, [name, ms]) => (name === 'esbuild' ? a : a + ms), 0);

		for (const kind of KINDS) {
			const L = lengths.get(kind.id)!;
			// Whole windows per position; a game that ends before a window leaves it to the next game (a
			// kind's lengths spread widely: Giants' 3-seat games by its default bot end at 114–234 moves).
			const done = new Map(POSITIONS.map((p) => [p, 0]));
			let g = 0;
			for (; g < GAMES * 4 && POSITIONS.some((p) => done.get(p)! < GAMES); g++) {
				const { id } = await trio[0].createGame({ kind: kind.id, seats: seatsFor(kind), visibility: 'public', timeLimit: '3d' });
				for (const c of trio.slice(1, seatsFor(kind))) await c.join(id);
				if ((await trio[0].game(id)).status === 'waiting') await trio[0].start(id);
				const rng: RngState = seedRng(`bench-cold/${kind.id}/server/${g}`);
				let played = 0;
				let over = false;
				for (const p of POSITIONS) {
					if (done.get(p)! >= GAMES) continue;
					// A window of 4 × MOVES moves centred on p·L (never before the moves already played).
					const from = Math.max(played, Math.round(p * L) - 2 * MOVES);
					if (from > played) {
						const r = await playGame({ id, kind, players, rng, maxMoves: from - played });
						played += r.moves;
						if (r.stop === 'over') over = true;
					}
					if (over) break;
					process.stdout.write(`  ${kind.id} game ${g + 1}, ${Math.round(p * 100)} % (moves ${played}…): `);
					// The last bot move's D1 flush (its alarm a second later) out of the idle sample.
					await sleep(SETTLE);
					const idle0 = cpuNow();
					await sleep(SETTLE + 100);
					const idleCpu = cpuNow() - idle0;
					const measured = samples.length;
					for (let k = 0; k < MOVES * 4 && !over; k++) {
						// Pairs (warm, cold) and (cold, warm) in turn, the order shifted per game; every
						// other pair with our isolate profiled (the profiler costs CPU: not in the others).
						const cold = ((k >> 1) + g + (k & 1)) % 2 === 1;
						const profiled = (k >> 1) % 2 === 1;
						const reader = trio[0];
						const now = await reader.game(id);
						const next = nextMover(now, (s) => players.has(keyOf(s.username)));
						if (next.kind !== 'move') {
							over = true;
							break;
						}
						const mover = trio.find((c) => keyOf(c.username) === keyOf(next.username))!;
						const own = await mover.game(id);
						const move = kind.bots[kind.defaultBot](own.view, next.seat, rng);
						if (cold) await seam({ id, action: 'evict' });
						// The eviction's own work (and the reads above) out of the window.
						await sleep(100);
						if (profiled) await isolate.start();
						const c0 = cpuNow();
						const t0 = performance.now();
						const r = await mover.move(id, move, own.version);
						const wall = performance.now() - t0;
						await sleep(SETTLE);
						const cpu = cpuNow() - c0;
						const busy = profiled ? await isolate.stop() : undefined;
						samples.push({ kind: kind.id, position: p, cold, profiled, cpu, busy, wall, version: r.version });
						played++;
						process.stdout.write(profiled ? (cold ? 'C' : 'W') : cold ? 'c' : 'w');
					}
					// A window cut short by the game's end keeps its moves, and the next game measures one more.
					if (samples.length - measured === MOVES * 4) done.set(p, done.get(p)! + 1);
					const load = over ? null : ((await seam({ id, action: 'time-load', times: LOADS })) as { msPerLoad: number; version: number });
					windows.push({ kind: kind.id, position: p, from, idleCpu, load });
					console.log(load ? ` load alone ${load.msPerLoad.toFixed(2)} ms at version ${load.version}` : ' (game over)');
				}
			}
			games.set(kind.id, g);
		}
	} finally {
		isolate.close();
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
	if (isolate.lost) console.warn(`  ${isolate.lost} profiles of our isolate lost (its inspector session ended: did a source change?)`);
	return { samples, windows, periodMs: isolate.periodMs(), games };
}

// ---- 3. the Worker's own cold start ------------------------------------------------------------

interface Startup {
	deployRaw: number;
	deployGzip: number;
	checkRaw: string;
	checkGzip: string;
	active: number[];
	gc: number[];
}

function startup(): Startup {
	const b = bundleWorker(ROOT);
	const active: number[] = [];
	const gc: number[] = [];
	let checkRaw = '?',
		checkGzip = '?';
	const tmp = mkdtempSync(join(tmpdir(), 'rongo-startup-'));
	try {
		for (let i = 0; i < STARTUPS; i++) {
			const r = spawnSync(join(ROOT, 'node_modules/.bin/wrangler'), ['check', 'startup', '--outfile', join(tmp, `startup-${i}.cpuprofile`)], {
				cwd: ROOT,
				encoding: 'utf8',
				env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
			});
			const out = r.stdout + r.stderr;
			const size = /Bundle: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/.exec(out);
			const act = /Active: ([\d.]+) ms \(including ([\d.]+) ms garbage collection\)/.exec(out);
			if (r.status !== 0 || !size || !act) throw new Error(`wrangler check startup failed or said something else:\n${out.slice(-3000)}`);
			[checkRaw, checkGzip] = [size[1], size[2]];
			active.push(Number(act[1]));
			gc.push(Number(act[2]));
		}
	} finally {
		rmSync(tmp, { recursive: true, force: true });
	}
	return { deployRaw: b.bytes, deployGzip: b.gzipBytes, checkRaw, checkGzip, active, gc };
}

// ---- report ------------------------------------------------------------------------------------

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');

function table(where: string, r: Run, lengths: Map<string, number>): string {
	const P = r.periodMs;
	const out = [
		`**State ${where}** (games played: ${[...r.games].map(([k, n]) => `${k} ${n}`).join(', ')}). Our isolate = the Worker and its Durable Objects (what production bills as CPU), from V8's samples in the profiled moves (every ${INTERVAL} µs asked, ${(P * 1000).toFixed(0)} µs achieved; samples × period). ` +
			`Server CPU = wrangler's node + its workerd processes (the local D1, proxies and runtime included; not wrangler's esbuild watching the sources), in the unprofiled moves, from the POST until ${SETTLE} ms after its answer (the D1 flush and the notification included). ` +
			`Wall = the POST's round trip (all moves). Load alone = inside the room, the mean of ${LOADS} loads in a row (src/lib/server/room/cold.ts), p50 over the windows.`,
		'',
		'| kind | position (moves before) | path | our isolate CPU p50 | p95 | server CPU p50 | p95 | wall p50 | p95 | n (profiled + not) | cold ÷ warm: isolate, server (CPU p50) | load alone (in the room) | idle server, same window |',
		'|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
	];
	const pick = (kind: string, p: number, cold: boolean) => r.samples.filter((s) => s.kind === kind && s.position === p && s.cold === cold);
	const iso = (xs: Sample[]) => xs.filter((s) => s.profiled && s.busy !== undefined).map((s) => s.busy! * P);
	const srv = (xs: Sample[]) => xs.filter((s) => !s.profiled).map((s) => s.cpu);
	for (const kind of KINDS) {
		for (const p of POSITIONS) {
			const ws = r.windows.filter((w) => w.kind === kind.id && w.position === p);
			if (ws.length === 0) continue;
			const at = `${Math.round(p * 100)} % of ${lengths.get(kind.id)} (${Math.min(...ws.map((w) => w.from))}–${Math.max(...ws.map((w) => w.from))})`;
			const loads = ws.flatMap((w) => (w.load ? [w.load.msPerLoad] : []));
			const warm = pick(kind.id, p, false), cold = pick(kind.id, p, true);
			for (const [name, xs] of [['warm', warm], ['cold', cold]] as const) {
				const i = iso(xs), c = srv(xs), wall = xs.map((s) => s.wall);
				out.push(
					`| ${kind.id} | ${at} | ${name} | ${f2(q(i, 0.5))} ms | ${f2(q(i, 0.95))} ms | ${f1(q(c, 0.5))} ms | ${f1(q(c, 0.95))} ms | ${f1(q(wall, 0.5))} ms | ${f1(q(wall, 0.95))} ms | ${i.length} + ${c.length} | ` +
						(name === 'cold'
							? `${f2(q(iso(cold), 0.5) / q(iso(warm), 0.5))}×, ${f2(q(srv(cold), 0.5) / q(srv(warm), 0.5))}× | ${f2(q(loads, 0.5))} ms | ${f1(q(ws.map((w) => w.idleCpu), 0.5))} ms |`
							: '| | |')
				);
			}
		}
	}
	out.push('');
	for (const kind of KINDS) {
		const m = (p: number, cold: boolean, f: (xs: Sample[]) => number[]) => q(f(pick(kind.id, p, cold)), 0.5);
		const ratio = m(0.9, true, iso) / m(0.9, false, iso);
		const load = (p: number) => q(r.windows.filter((w) => w.kind === kind.id && w.position === p && w.load).map((w) => w.load!.msPerLoad), 0.5);
		const extra = (p: number) => f2(m(p, true, iso) - m(p, false, iso));
		out.push(
			`- ${kind.id}: cold ÷ warm CPU of our isolate at 90 %: ${f2(ratio)}× (goal ≤ 2×: ${Number.isNaN(ratio) ? 'no figure' : ratio <= 2 ? 'met' : 'NOT met'}); ` +
				`cold − warm (isolate, p50) ${extra(0.1)} → ${extra(0.5)} → ${extra(0.9)} ms and the load alone ${f2(load(0.1))} → ${f2(load(0.5))} → ${f2(load(0.9))} ms at 10 → 50 → 90 %`
		);
	}
	return out.join('\n');
}

function startupTable(s: Startup): string {
	const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
	return [
		`**The Worker's own cold start** (${STARTUPS} runs of \`wrangler check startup\`: the Worker's top-level code evaluated by a local workerd, sampled by V8; p50 and range):`,
		'',
		'| | raw | gzip | startup CPU (active) p50 | min–max | of it GC p50 |',
		'|---|---:|---:|---:|---:|---:|',
		`| the bundle a deploy uploads (\`npm run build:check\`) | ${kib(s.deployRaw)} | ${kib(s.deployGzip)} | | | |`,
		`| \`wrangler check startup\`'s bundle and profile | ${s.checkRaw} | ${s.checkGzip} | ${f1(q(s.active, 0.5))} ms | ${f1(Math.min(...s.active))}–${f1(Math.max(...s.active))} ms | ${f1(q(s.gc, 0.5))} ms |`
	].join('\n');
}

// ---- main ----------------------------------------------------------------------------------------

const started = new Date();
console.log(
	`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; ` +
		`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}; ${started.toISOString()}`
);
const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
if (!args.includes('--no-build')) await build({ quiet: true });

const lengths = new Map<string, number>();
for (const kind of KINDS) {
	const l = typicalLength(kind);
	lengths.set(kind.id, l.median);
	console.log(`typical length of ${kind.id} (${seatsFor(kind)} seats, default bot, ${LENGTHS} games in the engine): median ${l.median} moves (${l.min}–${l.max})`);
}

const named = value('--state-dir');
const dirs = named
	? [named]
	: [tmpdir(), existsSync('/dev/shm') ? '/dev/shm' : null].filter((d): d is string => d !== null).filter((d, i, all) => all.findIndex((x) => fsType(x) === fsType(d)) === i);
const reports: string[] = [];
for (const dir of dirs) {
	const where = `on ${fsType(dir)} (${dir === tmpdir() ? 'the OS temp directory' : dir})`;
	console.log(`\nstate ${where}:`);
	const r = await measure(dir, lengths);
	reports.push(table(where, r, lengths));
	// At once too: a long run stopped later keeps what it measured.
	console.log('\n' + reports.at(-1) + '\n');
}
const s = args.includes('--no-startup') ? null : startup();
console.log(`\n### bench:cold, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${git}, load average at the end ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
console.log(`${GAMES} windows of ${4 * MOVES} moves per kind and position (${MOVES} warm and ${MOVES} cold moves profiled, as many not, interleaved), each window in its own game.\n`);
for (const r of reports) console.log(r + '\n');
if (s) console.log(startupTable(s));
