/**
 * npm run bench:fsyncs [-- --moves 200] [--storage disk|tmpfs] [--disk DIR] [--tmpfs DIR] [--no-build]
 *
 * Issue 33: where a warm socket move's time goes on disk. A move is acknowledged only once the
 * room's storage transaction is durable (the output gate), so on a disk the flushes to it — fsync,
 * fdatasync — set the pace, where on tmpfs they cost nothing. This counts them: `strace -f -c`
 * attached to every process of the server's tree (wrangler's node and esbuild, both workerd) for
 * `--moves` sequential socket moves of Rongo (bench:peers' rongo-socket, as `npm start` gives it)
 * and the same number of floor-write requests (a bare Durable Object, one SQLite write each), the
 * server settled after them so the work a move leaves behind — Rongo's coalesced D1 flush a second
 * later — is counted with it. It prints the flushes per move and the wall time spent blocked in them (`strace -w`), and
 * the wall time per move (strace slows every system call: read it against the other row, not as
 * a speed). Needs strace and the right to trace one's own processes (ptrace).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LEGACY_KIND_ID, kindOf } from '../src/lib/games/index';
import { build } from '../scripts/lib/devserver';
import { args, value } from './lib/cli';
import { processesOf } from './lib/proc';
import { startFloor } from './peers/floors';
import type { Sut } from './peers/measure';
import { startRongo } from './peers/rongo';
import { storages, type StorageName } from './peers/storage';

const MOVES = Number(value('--moves') ?? 200);
const STORAGE = (value('--storage') ?? 'disk') as StorageName;
const [storage] = storages([STORAGE], { disk: value('--disk'), tmpfs: value('--tmpfs') });
// package.json passes `--game giants`; the platform's code names no kind (tests/plugin-boundary.test.ts).
const kind = kindOf(value('--game') ?? LEGACY_KIND_ID);
if (!kind || !(MOVES > 0)) {
	console.error('usage: npm run bench:fsyncs -- [--moves N] [--storage disk|tmpfs] [--disk DIR] [--tmpfs DIR] [--no-build]');
	process.exit(2);
}
try {
	execFileSync('strace', ['-V'], { stdio: 'ignore' });
} catch {
	console.error('bench:fsyncs needs strace (apt-get install strace)');
	process.exit(2);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const SYSCALLS = ['fsync', 'fdatasync', 'sync_file_range', 'msync'];

interface Count {
	calls: Record<string, number>;
	seconds: Record<string, number>;
}

/** `strace -c -f` over `pids` while `during` runs; the per-syscall summary it prints at the end. */
async function traced(pids: number[], during: () => Promise<void>): Promise<Count> {
	const st = spawn('strace', ['-f', '-c', '-w', '-e', `trace=${SYSCALLS.join(',')}`, ...pids.flatMap((p) => ['-p', String(p)])], { stdio: ['ignore', 'ignore', 'pipe'] });
	let out = '';
	st.stderr.on('data', (d) => (out += d));
	const ended = new Promise<void>((ok) => st.on('exit', () => ok()));
	// strace says "Process N attached" per thread; give it a moment to attach to all.
	await new Promise((r) => setTimeout(r, 1500));
	await during();
	st.kill('SIGINT');
	await ended;
	if (/Operation not permitted/.test(out)) throw new Error(`strace may not attach here (ptrace):\n${out}`);
	const calls: Record<string, number> = {};
	const seconds: Record<string, number> = {};
	// "% time     seconds  usecs/call     calls    errors syscall"
	for (const line of out.split('\n')) {
		const m = line.trim().match(/^[\d.]+\s+([\d.]+)\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)$/);
		if (m && SYSCALLS.includes(m[3])) {
			calls[m[3]] = Number(m[2]);
			seconds[m[3]] = Number(m[1]);
		}
	}
	return { calls, seconds };
}

async function count(name: string, sut: Sut): Promise<Row> {
	let lane = await sut.open(0);
	let n = 1;
	const step = async () => {
		for (;;) {
			if ((await lane.step()) !== null) return;
			await lane.close();
			lane = await sut.open(n++);
		}
	};
	for (let i = 0; i < 20; i++) await step();
	// The counted steps come from a lane of their own, opened before the count: a game that ends
	// ends the count (a new game's creation and first sync are no move's flushes).
	await lane.close();
	lane = await sut.open(n++);
	const pids = processesOf(sut.pid).map((p) => p.pid);
	let wall = 0;
	let steps = 0;
	const c = await traced(pids, async () => {
		const t0 = performance.now();
		while (steps < MOVES && (await lane.step()) !== null) steps++;
		wall = (performance.now() - t0) / Math.max(1, steps);
		// Rongo flushes to D1 a second after its moves (MOVE_FLUSH_MS): that flush is part of a move.
		await new Promise((r) => setTimeout(r, 2500));
	});
	await lane.close();
	return { name, count: c, wall, steps };
}

if (!args.includes('--no-build')) {
	process.stderr.write('building the app (npm run build)…\n');
	await build({ quiet: true });
}
interface Row {
	name: string;
	count: Count;
	/** Wall time per step under strace. */
	wall: number;
	steps: number;
}
const rows: Row[] = [];
for (const which of ['rongo-socket', 'floor-write'] as const) {
	const dir = mkdtempSync(join(storage.dir, 'rongo-fsyncs-'));
	try {
		if (which === 'rongo-socket') {
			const s = await startRongo(kind, dir);
			try {
				rows.push(await count(which, s.move('socket')));
			} finally {
				await s.stop();
			}
		} else {
			const s = await startFloor(dir);
			try {
				rows.push(await count(which, s.write));
			} finally {
				await s.stop();
			}
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
console.log(`storage: ${storage.name} = ${storage.dir} (${storage.fs}); up to ${MOVES} sequential steps each (one game for Rongo), under strace`);
console.log('| contestant | steps | flushes per step (fsync + fdatasync + …) | of them fsync / fdatasync | ms blocked in them per step (wall, strace -w) | wall per step under strace |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
	const per = (x: number) => x / Math.max(1, r.steps);
	const total = per(Object.values(r.count.calls).reduce((a, b) => a + b, 0));
	const secs = Object.values(r.count.seconds).reduce((a, b) => a + b, 0);
	console.log(
		`| ${r.name} | ${r.steps} | ${total.toFixed(2)} | ${per(r.count.calls.fsync ?? 0).toFixed(2)} / ${per(r.count.calls.fdatasync ?? 0).toFixed(2)} | ${per(secs * 1000).toFixed(2)} | ${r.wall.toFixed(2)} ms |`
	);
}
process.exit(0);
