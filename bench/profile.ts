/**
 * npm run bench:profile [-- --n 200] [--warmup 30] [--rounds 4] [--settle 1500] [--interval 100]
 *                       [--split-interval 1000] [--observability both|on|off]
 *                       [--phases ping,http,socket] [--top 15] [--no-build] [--no-timers]
 *                       [--save DIR] [--state-dir DIR]
 *
 * Where the CPU time of a request goes under `wrangler dev` (issue 16), with workerd's own tools.
 * The kind comes by `--game` (package.json passes one; the platform names no kind).
 *
 * 1. Builds the app with source maps (`vite build --sourcemap`: the same code, plus maps) unless
 *    `--no-build`, and starts `wrangler dev` on fresh local state (under /dev/shm when there is
 *    one, like bench/server.ts).
 * 2. Attaches to workerd's inspector: our Worker's isolate (the Worker and its Durable Objects)
 *    through wrangler's inspector proxy (wrangler holds the runtime's one session of that isolate),
 *    every other isolate of the runtime directly. A warm-up profiled coarsely over all of them
 *    finds those that run for a ping or a move; only those are profiled after.
 * 3. Phases, each after its own warm-up, N sequential operations each: (a) the no-op
 *    `GET /api/ping` with a signed-in session (the same hooks run); (b) moves over HTTP in a 3-seat
 *    game, a socket open per seat, each move waited for at every seat; (c) the same moves over the
 *    game's WebSocket (`{"type":"move"}` → `ack`), skipped with a message when the server answers
 *    BAD_MESSAGE (a server from before socket moves). A finished game is replaced between
 *    measurements.
 * 4. Each phase is measured three ways, interleaved in `--rounds` rounds (the load of a shared
 *    machine and the length of the game drift): without a profiler (each process's CPU from /proc:
 *    wrangler's node, each workerd); with every active isolate sampled every `--split-interval` µs
 *    (the split between isolates); with ours alone sampled every `--interval` µs (its layers).
 *    Each measurement ends `--settle` ms after its last operation, so that the work a move leaves
 *    behind (notifications, the room's D1 flush a second later) is counted with it. It prints
 *    the processes, the isolates, our isolate by layer (frames resolved through the source
 *    maps to src/ and node_modules/; natives charged to their JS caller in a second column), by
 *    entry (what workerd ran: the request, the room's RPC, the postman, an alarm…), the top
 *    functions by self time, and the functions of src/ by total time.
 * 5. `--observability both` (the default) does it all twice: wrangler dev as it comes (it records a
 *    trace of every request into SQLite) and with X_LOCAL_OBSERVABILITY=false.
 * 6. Whether performance.now() and Date.now() advance during synchronous execution in workerd under
 *    wrangler dev (they do not in production), measured by a tiny probe Worker (and Durable Object)
 *    run by the same wrangler: it decides whether in-code spans or Server-Timing mean anything here.
 *
 * `--save DIR` writes every profile as a .cpuprofile (Chrome DevTools, Performance panel → Load).
 * Numbers on a shared machine are noisy: the shares matter more than the absolute ms.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import { ROOT, freePort, migrate, run, startDevServer, type DevServer } from '../scripts/lib/devserver';
import { SocketMoveError, newGame, presence, signupPlayers, step as rongoStep, type RongoGame, type Via } from './lib/rongo';
import {
	Cdp,
	cpuMs,
	listTargets,
	listeningPorts,
	loadSourceMap,
	samplingPeriod,
	processGroup,
	type CallFrame,
	type Profile,
	type Proc,
	type SourceMap
} from './lib/inspector';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => {
	const i = args.indexOf(name);
	return i >= 0 ? Number(args[i + 1]) : d;
};
const str = (name: string, d: string) => {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : d;
};
const N = opt('--n', 200);
const WARMUP = opt('--warmup', 30);
const INTERVAL = opt('--interval', 100);
const SPLIT_INTERVAL = opt('--split-interval', 1000);
const ROUNDS = opt('--rounds', 4);
// The room flushes moves to D1 a second after them (MOVE_FLUSH_MS, src/lib/server/room/core.ts).
const SETTLE = opt('--settle', 1500);
/** How long the processes' idle CPU is measured. */
const IDLE_MS = 3000;
const TOP = opt('--top', 15);
const PHASES = str('--phases', 'ping,http,socket').split(',').filter(Boolean);
const OBSERVABILITY = (() => {
	const v = str('--observability', 'both');
	if (v === 'both') return [true, false];
	if (v === 'on' || v === 'off') return [v === 'on'];
	console.error('--observability: both, on or off');
	process.exit(2);
})();
const SAVE = str('--save', '');
// The profile's players do not report that they look at the game: every move notifies the next
// player (the worst case; docs/benchmarks.md says so next to the figures).
presence.looking = false;
const STATE_PARENT = (() => {
	const i = args.indexOf('--state-dir');
	if (i >= 0) return args[i + 1];
	return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
})();
const KIND = (() => {
	const kind = kindOf(str('--game', ''));
	if (!kind) {
		console.error(`--game: one of ${KIND_IDS.join(', ')}`);
		process.exit(2);
	}
	return kind;
})();

// ---- driving Rongo: bench/lib/rongo.ts (one move waited for at every seat) -----------------------

/** One move by the first active seat, over HTTP or its socket, waited for at every seat; false when the game is over. */
const step = async (game: RongoGame, via: Via) => (await rongoStep(game, via)) !== null;

// ---- what runs where ---------------------------------------------------------------------------

/** What each process of `wrangler dev` is. */
function processLabel(p: Proc): string {
	const a = p.args.join(' ');
	if (/workerd/.test(p.args[0] ?? '')) {
		return a.includes('--inspector-addr')
			? 'workerd #2: the runtime (miniflare: entry, assets, our Worker + DOs, D1, …)'
			: "workerd #1: wrangler's ProxyWorker + InspectorProxyWorker";
	}
	if (/esbuild/.test(p.args[0] ?? '')) return 'esbuild service (idle after the bundle)';
	if (a.includes('wrangler-dist/cli.js')) return 'wrangler (node): ProxyController, miniflare, loopback';
	if (/\.bin\/wrangler$/.test(p.args[1] ?? '')) return 'wrangler launcher (node)';
	return p.args.slice(0, 2).join(' ');
}

/** What each isolate of the runtime is (target ids are miniflare's service names). */
function isolateLabel(id: string, user: string): string {
	if (id === user) return `${id}: our Worker + Durable Objects`;
	if (id === 'core:entry') return `${id}: miniflare's entry worker (local only)`;
	if (id.startsWith('assets:router:')) return `${id}: static-assets router (Cloudflare's, before our Worker)`;
	if (id.startsWith('assets:')) return `${id}: static-assets service (Cloudflare's)`;
	if (id.startsWith('d1:')) return `${id}: local D1 emulation (production: remote D1)`;
	if (id.includes('observability')) return `${id}: local trace recording (X_LOCAL_OBSERVABILITY)`;
	return `${id}: miniflare service (local only)`;
}

// ---- layers of our isolate ---------------------------------------------------------------------

/** The layer of a resolved source path (relative to the repository or from node_modules/). */
const RULES: [RegExp, string][] = [
	[/^src\/hooks\.server\.ts$|^src\/lib\/server\/(auth\/|security-headers|api-errors|forms)/, 'our hooks & auth'],
	[/^src\/lib\/server\/room\/sockets\.ts$/, 'room: sockets & broadcast'],
	[/^src\/lib\/server\/room\/storage\.ts$/, 'room: storage (SQLite)'],
	[/^src\/lib\/server\/room\/(outbox|flusher)\.ts$/, 'room: outbox & D1 flush'],
	[/^src\/lib\/server\/room\/projection\.ts$/, 'room: per-seat views'],
	[/^src\/lib\/server\/room\//, 'room: RPC & core'],
	[/^src\/lib\/server\/notify\//, 'notify (Postman, UserHub, inbox)'],
	[/^src\/lib\/(engine|games)\//, 'engine & game rules'],
	[/^src\/routes\//, 'routes'],
	[/^src\/lib\/paraglide\/|node_modules\/@inlang\//, 'paraglide'],
	[/^src\/lib\/server\/|^src\/lib\/protocol\//, 'server lib (games, http, freshness, db)'],
	[/^src\/worker\.ts$/, 'worker entry (src/worker.ts)'],
	[/^src\//, 'other src/'],
	[/node_modules\/@sveltejs\/kit\/|node_modules\/devalue\/|node_modules\/cookie\//, 'SvelteKit runtime'],
	// adapter-cloudflare's worker: a Cache API lookup (caches.default.match) before every GET.
	[/^\.svelte-kit\/cloudflare\/_worker\.js$/, 'adapter-cloudflare _worker.js (Cache API on GET)'],
	[/^\.svelte-kit\//, 'SvelteKit generated (.svelte-kit/output)'],
	// drizzle-orm's own maps point one folder too high (../src/… from the package root).
	[/node_modules\/(drizzle-orm|src)\//, 'drizzle-orm'],
	[/node_modules\/valibot\//, 'valibot'],
	[/node_modules\/@oslojs\//, 'oslo (sha256, encoding)'],
	[/node_modules\/(wrangler|miniflare)\//, 'wrangler/miniflare glue (local only)'],
	[/node_modules\//, 'other packages']
];

const NATIVE = 'natives (V8/workerd built-ins)';
const JSON_CAT = 'JSON.parse/stringify';
const SPECIAL = new Map([
	['(garbage collector)', '(garbage collector)'],
	['(program)', '(program): workerd C++, no JS on the stack'],
	['(idle)', '(idle)'],
	['(root)', '(root)']
]);

interface Frame {
	category: string;
	fn: string;
	where: string;
	native: boolean;
}

/** Resolves call frames of one isolate to layers, through the source maps of its scripts. */
class Resolver {
	private cache = new Map<string, Frame>();
	constructor(private readonly maps: Map<string, SourceMap>) {}

	frame(cf: CallFrame): Frame {
		const key = `${cf.scriptId}:${cf.lineNumber}:${cf.columnNumber}:${cf.functionName}:${cf.url}`;
		let f = this.cache.get(key);
		if (!f) this.cache.set(key, (f = this.resolve(cf)));
		return f;
	}

	private resolve(cf: CallFrame): Frame {
		const fn = cf.functionName || '(anonymous)';
		if (!cf.url) {
			const special = SPECIAL.get(cf.functionName);
			if (special) return { category: special, fn, where: '', native: false };
			const json = cf.functionName === 'parse' || cf.functionName === 'stringify';
			return { category: json ? JSON_CAT : NATIVE, fn, where: '(native)', native: true };
		}
		const map = this.maps.get(cf.scriptId) ?? this.maps.get(cf.url);
		const o = map?.lookup(cf.lineNumber, cf.columnNumber);
		if (o) {
			const category = RULES.find(([re]) => re.test(o.source))?.[1] ?? 'other';
			return { category, fn: o.name && fn === '(anonymous)' ? o.name : fn, where: `${o.source}:${o.line}`, native: false };
		}
		const where = `${cf.url}:${cf.lineNumber + 1}`;
		if (cf.url.startsWith('cloudflare-internal:d1')) return { category: 'D1 client (workerd JS)', fn, where, native: true };
		if (/^(node-internal|node):/.test(cf.url)) return { category: 'node compat (workerd JS)', fn, where, native: true };
		if (/^cloudflare(-internal)?:/.test(cf.url)) return { category: 'workerd JS built-ins', fn, where, native: true };
		if (/miniflare|__mf_/.test(cf.url)) return { category: 'miniflare DO wrapper (local only)', fn, where, native: false };
		// esbuild's keepNames helper (wrangler bundles with it, deploys too): `__name(fn, "name")`
		// around every named function expression, a defineProperty each time one is created.
		if (cf.functionName === '__name') return { category: 'esbuild keepNames (__name)', fn, where, native: false };
		return { category: 'other', fn, where, native: false };
	}
}

interface Breakdown {
	/** µs of self time per category, and with natives charged to their JS caller's category. */
	self: Map<string, number>;
	charged: Map<string, number>;
	/** µs of self time per function (natives: per function and caller). */
	fns: Map<string, { us: number; fn: string; where: string; category: string }>;
	/** µs of total time (with what they call) of the functions of src/. */
	inclusive: Map<string, { us: number; fn: string; where: string; category: string }>;
	/** µs by what workerd ran: the outermost function of src/ on the stack, else the outermost layer. */
	entries: Map<string, number>;
	samples: number;
}

const add = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v);

/** Self and total time by layer and function; every sample counts `period` µs (inspector.ts samplingPeriod). */
function breakdown(profiles: Profile[], resolver: Resolver, period: number): Breakdown {
	const b: Breakdown = { self: new Map(), charged: new Map(), fns: new Map(), inclusive: new Map(), entries: new Map(), samples: 0 };
	for (const p of profiles) {
		const byId = new Map(p.nodes.map((n) => [n.id, n]));
		const parent = new Map<number, number>();
		for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
		const frame = (id: number) => resolver.frame(byId.get(id)!.callFrame);
		// The JS frame that called a native (its nearest ancestor with a script of its own).
		const callerOf = (id: number): Frame | null => {
			for (let q = parent.get(id); q !== undefined; q = parent.get(q)) {
				const f = frame(q);
				if (!f.native && f.where) return f;
			}
			return null;
		};
		const perNode = new Map<number, number>();
		for (const id of p.samples ?? []) add(perNode, id, period);
		b.samples += p.samples?.length ?? 0;
		for (const [id, us] of perNode) {
			const f = frame(id);
			add(b.self, f.category, us);
			const caller = f.native ? callerOf(id) : null;
			add(b.charged, caller?.category ?? f.category, us);
			const from = caller?.where ?? '(called by workerd)';
			const key = f.native ? `${f.fn} ← ${from}` : `${f.fn} ${f.where}`;
			const e = b.fns.get(key) ?? { us: 0, fn: f.fn, where: f.native ? `${f.where} ← ${from}` : f.where, category: f.category };
			e.us += us;
			b.fns.set(key, e);
			// Total time: every function of src/ on the stack, once each; the entry: the outermost.
			const seen = new Set<string>();
			let entry: string | null = null;
			let outer: string = f.category;
			for (let q: number | undefined = id; q !== undefined; q = parent.get(q)) {
				const g = frame(q);
				if (!g.native && g.where) outer = g.category;
				if (g.where.startsWith('src/')) entry = `${g.fn} ${g.where}`;
				if (!g.where.startsWith('src/')) continue;
				const k = `${g.fn} ${g.where}`;
				if (seen.has(k)) continue;
				seen.add(k);
				const t = b.inclusive.get(k) ?? { us: 0, fn: g.fn, where: g.where, category: g.category };
				t.us += us;
				b.inclusive.set(k, t);
			}
			add(b.entries, entry ?? outer, us);
		}
	}
	return b;
}

const busy = (m: Map<string, number>) => [...m].filter(([k]) => k !== '(idle)' && k !== '(root)').reduce((s, [, v]) => s + v, 0);

// ---- one wrangler dev, profiled ----------------------------------------------------------------

interface Session {
	id: string;
	label: string;
	cdp: Cdp;
	resolver: Resolver;
	/** Opens the session again (workerd may close an inspector connection). */
	reopen: () => Promise<Cdp>;
	/** The sampling interval set last (µs), set again on a new connection. */
	interval: number;
	/** Stretches whose profile was lost with a closed connection. */
	lost: number;
}

/** The session, connected (again if it was closed), or false when it cannot be. */
async function ensure(s: Session): Promise<boolean> {
	if (!s.cdp.closed) return true;
	console.warn(`  (the inspector closed its connection to ${s.id} (${s.cdp.closedWith}): connecting again)`);
	try {
		s.cdp = await s.reopen();
		await s.cdp.send('Profiler.enable');
		await s.cdp.send('Profiler.setSamplingInterval', { interval: s.interval });
		return true;
	} catch {
		return false;
	}
}

async function setSampling(s: Session, interval: number) {
	s.interval = interval;
	if (await ensure(s)) await s.cdp.send('Profiler.setSamplingInterval', { interval });
}

interface Measured {
	ops: number;
	wallMs: number;
	/** Time spent settling inside the measurement (nothing asked of the server). */
	settleMs: number;
	clientCpuMs: number;
	procCpu: Map<number, number>;
	profiles: Map<string, Profile[]>;
}

/** Profiles and CPU counters of the sessions over possibly several stretches of one phase. */
class Meter {
	m: Measured = { ops: 0, wallMs: 0, settleMs: 0, clientCpuMs: 0, procCpu: new Map(), profiles: new Map() };
	private t0 = 0;
	private last = 0;
	private cpu0 = new Map<number, number>();
	private client0: NodeJS.CpuUsage = process.cpuUsage();

	constructor(
		private readonly sessions: Session[],
		private readonly procs: Proc[]
	) {}

	private running = new Set<Session>();

	async start() {
		this.running.clear();
		await Promise.all(
			this.sessions.map(async (s) => {
				if (!(await ensure(s))) return void s.lost++;
				await s.cdp.send('Profiler.start');
				this.running.add(s);
			})
		);
		for (const p of this.procs) this.cpu0.set(p.pid, cpuMs(p.pid) ?? 0);
		this.client0 = process.cpuUsage();
		this.t0 = this.last = performance.now();
	}

	/** One more operation done (the wall time counts up to the last one, not the settling after). */
	done() {
		this.m.ops++;
		this.last = performance.now();
	}

	async pause() {
		this.m.wallMs += this.last - this.t0;
		const c = process.cpuUsage(this.client0);
		this.m.clientCpuMs += (c.user + c.system) / 1000;
		for (const p of this.procs) add(this.m.procCpu, p.pid, (cpuMs(p.pid) ?? 0) - (this.cpu0.get(p.pid) ?? 0));
		await Promise.all(
			[...this.running].map(async (s) => {
				try {
					const { profile } = await s.cdp.send<{ profile: Profile }>('Profiler.stop');
					this.m.profiles.set(s.id, [...(this.m.profiles.get(s.id) ?? []), profile]);
				} catch {
					s.lost++; // the connection closed meanwhile: this stretch has no profile of it
				}
			})
		);
	}
}

interface PhaseReport {
	phase: string;
	observability: boolean;
	/** The phase without a profiler: the processes' CPU and the wall time as they are. */
	clean: Measured;
	/** Every active isolate profiled coarsely: the split between isolates (and its cost). */
	split: Measured;
	/** Our isolate alone profiled finely: its layers and functions. */
	detail: Measured;
	period: number;
	/** Each process's CPU per ms while nothing is asked of it (taken out of the settling time). */
	idleRate: Map<number, number>;
	isolates: { label: string; ms: number; samples: number }[];
	user: Breakdown;
}

const ms = (us: number, ops: number) => us / 1000 / ops;
const f2 = (x: number) => x.toFixed(2).padStart(7);
const pct = (x: number, total: number) => `${((100 * x) / total).toFixed(1).padStart(5)}%`;

async function profileServer(observability: boolean): Promise<PhaseReport[]> {
	const dir = mkdtempSync(join(STATE_PARENT, 'rongo-profile-'));
	await migrate(dir, { quiet: true });
	const server = await startDevServer({
		port: await freePort(),
		persistTo: dir,
		stdio: 'pipe',
		logLevel: 'warn',
		env: { X_LOCAL_OBSERVABILITY: String(observability) }
	});
	// wrangler's own output, shown when something goes wrong (a reload, an error in the Worker).
	let output = '';
	const keep = (d: Buffer) => (output = (output + d).slice(-8000));
	server.child.stdout?.on('data', keep);
	server.child.stderr?.on('data', keep);
	const stopOnExit = () => {
		try {
			process.kill(-server.child.pid!, 'SIGTERM');
		} catch {
			/* gone */
		}
	};
	process.on('exit', stopOnExit);
	const sessions: Session[] = [];
	const reports: PhaseReport[] = [];
	try {
		const procs = processGroup(server.child.pid!);
		const runtime = procs.find((p) => /workerd/.test(p.args[0] ?? '') && p.args.some((a) => a.startsWith('--inspector-addr')));
		if (!runtime) throw new Error('no workerd runtime with an inspector in the wrangler dev process group');
		let rtPort = 0;
		let targets: { id: string }[] = [];
		for (const port of listeningPorts(runtime.pid)) {
			const list = await listTargets(port);
			if (list?.some((t) => t.id.startsWith('core:user:'))) {
				rtPort = port;
				targets = list;
				break;
			}
		}
		if (!rtPort) throw new Error("found no inspector of workerd's runtime");
		const name = /^name\s*=\s*"([^"]+)"/m.exec(readFileSync(join(ROOT, 'wrangler.toml'), 'utf8'))?.[1];
		const userId = `core:user:${name}`;
		if (!targets.some((t) => t.id === userId)) throw new Error(`the runtime has no ${userId}`);

		// Our isolate through wrangler's proxy (it holds the runtime's session); its scripts' maps.
		const user = await Cdp.open(`ws://127.0.0.1:${server.inspectorPort}/ws`, userId, { origin: 'http://localhost' });
		const scripts = new Map<string, { url: string; sourceMapURL?: string }>();
		user.on('Debugger.scriptParsed', (p) => scripts.set(p.scriptId, p));
		await user.send('Debugger.enable');
		await new Promise((r) => setTimeout(r, 500));
		await user.send('Debugger.disable');
		const maps = new Map<string, SourceMap>();
		for (const [id, s] of scripts) {
			const map = loadSourceMap(s.url, s.sourceMapURL, ROOT);
			if (map) maps.set(id, map);
		}
		if (maps.size === 0) console.warn('  (no source map of our Worker found: frames stay in the bundle)');
		await user.send('Profiler.enable');
		const reopenUser = () => Cdp.open(`ws://127.0.0.1:${server.inspectorPort}/ws`, userId, { origin: 'http://localhost' });
		sessions.push({ id: userId, label: isolateLabel(userId, userId), cdp: user, resolver: new Resolver(maps), reopen: reopenUser, interval: 1000, lost: 0 });
		for (const t of targets) {
			if (t.id === userId) continue;
			try {
				const reopen = () => Cdp.open(`ws://127.0.0.1:${rtPort}/${t.id}`, t.id);
				const cdp = await reopen();
				await cdp.send('Profiler.enable', {}, 5000);
				sessions.push({ id: t.id, label: isolateLabel(t.id, userId), cdp, resolver: new Resolver(new Map()), reopen, interval: 1000, lost: 0 });
			} catch (e) {
				console.warn(`  (not profiled: ${t.id}: ${(e as Error).message})`);
			}
		}

		const players = await signupPlayers(server.url);
		const ping = () => players[0].api('GET', '/api/ping');
		let gameNo = 0;
		let game = await newGame(players, KIND, gameNo++);
		const nextGame = async () => {
			game.sockets.forEach((s) => s.close());
			game = await newGame(players, KIND, gameNo++);
		};
		const move = async (via: 'http' | 'socket') => {
			while (!(await step(game, via))) await nextGame();
		};

		// Which isolates run for a request: all of them profiled coarsely over a warm-up of pings and
		// moves; an isolate with at least 1% of our isolate's samples is profiled from then on.
		for (const s of sessions) await setSampling(s, 1000);
		const scan = new Meter(sessions, procs);
		await scan.start();
		for (let i = 0; i < WARMUP; i++) {
			await ping();
			await move('http');
		}
		await scan.pause();
		const count = (id: string) => (scan.m.profiles.get(id) ?? []).reduce((n, p) => n + (p.samples ?? []).filter((x) => !isIdle(p, x)).length, 0);
		const floor = Math.max(3, count(userId) / 100);
		const active = sessions.filter((s) => s.id === userId || count(s.id) >= floor);
		for (const s of sessions) if (!active.includes(s)) s.cdp.close();
		console.log(`\n[observability ${observability ? 'on' : 'off'}] isolates that run for a ping or a move: ${active.map((s) => s.id).join(', ')}`);
		console.log(`  (idle for them: ${sessions.filter((s) => !active.includes(s)).map((s) => s.id).join(', ')})`);

		// A move leaves work behind (the postman's notifications, the room's D1 flush a second
		// later): each measurement waits SETTLE ms after its last operation, so it holds the work
		// its own operations caused and none of another's. What the processes spend while nothing
		// is asked of them (timers, wrangler's file watching) is measured once and taken out.
		const settle = async (meter?: Meter) => {
			await new Promise((r) => setTimeout(r, SETTLE));
			if (meter) meter.m.settleMs += SETTLE;
		};
		await settle();
		const idle = new Meter([], procs);
		await idle.start();
		await new Promise((r) => setTimeout(r, IDLE_MS));
		idle.done();
		await idle.pause();
		const idleRate = new Map(procs.map((p) => [p.pid, (idle.m.procCpu.get(p.pid) ?? 0) / IDLE_MS]));
		const idlers = procs.filter((p) => idleRate.get(p.pid)! > 0).map((p) => `${processLabel(p).split(':')[0].replace(/ \(.*/, '')} [pid ${p.pid}] ${(idleRate.get(p.pid)! * 1000).toFixed(0)} ms/s`);
		console.log(`  (CPU while nothing is asked: ${idlers.join(', ') || 'none'}; taken out of the ${SETTLE} ms each measurement settles)`);
		/** `count` more operations of a phase, measured by `meter`; a finished game is replaced outside the measurement. */
		const drive = async (phase: string, meter: Meter, count: number) => {
			const until = meter.m.ops + count;
			await meter.start();
			while (meter.m.ops < until) {
				if (phase === 'ping') {
					await ping();
					meter.done();
				} else if (await step(game, phase as 'http' | 'socket')) meter.done();
				else {
					await settle(meter);
					await meter.pause();
					await nextGame();
					await settle();
					await meter.start();
				}
			}
			await settle(meter);
			await meter.pause();
		};

		for (const phase of PHASES) {
			if (!['ping', 'http', 'socket'].includes(phase)) {
				console.error(`--phases: ping, http or socket (not ${phase})`);
				process.exit(2);
			}
			try {
				for (let i = 0; i < WARMUP; i++) await (phase === 'ping' ? ping() : move(phase as 'http' | 'socket'));
			} catch (e) {
				if (e instanceof SocketMoveError && e.unsupported) {
					console.log(`\n[observability ${observability ? 'on' : 'off'}] phase socket: skipped — the server answers a socket move with BAD_MESSAGE (it predates moves over the socket)`);
					continue;
				}
				throw e;
			}
			// Three ways, interleaved in ROUNDS rounds (the machine's load and the game's length drift):
			// no profiler (the processes' CPU as it is); every active isolate sampled coarsely (the
			// split between isolates); ours alone sampled finely (its layers). Each profiled isolate
			// adds a sampler thread and its signals to workerd's thread: the CPU they cost is printed.
			const u = active.find((s) => s.id === userId)!;
			await settle();
			const clean = new Meter([], procs);
			const split = new Meter(active, procs);
			const detail = new Meter([u], procs);
			const ways: [Meter, () => Promise<void>][] = [
				[clean, async () => {}],
				[split, async () => void (await Promise.all(active.map((s) => setSampling(s, SPLIT_INTERVAL))))],
				[detail, () => setSampling(u, INTERVAL)]
			];
			for (let round = 0; round < ROUNDS; round++) {
				const count = Math.ceil((N * (round + 1)) / ROUNDS) - Math.ceil((N * round) / ROUNDS);
				for (let k = 0; k < ways.length; k++) {
					const [meter, prepare] = ways[(round + k) % ways.length];
					await prepare();
					await drive(phase, meter, count);
				}
			}
			// Our isolate's CPU from its fine profile (samples × the period achieved, inspector.ts
			// samplingPeriod); the other isolates' in proportion to their samples next to ours in the
			// coarse profiles (too sparse to measure a period of their own; every sampler runs alike).
			const period = samplingPeriod(detail.m.profiles.get(userId) ?? []);
			const user = breakdown(detail.m.profiles.get(userId) ?? [], u.resolver, period);
			const oursMs = ms(busy(user.self), detail.m.ops);
			const coarse = active.map((s) => ({ s, n: busy(breakdown(split.m.profiles.get(s.id) ?? [], s.resolver, 1).self) }));
			const oursCoarse = coarse[0].n || 1;
			const isolates = coarse.map(({ s, n }) => ({ label: s.label + (s.lost ? ` [${s.lost} stretches lost: connection closed]` : ''), ms: (oursMs * n) / oursCoarse, samples: n }));
			const report: PhaseReport = { phase, observability, clean: clean.m, split: split.m, detail: detail.m, period, idleRate, isolates, user };
			reports.push(report);
			print(report, procs);
			if (SAVE) {
				mkdirSync(SAVE, { recursive: true });
				const all: [string, Profile[]][] = [...[...split.m.profiles].map(([id, ps]): [string, Profile[]] => [`${id}-coarse`, ps]), ...detail.m.profiles];
				for (const [id, ps] of all)
					ps.forEach((p, i) => writeFileSync(join(SAVE, `${phase}-obs-${observability ? 'on' : 'off'}-${id.replace(/[^\w.-]+/g, '_')}-${i}.cpuprofile`), JSON.stringify(p)));
			}
		}
		game.sockets.forEach((s) => s.close());
	} catch (e) {
		console.error(`\nwrangler dev's last output:\n${output || '(none)'}`);
		throw e;
	} finally {
		for (const s of sessions) if (!s.cdp.closed) s.cdp.close();
		await server.stop();
		process.off('exit', stopOnExit);
		rmSync(dir, { recursive: true, force: true });
	}
	return reports;
}

/** Whether a sample is of the (idle) node. */
function isIdle(p: Profile, nodeId: number): boolean {
	return p.nodes.find((n) => n.id === nodeId)?.callFrame.functionName === '(idle)';
}

function print(r: PhaseReport, procs: Proc[]) {
	const { clean, split, detail } = r;
	const title = {
		ping: 'no-op GET /api/ping (signed in)',
		http: 'moves over HTTP (POST /api/games/:id/moves; 3 seats, a socket each)',
		socket: 'moves over the game socket ({type:"move"} → ack; 3 seats, a socket each)'
	}[r.phase];
	const per = (m: Measured, pid: number) => Math.max(0, (m.procCpu.get(pid) ?? 0) - (r.idleRate.get(pid) ?? 0) * m.settleMs) / m.ops;
	const wall = (m: Measured) => (m.wallMs / m.ops).toFixed(2);
	console.log(`\n=== [observability ${r.observability ? 'on' : 'off'}] ${title}: ${clean.ops} sequential per pass ===`);
	console.log(`wall per request: ${wall(clean)} ms unprofiled (${wall(split)} ms with every isolate profiled, ${wall(detail)} ms with ours alone)`);
	console.log('CPU per request by process (/proc utime+stime, less what each uses idle): unprofiled (every isolate profiled / ours alone):');
	const total = (m: Measured) => procs.reduce((t, p) => t + per(m, p.pid), 0);
	for (const p of procs) {
		if (per(clean, p.pid) + per(split, p.pid) + per(detail, p.pid) === 0) continue;
		console.log(`  ${f2(per(clean, p.pid))} ms (${per(split, p.pid).toFixed(2)} / ${per(detail, p.pid).toFixed(2)})  ${processLabel(p)} [pid ${p.pid}]`);
	}
	console.log(`  ${f2(total(clean))} ms (${total(split).toFixed(2)} / ${total(detail).toFixed(2)})  all of wrangler dev`);
	console.log(`  ${f2(clean.clientCpuMs / clean.ops)} ms  this client (fetch, sockets, bot moves), for scale`);
	console.log(`CPU per request by isolate of the runtime (ours from its fine profile, the others by their samples next to ours every ${SPLIT_INTERVAL} µs; idle excluded):`);
	let iso = 0;
	for (const i of r.isolates) {
		iso += i.ms;
		console.log(`  ${f2(i.ms)} ms  ${i.label}  (${i.samples} samples)`);
	}
	const runtime = procs.find((p) => p.args.some((a) => a.startsWith('--inspector-addr')));
	const rt = runtime ? per(clean, runtime.pid) : 0;
	console.log(`  ${f2(iso)} ms  all these isolates, of the runtime's ${rt.toFixed(2)} ms unprofiled: ${(rt - iso).toFixed(2)} ms outside any isolate (HTTP, RPC between services, …)`);
	const ours = busy(r.user.self) / 1000 / detail.ops;
	const all = total(clean);
	console.log(
		`Our isolate (profiled alone) ≈ ${ours.toFixed(2)} ms of the ${all.toFixed(2)} ms wrangler dev spends unprofiled per request (${((100 * ours) / all).toFixed(0)}%): the local stack ≈ ${(all - ours).toFixed(2)} ms`
	);
	const b = r.user;
	const ops = detail.ops;
	const mine = busy(b.self);
	console.log(`Our isolate by layer (sampled every ${r.period.toFixed(0)} µs achieved; self time; "+natives": natives, JSON and workerd's JS charged to the JS that called them):`);
	console.log(`  ${'layer'.padEnd(46)} ${'ms/req'.padStart(7)} ${'share'.padStart(6)}  ${'+natives'.padStart(8)} ${'share'.padStart(6)}`);
	const cats = new Set([...b.self.keys(), ...b.charged.keys()]);
	const rows = [...cats].filter((k) => k !== '(idle)' && k !== '(root)').sort((x, y) => (b.charged.get(y) ?? 0) - (b.charged.get(x) ?? 0));
	for (const k of rows) {
		const s = b.self.get(k) ?? 0;
		const c = b.charged.get(k) ?? 0;
		console.log(`  ${k.padEnd(46)} ${f2(ms(s, ops))} ${pct(s, mine)}  ${f2(ms(c, ops)).padStart(8)} ${pct(c, mine)}`);
	}
	console.log(`  ${'total (non-idle)'.padEnd(46)} ${f2(ms(mine, ops))}`);
	console.log(`Top ${TOP} functions of our isolate by self time:`);
	const fns = [...b.fns.values()].filter((f) => !['(idle)', '(root)'].includes(f.fn)).sort((x, y) => y.us - x.us).slice(0, TOP);
	for (const f of fns) console.log(`  ${f2(ms(f.us, ops))} ms ${pct(f.us, mine)}  ${f.fn.slice(0, 34).padEnd(34)} ${f.where}  [${f.category}]`);
	console.log(`What workerd ran, by the outermost function of src/ on the stack (else the outermost layer):`);
	const entries = [...b.entries].filter(([k]) => k !== '(idle)' && k !== '(root)').sort((x, y) => y[1] - x[1]).slice(0, TOP);
	for (const [k, us] of entries) console.log(`  ${f2(ms(us, ops))} ms ${pct(us, mine)}  ${k}`);
	console.log(`Top ${TOP} functions of src/ by total time (with everything they call):`);
	const inc = [...b.inclusive.values()].sort((x, y) => y.us - x.us).slice(0, TOP);
	for (const f of inc) console.log(`  ${f2(ms(f.us, ops))} ms ${pct(f.us, mine)}  ${f.fn.slice(0, 34).padEnd(34)} ${f.where}`);
}

// ---- are timers frozen during synchronous execution? -------------------------------------------

const PROBE = `import { DurableObject } from 'cloudflare:workers';
function spin(n) {
	const p0 = performance.now(), d0 = Date.now();
	let x = 0;
	for (let i = 0; i < n; i++) x = (x * 31 + i) % 1000003;
	return { perf: performance.now() - p0, date: Date.now() - d0, x };
}
// The smallest step performance.now() takes while polled in a loop (bounded: it may never move).
function step() {
	let last = performance.now(), min = Infinity;
	for (let i = 0; i < 2e6; i++) {
		const t = performance.now();
		if (t !== last) { min = Math.min(min, t - last); last = t; }
	}
	return min;
}
async function measure(url) {
	const sync = spin(Number(url.searchParams.get('n')));
	sync.step = step();
	const p0 = performance.now(), d0 = Date.now();
	await new Promise((r) => setTimeout(r, 20));
	return { sync, afterTimer20ms: { perf: performance.now() - p0, date: Date.now() - d0 } };
}
export class Probe extends DurableObject {
	async fetch(request) { return Response.json(await measure(new URL(request.url))); }
}
export default {
	async fetch(request, env) {
		const url = new URL(request.url);
		if (url.pathname === '/do') return env.PROBE.get(env.PROBE.idFromName('probe')).fetch(request);
		return Response.json(await measure(url));
	}
};
`;

async function timerProbe() {
	const dir = mkdtempSync(join(STATE_PARENT, 'rongo-profile-probe-'));
	const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(join(ROOT, 'wrangler.toml'), 'utf8'))?.[1] ?? '2026-01-01';
	writeFileSync(join(dir, 'probe.js'), PROBE);
	writeFileSync(
		join(dir, 'wrangler.toml'),
		`name = "timer-probe"\nmain = "probe.js"\ncompatibility_date = "${date}"\nsend_metrics = false\n\n[[durable_objects.bindings]]\nname = "PROBE"\nclass_name = "Probe"\n\n[[migrations]]\ntag = "v1"\nnew_sqlite_classes = ["Probe"]\n`
	);
	let server: DevServer | undefined;
	try {
		server = await startDevServer({ port: await freePort(), persistTo: join(dir, 'state'), stdio: 'pipe', logLevel: 'warn', config: join(dir, 'wrangler.toml') });
		const get = async (path: string, n: number) => {
			const t0 = performance.now();
			const r = (await (await fetch(`${server!.url}${path}?n=${n}`)).json()) as { sync: { perf: number; date: number; step: number | null }; afterTimer20ms: { perf: number; date: number } };
			return { ...r, wall: performance.now() - t0 };
		};
		console.log('\n=== Timers inside workerd under wrangler dev (a probe Worker and Durable Object, same wrangler) ===');
		for (const path of ['/', '/do']) {
			await get(path, 0);
			const base = (await get(path, 0)).wall;
			const r = await get(path, 30_000_000);
			console.log(
				`  ${path === '/' ? 'Worker        ' : 'Durable Object'}: a synchronous loop of ≈${(r.wall - base).toFixed(0)} ms (wall, less an empty request) — ` +
					`performance.now() advanced ${r.sync.perf.toFixed(1)} ms, Date.now() ${r.sync.date} ms (smallest step of performance.now(): ${r.sync.step === null ? 'it never moved' : r.sync.step.toFixed(3) + ' ms'}); across an awaited 20 ms timer: ${r.afterTimer20ms.perf.toFixed(1)} ms / ${r.afterTimer20ms.date} ms`
			);
		}
	} finally {
		await server?.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

// ---- main --------------------------------------------------------------------------------------

async function main() {
	if (!args.includes('--no-build')) await run(join(ROOT, 'node_modules/.bin/vite'), ['build', '--sourcemap'], { quiet: true });
	else if (!existsSync(join(ROOT, '.svelte-kit/output/server/index.js.map')))
		console.warn('(the last build has no source maps — `vite build --sourcemap` — so SvelteKit-built code shows as .svelte-kit/output chunks)');
	const cpu = cpus();
	console.log(`machine: ${cpu[0]?.model ?? '?'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; node ${process.version}`);
	console.log(`kind ${KIND.id}; ${N} operations per phase after ${WARMUP} of warm-up; sampling every ${INTERVAL} µs; state in ${STATE_PARENT}`);
	if (PHASES.length) for (const o of OBSERVABILITY) await profileServer(o);
	if (!args.includes('--no-timers')) await timerProbe();
}

await main();
