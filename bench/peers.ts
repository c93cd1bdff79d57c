/**
 * npm run bench:peers [-- --runs 2] [--games 50] [--per-game 40] [--moves 300] [--quick]
 *                     [--storage disk,tmpfs] [--disk DIR] [--tmpfs DIR] [--no-traced]
 *                     [--only rongo-socket,bgio-flatfile,…] [--json out.json] [--no-build] [--away]
 *
 * Issue 16: Rongo next to boardgame.io on this machine, and the floor both stand on — one command.
 * Issue 33: every contestant's state once on a real disk and once on tmpfs, in the same run; the
 * servers as `npm start` gives them (wrangler's local tracing off unless RONGO_TRACING=1), plus
 * Rongo's socket moves with tracing on for comparison; the issue's goals per storage; and the
 * report as markdown for docs/benchmarks.md.
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
 *   rongo-socket-traced  rongo-socket on a server of its own with wrangler's local tracing on (the
 *                  trace of every request and storage call that `npm start` recorded before issue
 *                  33); the size its trace store grew to is printed. `--no-traced` leaves it out.
 *   bgio-memory    boardgame.io 0.50.2's `Server` (Koa + socket.io) with its in-memory db, its own
 *                  `boardgame.io/client` with the SocketIO transport (WebSocket only), matches and
 *                  credentials from its lobby API
 *   bgio-flatfile  the same with its `FlatFile` db (node-persist) in the storage's directory
 *   floor-noop     a bare Worker answering `GET /ping` (bench/peers/floor/)
 *   floor-write    a bare Durable Object doing one SQLite INSERT in a transaction per request
 *   floor-socket   a bare Durable Object with hibernating sockets: a message from one socket is
 *                  written like floor-write, then sent to the others; timed to the next socket
 * Rongo and the floor run under `wrangler dev` (the root's pinned wrangler and its workerd), the
 * app built first (`npm run build`; --no-build skips it). boardgame.io runs in a child Node
 * process (NODE_ENV=production) and comes from bench/peers/package-lock.json, installed on demand
 * into bench/peers/node_modules — never into the app.
 *
 * Storage (bench/peers/storage.ts): `disk` is the system's temporary directory when that is on a
 * disk (else the repository's .wrangler/), `tmpfs` is /dev/shm; `--disk DIR`, `--tmpfs DIR` choose
 * others, `--storage disk` or `tmpfs` only one. Each server gets a fresh directory there per run:
 * wrangler's state (D1, Durable Objects, and with tracing its trace store), FlatFile's files.
 * bgio-memory keeps nothing, and is measured under both as a check on the noise.
 *
 * Per contestant, storage and run (bench/peers/measure.ts): a warm-up, `--moves` round trips one
 * at a time (p50, p99), then `--games` games (or connections) at once, `--per-game` steps each:
 * moves/s, and the server's CPU in that phase — utime + stime from /proc of every process of the
 * server's tree (wrangler's node processes, its esbuild AND its workerd; boardgame.io's one node) ÷
 * moves, with what the server still does after the last move (Rongo's coalesced D1 flush)
 * counted, split by executable. The runs interleave: each run does every server in turn, each on
 * every storage one after the other (both orders reversed every other run), and the tables show
 * medians over runs. Rongo's seats report that their players look at the game, as the game page
 * does at a live table, so turn notifications are held back; `--away` leaves that out, and every
 * turn change then goes out as notifications too.
 *
 * Durability is NOT the same, and the ratios must be read with it: boardgame.io broadcasts a move's
 * state to the clients BEFORE it stores it (master.ts onUpdate: sendAll, then setState), and
 * FlatFile writes files with fs.writeFile, never fsynced; its in-memory db keeps nothing. Rongo
 * commits the move to the Durable Object's SQLite storage (the output gate holds every message
 * until it is) and only then broadcasts. Deployed, Rongo's commit is replicated before it is
 * confirmed.
 *
 * Goals, per storage (issue 33): Rongo socket moves/s ≥ boardgame.io FlatFile's; Rongo server CPU
 * per move ≤ FlatFile's; Rongo socket moves/s ≥ 0.8 × floor-write's. Issue 16's (CPU per move
 * ≤ 2 ms, socket p50 ≤ 1.2 × no-op p50) are printed too. Results: docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { build, ROOT, tracingFromEnv } from '../scripts/lib/devserver';
import { canReadCpu } from './lib/proc';
import { ensurePeers } from './peers/install';
import { measure, type Measured, type Sizes, type Sut } from './peers/measure';
import { startRongo } from './peers/rongo';
import { presence } from './lib/rongo';
import { startFloor } from './peers/floors';
import { storages, type Storage, type StorageName } from './peers/storage';
import { args, value } from './lib/cli';

const CONTESTANTS = ['rongo-socket', 'rongo-http', 'rongo-noop', 'rongo-socket-traced', 'bgio-memory', 'bgio-flatfile', 'floor-noop', 'floor-write', 'floor-socket'] as const;
type Name = (typeof CONTESTANTS)[number];

const flag = (name: string) => args.includes(name);
const QUICK = flag('--quick');
const num = (name: string, full: number, quick: number) => Number(value(name) ?? (QUICK ? quick : full));
const RUNS = num('--runs', 2, 1);
const SIZES: Sizes = { moves: num('--moves', 300, 30), games: num('--games', 50, 5), perGame: num('--per-game', 40, 10) };
const usage = (what: string): never => {
	console.error(`bench:peers: ${what}`);
	process.exit(2);
};
if (flag('--observability') || value('--state-dir') !== undefined)
	usage('--observability and --state-dir are gone (issue 33): RONGO_TRACING=1 traces every server, rongo-socket-traced is measured by default, --disk/--tmpfs/--storage choose the state directories');
// The servers as `npm start` gives them: wrangler's local tracing off unless RONGO_TRACING=1.
const TRACING = tracingFromEnv();
// Rongo's players look at the game, as at a live table (their turn notifications are held back);
// `--away`: nobody looks, and every turn change goes out as notifications (in-app inbox, D1, postman).
presence.looking = !flag('--away');
const STORAGE_NAMES = (value('--storage') ?? 'disk,tmpfs').split(',') as StorageName[];
if (STORAGE_NAMES.length === 0 || STORAGE_NAMES.some((n) => n !== 'disk' && n !== 'tmpfs')) usage('--storage: disk, tmpfs or disk,tmpfs');
const STORAGES: Storage[] = (() => {
	try {
		return storages(STORAGE_NAMES, { disk: value('--disk'), tmpfs: value('--tmpfs') });
	} catch (e) {
		return usage((e as Error).message);
	}
})();
const JSON_OUT = value('--json');
const KIND = kindOf(value('--game')) ?? usage(`--game: one of ${KIND_IDS.join(', ')}`);
const ONLY = (value('--only')?.split(',') ?? CONTESTANTS.filter((n) => n !== 'rongo-socket-traced' || !flag('--no-traced'))) as Name[];
for (const n of ONLY) if (!CONTESTANTS.includes(n)) usage(`--only: a comma-separated list of ${CONTESTANTS.join(', ')}`);
// Ctrl-C or a kill: exit through 'exit', whose handlers end the servers' process groups.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
if (!canReadCpu()) console.error('bench:peers: no /proc here: server CPU is not measured');

const picked = (names: readonly Name[]) => names.filter((n) => ONLY.includes(n));

/** A server started once per run and storage for the contestants it carries, stopped after the last. */
interface Group {
	names: Name[];
	/** Whether it runs under wrangler dev (its state directory may then hold a trace store). */
	wrangler: boolean;
	start(dir: string): Promise<{ sut(name: Name): Sut; stop(): Promise<void> }>;
}

const ALL_GROUPS: Group[] = [
	{
		names: picked(['rongo-socket', 'rongo-http', 'rongo-noop']),
		wrangler: true,
		async start(dir) {
			const s = await startRongo(KIND, dir);
			return { sut: (n) => (n === 'rongo-noop' ? s.noop : s.move(n === 'rongo-socket' ? 'socket' : 'http')), stop: s.stop };
		}
	},
	{
		names: picked(['rongo-socket-traced']),
		wrangler: true,
		async start(dir) {
			const s = await startRongo(KIND, dir, { tracing: true });
			return { sut: () => s.move('socket'), stop: s.stop };
		}
	},
	...(['bgio-memory', 'bgio-flatfile'] as const).map(
		(name): Group => ({
			names: picked([name]),
			wrangler: false,
			async start(dir) {
				const { startBgio } = await import('./peers/bgio');
				const s = await startBgio(KIND, name === 'bgio-flatfile' ? dir : null);
				return { sut: () => s, stop: s.stop };
			}
		})
	),
	{
		names: picked(['floor-noop', 'floor-write', 'floor-socket']),
		wrangler: true,
		async start(dir) {
			const s = await startFloor(dir);
			return { sut: (n) => (n === 'floor-noop' ? s.noop : n === 'floor-write' ? s.write : s.socket), stop: s.stop };
		}
	}
];
const GROUPS = ALL_GROUPS.filter((g) => g.names.length > 0);

type Key = `${StorageName}/${Name}`;
const results = new Map<Key, Measured[]>();
const failures = new Map<Key, string>();
/** Bytes of wrangler's trace store (state/v3/observability) a server left, per contestant and run. */
const traceBytes = new Map<Key, number[]>();

function bytesUnder(dir: string): number {
	if (!existsSync(dir)) return 0;
	let n = 0;
	for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) n += statSync(join(e.parentPath, e.name)).size;
	return n;
}

async function runGroup(group: Group, storage: Storage, run: number) {
	const key = (n: Name): Key => `${storage.name}/${n}`;
	const names = group.names.filter((n) => !failures.has(key(n)));
	if (names.length === 0) return;
	const dir = mkdtempSync(join(storage.dir, 'rongo-peers-'));
	try {
		const server = await group.start(dir);
		try {
			for (const name of names) {
				process.stderr.write(`run ${run}, ${storage.name}: ${name}…`);
				try {
					const m = await measure(server.sut(name), SIZES);
					results.set(key(name), [...(results.get(key(name)) ?? []), m]);
					process.stderr.write(` p50 ${m.rtt.p50.toFixed(2)} ms, ${m.throughput.perSecond.toFixed(0)} moves/s, ${m.cpu.perMove.toFixed(2)} ms CPU/move\n`);
				} catch (e) {
					failures.set(key(name), (e as Error).message);
					process.stderr.write(` FAILED: ${(e as Error).message}\n`);
				}
			}
		} finally {
			await server.stop();
		}
		if (group.wrangler) {
			const bytes = bytesUnder(join(dir, 'v3', 'observability'));
			for (const n of names) traceBytes.set(key(n), [...(traceBytes.get(key(n)) ?? []), bytes]);
		}
	} catch (e) {
		for (const n of names) if (!failures.has(key(n))) failures.set(key(n), (e as Error).message);
		process.stderr.write(`run ${run}, ${storage.name}: ${names.join(', ')}: FAILED: ${(e as Error).message}\n`);
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
	/** moves/s of each run, in run order. */
	perRun: number[];
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
		perRun: ms.map((m) => m.throughput.perSecond),
		cpu: median(ms.map((m) => m.cpu.perMove)),
		tail: median(ms.map((m) => m.cpu.tail)),
		split: Object.fromEntries([...names].map((k) => [k, median(ms.map((m) => m.cpu.byName[k] ?? 0))]))
	};
}

const f = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;

function table(rows: string[][]) {
	const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
	return rows.map((r) => r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ').trimEnd()).join('\n');
}

const markdown = (rows: string[][]) => [rows[0], rows[0].map(() => '---'), ...rows.slice(1)].map((r) => `| ${r.join(' | ')} |`).join('\n');

interface Goal {
	what: string;
	goal: string;
	/** The ratio (or figure) for a storage's rows; `traced`: the same with rongo-socket-traced for rongo-socket. */
	value(rows: Map<Name, Row>, traced: boolean): number | undefined;
	met(x: number): boolean;
	issue: 16 | 33;
}

const ratio = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : a / b);
const socket = (rows: Map<Name, Row>, traced: boolean) => rows.get(traced ? 'rongo-socket-traced' : 'rongo-socket');
const GOALS: Goal[] = [
	{ issue: 33, what: 'Rongo socket moves/s ÷ boardgame.io FlatFile moves/s', goal: '≥ 1', value: (r, t) => ratio(socket(r, t)?.perSecond, r.get('bgio-flatfile')?.perSecond), met: (x) => x >= 1 },
	{ issue: 33, what: 'Rongo socket CPU per move ÷ FlatFile CPU per move', goal: '≤ 1', value: (r, t) => ratio(socket(r, t)?.cpu, r.get('bgio-flatfile')?.cpu), met: (x) => x <= 1 },
	{ issue: 33, what: 'Rongo socket moves/s ÷ floor-write moves/s', goal: '≥ 0.8', value: (r, t) => ratio(socket(r, t)?.perSecond, r.get('floor-write')?.perSecond), met: (x) => x >= 0.8 },
	{ issue: 16, what: 'Rongo socket server CPU per move (ms)', goal: '≤ 2', value: (r, t) => socket(r, t)?.cpu, met: (x) => x <= 2 },
	{ issue: 16, what: 'Rongo socket RTT p50 ÷ Rongo no-op p50', goal: '≤ 1.2', value: (r, t) => ratio(socket(r, t)?.p50, r.get('rongo-noop')?.p50), met: (x) => x <= 1.2 }
];
const verdict = (g: Goal, x: number | undefined) => (x === undefined ? 'not measured' : g.met(x) ? 'met' : 'not met');

function gitHead() {
	try {
		return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
	} catch {
		return '?';
	}
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
	const started = new Date();
	const loadBefore = loadavg();
	// What the user typed after `npm run bench:peers --` (package.json adds `--game giants`).
	const typed = args.filter((a, i) => a !== '--game' && args[i - 1] !== '--game');
	// The kind is printed with the game line below (the platform names no kind: tests/plugin-boundary.test.ts).
	const command = `npm run bench:peers${typed.length ? ` -- ${typed.join(' ')}` : ''}`;
	const about = [
		`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.gib} GiB; node ${machine.node}; commit ${gitHead()}`,
		`${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at the start ${loadBefore.map((x) => x.toFixed(2)).join(', ')}`,
		`command: ${command}${TRACING ? ' (RONGO_TRACING=1)' : ''}`,
		`game: ${KIND.id}, 3 seats; ${RUNS} run(s), interleaved; ${SIZES.moves} sequential round trips, then ${SIZES.games} games × ${SIZES.perGame} moves at once${QUICK ? ' (--quick: a smoke run, not a measurement)' : ''}`,
		`storage: ${STORAGES.map((s) => `${s.name} = ${s.dir} (${s.fs})`).join('; ')}`,
		`wrangler's local tracing: ${TRACING ? 'on (RONGO_TRACING=1)' : 'off, as npm start has it'} for every wrangler server; on for rongo-socket-traced`,
		`Rongo's players: ${presence.looking ? 'looking at the game (a live table: turn notifications held back)' : 'away (--away: every turn change notifies)'}`
	];
	for (const line of about) console.log(line);

	for (let run = 1; run <= RUNS; run++) {
		const forward = run % 2 === 1;
		for (const g of forward ? GROUPS : [...GROUPS].reverse()) for (const s of forward ? STORAGES : [...STORAGES].reverse()) await runGroup(g, s, run);
	}
	const loadAfter = loadavg();
	about[1] += `, at the end ${loadAfter.map((x) => x.toFixed(2)).join(', ')}`;

	const byStorage = new Map<StorageName, Map<Name, Row>>();
	for (const s of STORAGES) {
		const rows = new Map<Name, Row>();
		for (const n of names) {
			const ms = results.get(`${s.name}/${n}`);
			if (ms && !failures.has(`${s.name}/${n}`)) rows.set(n, summary(ms));
		}
		byStorage.set(s.name, rows);
	}

	const head = ['contestant', 'RTT p50 ms', 'p99 ms', `moves/s (${SIZES.games} games)`, 'server CPU/move ms', 'of it after the moves', 'CPU split ms/move'];
	const md: string[] = [...about.map((l) => `${l}  `), ''];
	for (const s of STORAGES) {
		const rows = byStorage.get(s.name)!;
		const out: string[][] = [head];
		for (const n of names) {
			const r = rows.get(n);
			const split = r ? Object.entries(r.split).sort((a, b) => b[1] - a[1]).map(([k, x]) => `${k} ${f(x)}`).join(' · ') : `FAILED: ${failures.get(`${s.name}/${n}`)?.split('\n')[0]}`;
			const runs = r && r.perRun.length > 1 ? ` (${r.perRun.map((x) => x.toFixed(0)).join('; ')})` : '';
			out.push([n, f(r?.p50), f(r?.p99), `${f(r?.perSecond, 0)}${runs}`, f(r?.cpu), f(r?.tail), split]);
		}
		const title = `${s.name}: ${s.dir} (${s.fs}), medians over ${RUNS} run(s)`;
		console.log(`\n${title}:\n${table(out)}`);
		md.push(`**${title}**`, '', markdown(out), '');
	}

	// The trace store: what rongo-socket-traced's server left, and that no other server kept one.
	const traced = [...traceBytes].filter(([k]) => k.endsWith('/rongo-socket-traced'));
	const strays = [...traceBytes].filter(([k, b]) => !k.endsWith('/rongo-socket-traced') && b.some((x) => x > 0));
	const traceLine =
		(traced.length ? `trace store left by rongo-socket-traced's server per run: ${traced.map(([k, b]) => `${k.split('/')[0]} ${b.map(mb).join(', ')}`).join('; ')}` : 'no traced server measured') +
		(TRACING ? '' : strays.length ? `; UNEXPECTED trace stores at the default: ${strays.map(([k]) => k).join(', ')}` : '; none at the default (tracing off)');
	console.log(`\n${traceLine}`);
	md.push(traceLine, '');

	const goalHead = ['goal', 'target', ...STORAGES.map((s) => s.name), ...(names.includes('rongo-socket-traced') ? STORAGES.map((s) => `${s.name}, tracing on`) : [])];
	const goalRows: string[][] = [goalHead];
	for (const g of GOALS) {
		const cells = [false, ...(names.includes('rongo-socket-traced') ? [true] : [])].flatMap((t) =>
			STORAGES.map((s) => {
				const x = g.value(byStorage.get(s.name)!, t);
				return `${f(x)} (${verdict(g, x)})`;
			})
		);
		goalRows.push([`${g.what} (issue ${g.issue})`, g.goal, ...cells]);
	}
	console.log(`\ngoals, per storage (Rongo as npm start gives it; "tracing on": rongo-socket-traced in Rongo's place):\n${table(goalRows)}`);
	md.push(markdown(goalRows));
	console.log(`\n--- markdown for docs/benchmarks.md ---\n${md.join('\n')}\n--- end ---`);

	if (JSON_OUT) {
		const json = {
			machine,
			started: started.toISOString(),
			load: { before: loadBefore, after: loadAfter },
			command,
			game: KIND.id,
			seats: 3,
			runs: RUNS,
			sizes: SIZES,
			quick: QUICK,
			tracing: TRACING,
			storages: STORAGES,
			results: Object.fromEntries(results),
			medians: Object.fromEntries([...byStorage].map(([s, rows]) => [s, Object.fromEntries(rows)])),
			traceBytes: Object.fromEntries(traceBytes),
			goals: GOALS.map((g) => ({
				issue: g.issue,
				what: g.what,
				goal: g.goal,
				...Object.fromEntries(STORAGES.flatMap((s) => [[s.name, g.value(byStorage.get(s.name)!, false) ?? null], [`${s.name}, tracing on`, g.value(byStorage.get(s.name)!, true) ?? null]]))
			})),
			failures: Object.fromEntries(failures)
		};
		writeFileSync(JSON_OUT, JSON.stringify(json, null, '\t') + '\n');
	}
	if (failures.size > 0) console.error(`\nfailed: ${[...failures.keys()].join(', ')}`);
}

await main();
// Explicitly: a client library's reconnect timer must not keep a finished benchmark alive.
process.exit(failures.size > 0 ? 1 : 0);
