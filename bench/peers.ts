/**
 * npm run bench:peers [-- --runs 2] [--games 50] [--per-game 40] [--moves 300] [--quick]
 *                     [--only rongo-socket,bgio-flatfile,…] [--json out.json] [--no-build]
 *                     [--state-dir DIR] [--observability] [--away]
 *
 * Issue 16: Rongo next to boardgame.io on this machine, and the floor both stand on — one command.
 *
 * The same game on both: a Rongo kind (`--game`; package.json passes one, the platform names none)
 * played through its engine — in Rongo's GameRoom, and in boardgame.io as a `Game` whose one move
 * hands the move to the same `kind.apply` (bench/peers/game.ts). Three seats per game; the moves
 * are the kind's random-legal bot's, seeded, each chosen from the mover's own view as it arrived
 * on the mover's connection, outside the timed interval. A round trip is: the mover submits → the
 * NEXT seat's client holds the new version (Rongo: the `event` of that version on its WebSocket;
 * boardgame.io: its client's new `_stateID`). The next move waits until every seat has caught up.
 *
 * Contestants:
 *   rongo-socket   the move on the game's open WebSocket ({"type":"move"} → ack; docs/api.md)
 *   rongo-http     the move as `POST /api/games/:id/moves`
 *   rongo-noop     `GET /api/ping` with the same session cookie (the same hooks: session in D1)
 *   bgio-memory    boardgame.io 0.50.2's `Server` (Koa + socket.io) with its in-memory db, its own
 *                  `boardgame.io/client` with the SocketIO transport (WebSocket only), matches and
 *                  credentials from its lobby API
 *   bgio-flatfile  the same with its `FlatFile` db (node-persist), on tmpfs
 *   floor-noop     a bare Worker answering `GET /ping` (bench/peers/floor/)
 *   floor-write    a bare Durable Object doing one SQLite INSERT in a transaction per request
 *   floor-socket   a bare Durable Object with hibernating sockets: a message from one socket is
 *                  written like floor-write, then sent to the others; timed to the next socket
 * Rongo and the floor run under `wrangler dev` (the root's pinned wrangler and its workerd), the
 * app built first (`npm run build`; --no-build skips it). boardgame.io runs in a child Node
 * process (NODE_ENV=production) and comes from bench/peers/package-lock.json, installed on demand
 * into bench/peers/node_modules — never into the app. All state lives on tmpfs (/dev/shm) when
 * there is one (bench/server.ts says why), each server fresh per run. wrangler dev records a trace
 * of every request into a local SQLite database unless X_LOCAL_OBSERVABILITY=false: the benchmark
 * sets it false (--observability measures with it), and says so. Rongo's seats report that their
 * players look at the game, as the game page does at a live table, so turn notifications are held
 * back; `--away` leaves that out, and every turn change then goes out as notifications too.
 *
 * Per contestant and run (bench/peers/measure.ts): a warm-up, `--moves` round trips one at a time
 * (p50, p99), then `--games` games (or connections) at once, `--per-game` steps each: moves/s, and
 * the server's CPU in that phase — utime + stime from /proc of every process of the server's tree
 * (wrangler's node processes, its esbuild AND its workerd; boardgame.io's one node) ÷ moves, with
 * what the server still does after the last move (Rongo's coalesced D1 flush) counted, split by
 * executable. The split tells what is the local dev stack: workerd runs the Worker and its Durable
 * Objects (as in production), wrangler's node and esbuild only supervise and rebuild — CPU there
 * is wrangler dev's, not the app's. The runs interleave: each run does every contestant in turn
 * (the order reversed every other run), and the table shows medians over runs.
 *
 * Durability is NOT the same, and the ratios must be read with it: boardgame.io broadcasts a move's
 * state to the clients BEFORE it stores it (master.ts onUpdate: sendAll, then setState), and
 * FlatFile writes files with fs.writeFile, never fsynced; its in-memory db keeps nothing. Rongo
 * commits the move to the Durable Object's SQLite storage (the output gate holds every message
 * until it is) and only then broadcasts. Under wrangler dev on tmpfs no write reaches a disk
 * either; deployed, Rongo's commit is replicated before it is confirmed.
 *
 * Goals of issue 16, printed at the end: Rongo (socket) moves/s ÷ boardgame.io FlatFile moves/s
 * ≥ 1; Rongo server CPU per move ≤ 2 ms; Rongo socket round trip p50 ÷ Rongo no-op p50 ≤ 1.2.
 * Results: docs/benchmarks.md.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { build } from '../scripts/lib/devserver';
import { canReadCpu } from './lib/proc';
import { ensurePeers } from './peers/install';
import { measure, type Measured, type Sizes, type Sut } from './peers/measure';
import { startRongo } from './peers/rongo';
import { presence } from './lib/rongo';
import { startFloor } from './peers/floors';
import { args, value } from './lib/cli';

const CONTESTANTS = ['rongo-socket', 'rongo-http', 'rongo-noop', 'bgio-memory', 'bgio-flatfile', 'floor-noop', 'floor-write', 'floor-socket'] as const;
type Name = (typeof CONTESTANTS)[number];

const flag = (name: string) => args.includes(name);
const QUICK = flag('--quick');
const num = (name: string, full: number, quick: number) => Number(value(name) ?? (QUICK ? quick : full));
const RUNS = num('--runs', 2, 1);
const SIZES: Sizes = { moves: num('--moves', 300, 30), games: num('--games', 50, 5), perGame: num('--per-game', 40, 10) };
const OBSERVABILITY = flag('--observability');
// Rongo's players look at the game, as at a live table (their turn notifications are held back);
// `--away`: nobody looks, and every turn change goes out as notifications (in-app inbox, D1, postman).
presence.looking = !flag('--away');
const STATE_PARENT = value('--state-dir') ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
const JSON_OUT = value('--json');
const KIND = (() => {
	const kind = kindOf(value('--game'));
	if (!kind) {
		console.error(`--game: one of ${KIND_IDS.join(', ')}`);
		process.exit(2);
	}
	return kind;
})();
const ONLY = (value('--only')?.split(',') ?? [...CONTESTANTS]) as Name[];
for (const n of ONLY)
	if (!CONTESTANTS.includes(n)) {
		console.error(`--only: a comma-separated list of ${CONTESTANTS.join(', ')}`);
		process.exit(2);
	}
// Ctrl-C or a kill: exit through 'exit', whose handlers end the servers' process groups.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
if (!canReadCpu()) console.error('bench:peers: no /proc here: server CPU is not measured');

const picked = (names: readonly Name[]) => names.filter((n) => ONLY.includes(n));
const WRANGLER_ENV = { X_LOCAL_OBSERVABILITY: String(OBSERVABILITY) };

/** A server started once per run for the contestants it carries, stopped after the last. */
interface Group {
	names: Name[];
	start(dir: string): Promise<{ sut(name: Name): Sut; stop(): Promise<void> }>;
}

const ALL_GROUPS: Group[] = [
	{
		names: picked(['rongo-socket', 'rongo-http', 'rongo-noop']),
		async start(dir) {
			const s = await startRongo(KIND, dir, WRANGLER_ENV);
			return { sut: (n) => (n === 'rongo-noop' ? s.noop : s.move(n === 'rongo-socket' ? 'socket' : 'http')), stop: s.stop };
		}
	},
	...(['bgio-memory', 'bgio-flatfile'] as const).map(
		(name): Group => ({
			names: picked([name]),
			async start(dir) {
				const { startBgio } = await import('./peers/bgio');
				const s = await startBgio(KIND, name === 'bgio-flatfile' ? dir : null);
				return { sut: () => s, stop: s.stop };
			}
		})
	),
	{
		names: picked(['floor-noop', 'floor-write', 'floor-socket']),
		async start(dir) {
			const s = await startFloor(dir, WRANGLER_ENV);
			return { sut: (n) => (n === 'floor-noop' ? s.noop : n === 'floor-write' ? s.write : s.socket), stop: s.stop };
		}
	}
];
const GROUPS = ALL_GROUPS.filter((g) => g.names.length > 0);

const results = new Map<Name, Measured[]>();
const failures = new Map<Name, string>();

async function runGroup(group: Group, run: number) {
	const names = group.names.filter((n) => !failures.has(n));
	if (names.length === 0) return;
	const dir = mkdtempSync(join(STATE_PARENT, 'rongo-peers-'));
	try {
		const server = await group.start(dir);
		try {
			for (const name of names) {
				process.stderr.write(`run ${run}: ${name}…`);
				try {
					const m = await measure(server.sut(name), SIZES);
					results.set(name, [...(results.get(name) ?? []), m]);
					process.stderr.write(` p50 ${m.rtt.p50.toFixed(2)} ms, ${m.throughput.perSecond.toFixed(0)} moves/s\n`);
				} catch (e) {
					failures.set(name, (e as Error).message);
					process.stderr.write(` FAILED: ${(e as Error).message}\n`);
				}
			}
		} finally {
			await server.stop();
		}
	} catch (e) {
		for (const n of names) if (!failures.has(n)) failures.set(n, (e as Error).message);
		process.stderr.write(`run ${run}: ${names.join(', ')}: FAILED: ${(e as Error).message}\n`);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

function median(xs: number[]) {
	const s = [...xs].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

interface Row {
	p50: number;
	p99: number;
	perSecond: number;
	cpu: number;
	tail: number;
	split: Record<string, number>;
}

function summary(ms: Measured[]): Row {
	const names = new Set(ms.flatMap((m) => Object.keys(m.cpu.byName)));
	return {
		p50: median(ms.map((m) => m.rtt.p50)),
		p99: median(ms.map((m) => m.rtt.p99)),
		perSecond: median(ms.map((m) => m.throughput.perSecond)),
		cpu: median(ms.map((m) => m.cpu.perMove)),
		tail: median(ms.map((m) => m.cpu.tail)),
		split: Object.fromEntries([...names].map((k) => [k, median(ms.map((m) => m.cpu.byName[k] ?? 0))]))
	};
}

const f = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));

function table(rows: string[][]) {
	const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
	return rows.map((r) => r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ').trimEnd()).join('\n');
}

async function main() {
	const names = GROUPS.flatMap((g) => g.names);
	if (names.some((n) => n.startsWith('bgio-'))) await ensurePeers();
	if (names.some((n) => n.startsWith('rongo-')) && !flag('--no-build')) {
		process.stderr.write('building the app (npm run build)…\n');
		await build({ quiet: true });
	}
	const cpu = cpus();
	const machine = { cpu: cpu[0]?.model ?? '?', cores: cpu.length, gib: Math.round(totalmem() / 2 ** 30), node: process.version };
	console.log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.gib} GiB; node ${machine.node}`);
	console.log(
		`game: ${KIND.id}, 3 seats; ${RUNS} run(s), interleaved; ${SIZES.moves} sequential round trips, then ${SIZES.games} games × ${SIZES.perGame} moves at once${QUICK ? ' (--quick: a smoke run, not a measurement)' : ''}`
	);
	console.log(`state on ${STATE_PARENT}; wrangler dev local observability (X_LOCAL_OBSERVABILITY): ${OBSERVABILITY ? 'on' : 'off'}`);
	console.log(`Rongo's players: ${presence.looking ? 'looking at the game (a live table: turn notifications held back)' : 'away (--away: every turn change notifies)'}`);

	for (let run = 1; run <= RUNS; run++) for (const g of run % 2 ? GROUPS : [...GROUPS].reverse()) await runGroup(g, run);

	const rows = new Map<Name, Row>();
	for (const [n, ms] of results) if (!failures.has(n)) rows.set(n, summary(ms));
	const out: string[][] = [['contestant', 'RTT p50 ms', 'p99 ms', `moves/s (${SIZES.games} games)`, 'server CPU/move ms', 'of it after the moves', 'CPU split ms/move']];
	for (const n of names) {
		const r = rows.get(n);
		const split = r ? Object.entries(r.split).sort((a, b) => b[1] - a[1]).map(([k, x]) => `${k} ${f(x)}`).join(' · ') : `FAILED: ${failures.get(n)?.split('\n')[0]}`;
		out.push([n, f(r?.p50), f(r?.p99), f(r?.perSecond, 0), f(r?.cpu), f(r?.tail), split]);
	}
	console.log(`\nmedians over ${RUNS} run(s):\n${table(out)}`);

	const ratio = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : a / b);
	const goals = [
		{ what: 'Rongo socket moves/s ÷ boardgame.io FlatFile moves/s', value: ratio(rows.get('rongo-socket')?.perSecond, rows.get('bgio-flatfile')?.perSecond), http: ratio(rows.get('rongo-http')?.perSecond, rows.get('bgio-flatfile')?.perSecond), goal: '≥ 1', met: (x: number) => x >= 1 },
		{ what: 'Rongo server CPU per move (ms)', value: rows.get('rongo-socket')?.cpu, http: rows.get('rongo-http')?.cpu, goal: '≤ 2', met: (x: number) => x <= 2 },
		{ what: 'Rongo socket RTT p50 ÷ Rongo no-op p50', value: ratio(rows.get('rongo-socket')?.p50, rows.get('rongo-noop')?.p50), http: ratio(rows.get('rongo-http')?.p50, rows.get('rongo-noop')?.p50), goal: '≤ 1.2', met: (x: number) => x <= 1.2 }
	];
	console.log('\ngoals (issue 16):');
	for (const g of goals) {
		const verdict = g.value === undefined ? 'not measured' : g.met(g.value) ? 'met' : 'not met';
		console.log(`  ${g.what}: ${f(g.value)} (goal ${g.goal}: ${verdict}; over HTTP: ${f(g.http)})`);
	}

	if (JSON_OUT) {
		const json = {
			machine,
			game: KIND.id,
			seats: 3,
			runs: RUNS,
			sizes: SIZES,
			quick: QUICK,
			observability: OBSERVABILITY,
			stateParent: STATE_PARENT,
			results: Object.fromEntries(results),
			medians: Object.fromEntries(rows),
			goals: goals.map(({ what, value, http, goal }) => ({ what, value: value ?? null, http: http ?? null, goal })),
			failures: Object.fromEntries(failures)
		};
		writeFileSync(JSON_OUT, JSON.stringify(json, null, '\t') + '\n');
	}
	if (failures.size > 0) console.error(`\nfailed: ${[...failures.keys()].join(', ')}`);
}

await main();
// Explicitly: a client library's reconnect timer must not keep a finished benchmark alive.
process.exit(failures.size > 0 ? 1 : 0);
