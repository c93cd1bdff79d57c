/**
 * npm test (issue 29): every check of the project, as CI runs it (.ci/run: `npm ci`, then this).
 *
 * The steps: type checks, unit and scenario tests, the build with its bundle check, then the
 * end-to-end tests side by side with the Worker tests followed by the crash test (issue 30: they
 * mostly wait — workerd, a browser waiting for its server — so together they take little longer than
 * the longest alone; the other lane's output is kept and printed when it ends). The
 * fuzzers (`npm run test:fuzz`: every kind's games, the same games and seeds as ever) run *beside*
 * the steps from the end of `check` on, at the lowest CPU priority (`nice -n 19`, in the steps'
 * session): they use only the CPU the steps leave idle, so the steps take nearly as long as without
 * them, and what is left of the fuzzing runs at full speed after the last step. They run on a copy
 * of the sources taken after `check` (FUZZ_AFTER): each later step recompiles Paraglide's messages,
 * which deletes and rewrites src/lib/paraglide/ under the feet of whatever imports it. Any
 * failure fails the run; the fuzzers' output is printed when they end. A table at the end says
 * where the time went (docs/testing.md): each step's wall time and the CPU time of its processes
 * (the shell's `times` after it: user + system of every process it waited for, so a process
 * orphaned before it was reaped is missing). CPU time barely depends on what else the machine
 * runs, wall time does: compare runs by CPU, and wall times within one run.
 *
 * --serial runs the fuzzers after the steps at normal priority instead (the old order).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

type Step = [name: string, script: string];
/**
 * Groups of steps, one group after another; the lanes of a group run side by side, the steps of a
 * lane one after another. The crash test follows the Worker tests in their lane: both are done well
 * before the end-to-end tests (the Worker tests run two files at a time, vitest.workers.config.ts),
 * so the crash test costs no wall time of its own; it kills only its own server's process group.
 */
const STEPS: Step[][][] = [
	[[['check', 'check']]],
	[[['unit', 'test:unit']]],
	[[['build', 'build:check']]],
	[
		[['e2e', 'test:e2e']],
		[
			['worker', 'test:worker'],
			['crash', 'test:crash']
		]
	]
];
/**
 * The step after which the fuzzers start: `check` compiles Paraglide's messages and writes
 * .svelte-kit/tsconfig.json, which the fuzzers need. They run on a copy taken then (fuzzSnapshot):
 * the later steps compile the messages again (Vitest's and Vite's Paraglide plugin delete
 * src/lib/paraglide/ and write it anew), which would pull files from under the fuzzers' imports.
 */
const FUZZ_AFTER = 'check';

const serial = process.argv.includes('--serial') || spawnSync('nice', ['-n', '19', 'true']).status !== 0;
const started = Date.now();
const secs = (from: number, to = Date.now()) => Math.round((to - from) / 1000);
const times: [string, string][] = [];
const scratch = mkdtempSync(join(tmpdir(), 'rongo-test-'));
let cpuFiles = 0;

/**
 * `npm run <args>` under `sh`, which writes `times` (user and system CPU of the children it waited
 * for) to a file when npm ends; `cpu()` reads it as seconds, or null.
 */
function timed(args: string[], nice: boolean) {
	const file = join(scratch, `times-${cpuFiles++}`);
	const cmd = `${nice ? 'nice -n 19 ' : ''}npm run "$@"; s=$?; times > '${file}'; exit $s`;
	const cpu = () => {
		try {
			// Two lines: the shell's own times, then its children's: "0m12.340000s 0m1.230000s".
			const line = readFileSync(file, 'utf8').trim().split('\n')[1];
			const [user, sys] = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
			return Math.round(user + sys);
		} catch {
			return null;
		}
	};
	return { command: ['sh', '-c', cmd, 'sh', ...args], cpu };
}
const row = (wall: number, cpu: number | null, code: number) => `${String(wall).padStart(5)} s  ${cpu === null ? '    ?' : String(cpu).padStart(5)} s${code ? '  FAILED' : ''}`;

const running = new Set<number>();

/**
 * Runs `npm run <script>`, with the terminal or (`quiet`) with its output kept and printed when it
 * ends; resolves with its exit code and CPU seconds.
 */
function step(script: string, quiet = false): Promise<{ code: number; cpu: number | null }> {
	const t = timed([script], false);
	return new Promise((done) => {
		const child = spawn(t.command[0], t.command.slice(1), { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
		if (child.pid !== undefined) running.add(child.pid);
		let out = '';
		child.stdout?.on('data', (d) => (out += d));
		child.stderr?.on('data', (d) => (out += d));
		child.on('exit', (code, signal) => {
			if (child.pid !== undefined) running.delete(child.pid);
			if (quiet) console.log(`\n── ${script}, run beside the step above ──\n${out.trim()}\n`);
			done({ code: code ?? (signal ? 128 : 1), cpu: t.cpu() });
		});
	});
}

/** Every process below `pid`, from Linux's /proc (none elsewhere: then stop() ends the shell only). */
function descendants(pid: number): number[] {
	const children = new Map<number, number[]>();
	for (const d of existsSync('/proc/self/stat') ? readdirSync('/proc') : []) {
		if (!/^\d+$/.test(d)) continue;
		try {
			// The fields after the command (which may hold spaces) in parentheses: state, ppid, …
			const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
		} catch {
			/* gone meanwhile */
		}
	}
	const found: number[] = [];
	for (let queue = [pid]; queue.length; ) for (const c of children.get(queue.shift()!) ?? []) found.push(c), queue.push(c);
	return found;
}

/** Ends `pid` and every process below it. */
function killTree(pid: number) {
	for (const p of [pid, ...descendants(pid)]) {
		try {
			process.kill(p, 'SIGTERM');
		} catch {
			/* gone */
		}
	}
}

/**
 * What the fuzzers run, copied as it is now: package.json (their npm scripts), the tsconfigs,
 * scripts/ and src/lib/ with its compiled messages; node_modules linked.
 */
function fuzzSnapshot(): string {
	const dir = join(scratch, 'fuzz-src');
	for (const p of ['package.json', 'tsconfig.json', '.svelte-kit/tsconfig.json', 'scripts', 'src/lib']) cpSync(join(ROOT, p), join(dir, p), { recursive: true });
	symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
	return dir;
}

/** The fuzzers (`npm run test:fuzz`, in `cwd`), in the background; their output is kept and printed when they end. */
function fuzzers(niced: boolean, cwd = ROOT) {
	const t = Date.now();
	const cmd = timed(['test:fuzz'], niced);
	// In this session, not a new one (no `detached`): where Linux schedules sessions as groups
	// (autogroup, on by default), a session of their own would get as much CPU as the steps' whole
	// session, however nice its processes — measured: the niced fuzzers took more CPU than the
	// worker tests' workerd. stop() ends the process tree instead of a process group.
	const child = spawn(cmd.command[0], cmd.command.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	const result = new Promise<number>((done) =>
		child.on('exit', (c, signal) => {
			const code = c ?? (signal ? 128 : 1);
			times.push([`fuzz${niced ? ' (beside the steps, nice 19)' : ''}`, row(secs(t), cmd.cpu(), code)]);
			console.log(`\n── the fuzzers${niced ? `, beside the steps after ${FUZZ_AFTER}` : ''}: ${code ? 'FAILED' : 'passed'} after ${secs(t)} s ──\n${out.trim()}\n`);
			done(code);
		})
	);
	return {
		result,
		stop() {
			if (child.exitCode !== null || child.pid === undefined) return;
			killTree(child.pid);
		}
	};
}

let background: ReturnType<typeof fuzzers> | null = null;
const stopAndExit = (code: number) => {
	background?.stop();
	for (const pid of running) killTree(pid);
	rmSync(scratch, { recursive: true, force: true });
	process.exit(code);
};
process.on('SIGINT', () => stopAndExit(130));
process.on('SIGTERM', () => stopAndExit(143));

let failed: string | null = null;
for (const group of STEPS) {
	const t = Date.now();
	// Each step's own wall time: from the group's start to its own end.
	const lanes = await Promise.all(
		group.map(async (lane, i) => {
			const done: { name: string; code: number; cpu: number | null; wall: number }[] = [];
			for (const [name, script] of lane) {
				const r = await step(script, i > 0);
				done.push({ name, ...r, wall: secs(t) });
				if (r.code) break;
			}
			return done;
		})
	);
	const results = lanes.flat();
	for (const r of results) times.push([group.length > 1 ? `${r.name} (side by side)` : r.name, row(r.wall, r.cpu, r.code)]);
	const broken = results.filter((r) => r.code).map((r) => r.name);
	if (broken.length) {
		failed = broken.join(' and ');
		break;
	}
	if (results.some((r) => r.name === FUZZ_AFTER) && !serial) background = fuzzers(true, fuzzSnapshot());
}
let fuzzCode = 0;
if (failed) background?.stop();
else {
	const t = Date.now();
	fuzzCode = background ? await background.result : await fuzzers(false).result;
	if (background) times.push(['(waiting for the fuzzers)', `${String(secs(t)).padStart(5)} s`]);
}

rmSync(scratch, { recursive: true, force: true });
console.log(`\nnpm test: ${failed ? `FAILED at ${failed}` : fuzzCode ? 'FAILED in the fuzzers' : 'passed'} after ${(secs(started) / 60).toFixed(1)} min`);
console.log(`  ${'step'.padEnd(34)}  wall     CPU`);
for (const [name, time] of times) console.log(`  ${name.padEnd(34)} ${time}`);
process.exit(failed || fuzzCode ? 1 : 0);
