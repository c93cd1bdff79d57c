/**
 * npm run bench:scale-d1 [-- --seconds 10] [--rounds 2] [--games 600] [--per-request 10] [--in-flight 8] [--state-dir DIR]
 *
 * Docs/scale.md's local simulation of a step of the plan: the D1 write path of a move on the real
 * stack — `wrangler dev` (workerd and the local D1) of a small Worker running the app's own statements (bench/scale/d1sim-worker.ts:
 * the room's flush batch, `outboxBatch`, and the postman's `fanOut`) — driven as hard as this machine
 * can for `--seconds`, two ways, alternating for `--rounds`:
 *  1. one D1 database: every game's flush and one postman fanning everything out (today);
 *  2. two D1 databases, a game in the one of its hash, each with its own postman (step 4 of the plan,
 *     "several D1 databases by game", with two).
 * Each request flushes one move of `--per-request` different games at once; `--in-flight` requests
 * are kept open.
 * Then the postman's sending: `--mails` users each with a turn due by email, delivered by the real
 * `deliverDue` loop with a sender that only waits (0 ms, and 100 ms as the model assumes), by one
 * postman and by 4 racing on their claims (the model's step 1 without the sharding). Reports moves flushed per second, D1's own SQL time per move (meta.duration), the
 * flush's wall time p50/p95, and what the postman fanned out (events/s, and the share of the moves'
 * events fanned out by the time the movers stop; each is checked to be fanned out once in the end).
 *
 * The local D1 is SQLite inside a Durable Object of this machine's workerd, on tmpfs by default: no
 * replication, no network between the Worker and the database, and the Worker, both databases and
 * this driver share the machine's cores — the figures say what the statements cost, not what
 * Cloudflare's D1 will do (docs/scale.md says how to read them).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { freePort, startDevServer } from '../scripts/lib/devserver';
import { ms, q, value } from './lib/cli';
import { canReadCpu, cpuOf, cpuSince } from './lib/proc';

const SECONDS = Number(value('--seconds') ?? 10);
const GAMES = Number(value('--games') ?? 600);
const PER_REQUEST = Number(value('--per-request') ?? 10);
const IN_FLIGHT = Number(value('--in-flight') ?? 8);
const ROUNDS = Number(value('--rounds') ?? 2);
const MAILS = Number(value('--mails') ?? 200);
const STATE_PARENT = value('--state-dir') ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
if (![SECONDS, GAMES, PER_REQUEST, IN_FLIGHT, ROUNDS, MAILS].every((n) => Number.isInteger(n) && n >= 1) || GAMES % PER_REQUEST !== 0) {
	console.error('usage: npm run bench:scale-d1 -- [--seconds S] [--games N] [--per-request K (divides N)] [--in-flight R] [--state-dir DIR]');
	process.exit(2);
}

const root = new URL('..', import.meta.url).pathname;

/** The migrations' statements in order (drizzle's breakpoints, comments dropped). */
function migrationStatements(): string[] {
	const dir = join(root, 'migrations');
	return readdirSync(dir)
		.filter((f) => f.endsWith('.sql'))
		.sort()
		.flatMap((f) =>
			readFileSync(join(dir, f), 'utf8')
				.replace(/--[^\n]*/g, '')
				.split(';')
				.map((s) => s.trim())
				.filter(Boolean)
		);
}

const bundle = await build({
	entryPoints: [join(root, 'bench/scale/d1sim-worker.ts')],
	bundle: true,
	write: false,
	format: 'esm',
	platform: 'neutral',
	conditions: ['workerd', 'worker', 'browser'],
	mainFields: ['module', 'main'],
	external: ['node:*', 'cloudflare:*'],
	tsconfig: join(root, 'tsconfig.json'),
	logLevel: 'error'
});

interface Result {
	label: string;
	moves: number;
	secs: number;
	sqlMs: number;
	walls: number[];
	/** Events the postmen had fanned out when the movers stopped (each move writes one). */
	fanned: number;
	/** The server's CPU (wrangler and workerd, from /proc) over the run, ms. */
	cpuMs: number;
}

/** The bundled Worker and its wrangler config (two local D1 databases), in a directory of their own. */
const workDir = mkdtempSync(join(tmpdir(), 'rongo-scale-d1-worker-'));
writeFileSync(join(workDir, 'worker.js'), bundle.outputFiles[0].text);
writeFileSync(
	join(workDir, 'wrangler.toml'),
	[
		'name = "rongo-scale-d1"',
		'main = "worker.js"',
		'compatibility_date = "2026-10-30"',
		'compatibility_flags = ["nodejs_compat"]',
		'send_metrics = false',
		...['DB', 'DB2'].flatMap((b) => ['[[d1_databases]]', `binding = "${b}"`, `database_name = "${b.toLowerCase()}"`, `database_id = "${b.toLowerCase()}"`])
	].join('\n') + '\n'
);

async function run(split: boolean): Promise<Result> {
	const dir = mkdtempSync(join(STATE_PARENT, 'rongo-scale-d1-'));
	// Tracing off, as in production (bench:load, bench:peers).
	const server = await startDevServer({ port: await freePort(), persistTo: dir, stdio: 'pipe', logLevel: 'warn', env: { X_LOCAL_OBSERVABILITY: 'false' }, config: join(workDir, 'wrangler.toml') });
	const call = (path: string, init?: RequestInit) => fetch(server.url + path, init);
	try {
		const setup = await call('/setup', { method: 'POST', body: JSON.stringify(migrationStatements()) });
		if (!setup.ok) throw new Error(`setup: ${await setup.text()}`);
		const groups = Array.from({ length: GAMES / PER_REQUEST }, (_, i) => Array.from({ length: PER_REQUEST }, (_, k) => i * PER_REQUEST + k));
		const version = new Array(groups.length).fill(0);
		let moves = 0;
		let sqlMs = 0;
		const walls: number[] = [];
		let fanned = 0;
		let next = 0;
		let stop = false;
		const pid = server.child.pid!;
		const cpu0 = canReadCpu() ? cpuOf(pid) : null;
		const t0 = performance.now();
		const end = t0 + SECONDS * 1000;
		// The postmen: one per database, each fanning out in a loop (as the Postman object's run does).
		const postmen = (split ? [0, 1] : [0]).map(async (db) => {
			while (!stop) {
				const r = await call(`/fanout?db=${db}`);
				if (!r.ok) throw new Error(`fanout: ${r.status} ${await r.text()}`);
				// Read first, then add: `fanned += await …` would lose the other postman's additions.
				const { n } = (await r.json()) as { n: number };
				fanned += n;
			}
		});
		await Promise.all(
			Array.from({ length: IN_FLIGHT }, async () => {
				while (performance.now() < end) {
					const i = next++ % groups.length;
					const v = ++version[i];
					const t = performance.now();
					const r = await call(`/flush?v=${v}&g=${groups[i].join(',')}&split=${split ? 1 : 0}`);
					if (!r.ok) throw new Error(`flush: ${r.status} ${await r.text()}`);
					const got = (await r.json()) as { sqlMs: number };
					sqlMs += got.sqlMs;
					walls.push(performance.now() - t);
					moves += PER_REQUEST;
				}
			})
		);
		const secs = (performance.now() - t0) / 1000;
		// What the postmen had fanned out (calls returned) by the time the movers stopped.
		const fannedInRun = fanned;
		stop = true;
		await Promise.all(postmen);
		const cpuMs = cpu0 ? cpuSince(cpu0, cpuOf(pid)).total : NaN;
		// Drained: the postmen's last calls ran until nothing was pending (the real fanOut, once more, finds nothing).
		let left = 0;
		for (const db of split ? [0, 1] : [0]) {
			const { n } = (await (await call(`/fanout?db=${db}`)).json()) as { n: number };
			left += n;
		}
		if (left || fanned !== moves) throw new Error(`fan-out: ${fanned} of ${moves} events, ${left} left after the postmen stopped`);
		return { label: split ? 'two D1 databases, by game' : 'one D1 database (today)', moves, secs, sqlMs, walls, fanned: fannedInRun, cpuMs };
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

console.log(`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; state under ${STATE_PARENT}`);
console.log(`${GAMES} games, ${SECONDS} s per run, ${IN_FLIGHT} requests in flight of ${PER_REQUEST} games' flushes each\n`);
console.log('| D1 | moves flushed/s | D1 SQL ms per move | flush request p50 / p95 | events fanned out/s | fanned out by the movers\' stop | server CPU per move, cores busy |');
console.log('|---|---:|---:|---|---:|---:|---|');
// Interleaved rounds, so that what else runs on the machine weighs on both alike.
for (let round = 0; round < ROUNDS; round++)
for (const split of [false, true]) {
	const r = await run(split);
	console.log(`| ${r.label} | **${(r.moves / r.secs).toFixed(0)}** (${r.moves} in ${r.secs.toFixed(1)} s) | ${(r.sqlMs / r.moves).toFixed(3)} | ${ms(q(r.walls, 0.5))} / ${ms(q(r.walls, 0.95))} | ${(r.fanned / r.secs).toFixed(0)} | ${((100 * r.fanned) / r.moves).toFixed(0)} % | ${(r.cpuMs / r.moves).toFixed(2)} ms, ${(r.cpuMs / 1000 / r.secs).toFixed(2)} |`);
}
/** The postman's sends per second: `postmen` delivery loops at once, each send taking `delay` ms. */
async function mail(postmen: number, delay: number): Promise<{ perSecond: number; told: number; sends: number; due: number }> {
	const dir = mkdtempSync(join(STATE_PARENT, 'rongo-scale-mail-'));
	const server = await startDevServer({ port: await freePort(), persistTo: dir, stdio: 'pipe', logLevel: 'warn', env: { X_LOCAL_OBSERVABILITY: 'false' }, config: join(workDir, 'wrangler.toml') });
	const call = (path: string, init?: RequestInit) => fetch(server.url + path, init);
	try {
		const setup = await call('/setup', { method: 'POST', body: JSON.stringify(migrationStatements()) });
		if (!setup.ok) throw new Error(`setup: ${await setup.text()}`);
		const m = await call(`/mail-setup?n=${MAILS}`);
		if (!m.ok) throw new Error(`mail-setup: ${await m.text()}`);
		const { fanned: due } = (await m.json()) as { fanned: number };
		const t0 = performance.now();
		const runs = await Promise.all(
			Array.from({ length: postmen }, async () => {
				const r = await call(`/deliver?delay=${delay}`);
				if (!r.ok) throw new Error(`deliver: ${await r.text()}`);
				return (await r.json()) as { told: number; sends: number };
			})
		);
		const secs = (performance.now() - t0) / 1000;
		const sends = runs.reduce((s, r) => s + r.sends, 0);
		return { perSecond: sends / secs, told: runs.reduce((s, r) => s + r.told, 0), sends, due };
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

console.log(`\nThe postman's sending: ${MAILS} users, each with one turn due by email (no grace), delivered by the real deliverDue loop\n`);
console.log('| postmen at once | each send takes | messages sent/s | sent (due) |');
console.log('|---:|---:|---:|---|');
for (const [postmen, delay] of [[1, 0], [4, 0], [1, 100], [4, 100]]) {
	const r = await mail(postmen, delay);
	console.log(`| ${postmen} | ${delay} ms | **${r.perSecond.toFixed(1)}** | ${r.sends} (${r.due}) |`);
}

rmSync(workDir, { recursive: true, force: true });
