/**
 * npm test (issue 29): every check of the project, as CI runs it (.ci/run: `npm ci`, then this).
 *
 * The steps run one after another, as they always did: type checks, unit and scenario tests, the
 * build with its bundle check, the Worker tests, the end-to-end tests, the crash test. The
 * fuzzers (`npm run test:fuzz`: every kind's games, the same games and seeds as ever) run *beside*
 * the steps after the build, at the lowest CPU priority (`nice -n 19`, in the steps' session): they use only the CPU the steps leave idle, so the steps take nearly as long
 * as without them, and what is left of the fuzzing runs at full speed after the last step. Not before the build's end: until then each step recompiles
 * Paraglide's messages, which deletes and rewrites src/lib/paraglide/ under the fuzzers' feet. Any
 * failure fails the run; the fuzzers' output is printed when they end. A table at the end says
 * where the time went (docs/testing.md): each step's wall time and the CPU time of its processes
 * (the shell's `times` after it: user + system of every process it waited for, so a process
 * orphaned before it was reaped is missing). CPU time barely depends on what else the machine
 * runs, wall time does: compare runs by CPU, and wall times within one run.
 *
 * --serial runs the fuzzers after the steps at normal priority instead (the old order).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STEPS: [name: string, script: string][] = [
	['check', 'check'],
	['unit', 'test:unit'],
	['build', 'build:check'],
	['worker', 'test:worker'],
	['e2e', 'test:e2e'],
	['crash', 'test:crash']
];
/** The last step that compiles Paraglide's messages (check, Vitest's and Vite's plugins do). */
const FUZZ_AFTER = 'build';

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

/** Runs `npm run <script>` with the terminal; resolves with its exit code and CPU seconds. */
function step(script: string): Promise<{ code: number; cpu: number | null }> {
	const t = timed([script], false);
	return new Promise((done) => {
		const child = spawn(t.command[0], t.command.slice(1), { stdio: 'inherit' });
		child.on('exit', (code, signal) => done({ code: code ?? (signal ? 128 : 1), cpu: t.cpu() }));
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

/** The fuzzers (`npm run test:fuzz`), in the background; their output is kept and printed when they end. */
function fuzzers(niced: boolean) {
	const t = Date.now();
	const cmd = timed(['test:fuzz'], niced);
	// In this session, not a new one (no `detached`): where Linux schedules sessions as groups
	// (autogroup, on by default), a session of their own would get as much CPU as the steps' whole
	// session, however nice its processes — measured: the niced fuzzers took more CPU than the
	// worker tests' workerd. stop() ends the process tree instead of a process group.
	const child = spawn(cmd.command[0], cmd.command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
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
			for (const pid of [child.pid, ...descendants(child.pid)]) {
				try {
					process.kill(pid, 'SIGTERM');
				} catch {
					/* gone */
				}
			}
		}
	};
}

let background: ReturnType<typeof fuzzers> | null = null;
const stopAndExit = (code: number) => {
	background?.stop();
	rmSync(scratch, { recursive: true, force: true });
	process.exit(code);
};
process.on('SIGINT', () => stopAndExit(130));
process.on('SIGTERM', () => stopAndExit(143));

let failed: string | null = null;
for (const [name, script] of STEPS) {
	const t = Date.now();
	const { code, cpu } = await step(script);
	times.push([name, row(secs(t), cpu, code)]);
	if (code) {
		failed = name;
		break;
	}
	if (name === FUZZ_AFTER && !serial) background = fuzzers(true);
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
