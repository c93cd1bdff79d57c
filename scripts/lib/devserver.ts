/**
 * Runs the built Worker under `wrangler dev` for `npm start`, the end-to-end tests and the server
 * benchmark: build, apply the D1 migrations to a local state directory, start `wrangler dev`,
 * wait until it answers, stop it (with workerd) again.
 *
 * Everything stays on this machine: `CLOUDFLARE_CF_FETCH_ENABLED=false` keeps wrangler from
 * fetching the `request.cf` data, `send_metrics = false` in wrangler.toml from sending telemetry.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'node_modules/.bin');

const QUIET_ENV = {
	CLOUDFLARE_CF_FETCH_ENABLED: 'false',
	WRANGLER_SEND_METRICS: 'false'
};

/**
 * Whether `wrangler dev` records its local traces: off unless `RONGO_TRACING=1` (issue 33).
 *
 * Since wrangler 4.118 `wrangler dev` records a trace of every invocation — spans, logs, every
 * storage call of every Durable Object — into a SQLite trace store under the state directory
 * (`v3/observability`), for the Local Explorer's Observability tab at
 * http://localhost:8787/cdn-cgi/local/explorer; the only switch is the environment variable
 * `X_LOCAL_OBSERVABILITY` (https://github.com/cloudflare/workers-sdk/releases/tag/wrangler@4.118.0;
 * wrangler 4.155 reads it in `buildMiniflareOptions` and has no config key or CLI flag for it).
 * On by default it cost a socket move about 1.5× the CPU and halved the moves per second (issue
 * 33, docs/benchmarks.md), and its store grew by hundreds of MB in one benchmark session. Nothing
 * of the site reads it, so `npm start`, `npm run preview`, the tests and the benchmarks run
 * without it; `RONGO_TRACING=1 npm start` turns it on for debugging.
 */
export function tracingFromEnv(env: Record<string, string | undefined> = process.env): boolean {
	const v = env.RONGO_TRACING;
	if (v === undefined || v === '' || v === '0') return false;
	if (v === '1') return true;
	throw new Error(`RONGO_TRACING=${JSON.stringify(v)}: 1 turns wrangler's local tracing on, 0 or unset leaves it off`);
}

/** Process groups of commands still running, ended when this process exits (e.g. on Ctrl-C). */
const running = new Set<number>();
process.on('exit', () => running.forEach(killGroup));

function killGroup(pgid: number) {
	try {
		process.kill(-pgid, 'SIGTERM');
	} catch {
		/* nothing left */
	}
}

/** Every process group started here (wrangler's, with its workerd), for stopAll(). */
const started = new Set<number>();

/**
 * Ends every process group started here and waits until none is left: SIGTERM, then SIGKILL to a
 * group still alive after `graceMs`. For a shutdown at any step: wrangler still starting (busy
 * bundling, its workerd up) can take longer than a loaded machine's patience to act on a SIGTERM,
 * and the exit hook above only asks (issue 33: a CI run found it alive 10 s after `npm start` ended).
 */
export async function stopAll(graceMs = 5000): Promise<void> {
	const groups = [...started].filter(groupAlive);
	groups.forEach(killGroup);
	const until = Date.now() + graceMs;
	while (groups.some(groupAlive) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
	for (const g of groups.filter(groupAlive)) {
		try {
			process.kill(-g, 'SIGKILL');
		} catch {
			/* gone meanwhile */
		}
	}
	while (groups.some(groupAlive) && Date.now() < until + 2000) await new Promise((r) => setTimeout(r, 50));
}

/** Whether any process of the group is alive. */
function groupAlive(pgid: number): boolean {
	try {
		process.kill(-pgid, 0);
		return true;
	} catch {
		return false;
	}
}

/** The processes of a group, one "pid command line" each (Linux's /proc; elsewhere just the group). */
function groupMembers(pgid: number): string[] {
	if (!existsSync('/proc/self/stat')) return [`process group ${pgid}`];
	const members: string[] = [];
	for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
		try {
			// Fields after the command (which may hold spaces) in parentheses: state, ppid, pgrp, …
			const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
			if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
			members.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`);
		} catch {
			/* gone meanwhile */
		}
	}
	return members;
}

/**
 * Runs a command to its end; rejects on a non-zero exit. It runs in its own process group, and
 * whatever of that group is still alive afterwards is ended. With `strict`, anything left behind
 * (after a grace of two seconds for children on their way out) also fails the run, with the
 * processes named: `npm test` builds so (scripts/build-check.ts), since until issue 29 every `vite
 * build` left a workerd behind (svelte.config.js says why).
 */
export function run(cmd: string, args: string[], opts: { env?: Record<string, string>; quiet?: boolean; strict?: boolean } = {}) {
	return new Promise<void>((ok, fail) => {
		const child = spawn(cmd, args, {
			cwd: ROOT,
			stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
			env: { ...process.env, ...QUIET_ENV, ...opts.env },
			detached: true
		});
		const group = child.pid;
		if (group !== undefined) (running.add(group), started.add(group));
		let out = '';
		child.stdout?.on('data', (d) => (out += d));
		child.stderr?.on('data', (d) => (out += d));
		child.on('error', fail);
		child.on('exit', async (code, signal) => {
			let left: string[] = [];
			if (group !== undefined) {
				for (let waited = 0; opts.strict && groupAlive(group) && waited < 2000; waited += 100) await new Promise((r) => setTimeout(r, 100));
				if (opts.strict && groupAlive(group)) left = groupMembers(group);
				running.delete(group);
				killGroup(group);
			}
			if (code !== 0) fail(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}\n${out}`));
			else if (left.length) fail(new Error(`${cmd} ${args.join(' ')} left ${left.length} process(es) running (now ended):\n  ${left.join('\n  ')}`));
			else ok();
		});
	});
}

/** `vite build`: the adapter's worker and the assets that src/worker.ts wraps. */
export function build(opts: { quiet?: boolean; strict?: boolean } = {}) {
	return run(join(BIN, 'vite'), ['build'], opts);
}

/** Whether wrangler.toml declares the D1 database yet (it arrived with the accounts work). */
function hasD1() {
	return /\[\[d1_databases\]\]/.test(readFileSync(join(ROOT, 'wrangler.toml'), 'utf8'));
}

/** Applies every migration in migrations/ to the local D1 under `persistTo` (idempotent). */
export async function migrate(persistTo: string, opts: { quiet?: boolean } = {}) {
	if (!hasD1() || !existsSync(join(ROOT, 'migrations'))) return;
	// CI=true: wrangler asks no confirmation question (it would wait for a key press in a terminal).
	await run(join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], {
		...opts,
		env: { CI: 'true' }
	});
}

/** A free TCP port on 127.0.0.1 (for wrangler's inspector, so two servers can run side by side). */
export function freePort(): Promise<number> {
	return new Promise((ok, fail) => {
		const srv = createServer();
		srv.unref();
		srv.on('error', fail);
		srv.listen(0, '127.0.0.1', () => {
			const addr = srv.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			srv.close(() => ok(port));
		});
	});
}

export interface DevServer {
	url: string;
	/** wrangler's inspector proxy for the user Worker (Chrome DevTools Protocol; `GET /json` lists it). */
	inspectorPort: number;
	child: ChildProcess;
	/** Resolves with the exit code (or signal name) when wrangler ends. */
	exited: Promise<number | string>;
	/** Whether wrangler records local traces (tracingFromEnv). */
	tracing: boolean;
	stop(): Promise<void>;
}

export interface DevServerOptions {
	port: number;
	persistTo: string;
	/** 'inherit' for `npm start`; tests and benchmarks keep the output and show it on failure. */
	stdio?: 'inherit' | 'pipe';
	/** Extra variables for the Worker (`--var NAME:value`). */
	vars?: Record<string, string>;
	/** wrangler's log level; 'warn' drops the line per request (tests, benchmark). */
	logLevel?: 'debug' | 'info' | 'log' | 'warn' | 'error' | 'none';
	/** wrangler's local tracing (see tracingFromEnv); default: `RONGO_TRACING`, off unless it is 1. */
	tracing?: boolean;
	/** Extra variables for wrangler's own process. */
	env?: Record<string, string>;
	/** Another Worker's wrangler config, relative to the repository (bench:peers' floor); default wrangler.toml. */
	config?: string;
}

/** Starts `wrangler dev` on the built app and waits until it answers HTTP. */
export async function startDevServer(opts: DevServerOptions): Promise<DevServer> {
	const inspector = await freePort();
	// An explicit X_LOCAL_OBSERVABILITY in `opts.env` still wins (older benchmarks pass it).
	const env = { ...process.env, ...QUIET_ENV, X_LOCAL_OBSERVABILITY: String(opts.tracing ?? tracingFromEnv()), ...opts.env };
	const tracing = env.X_LOCAL_OBSERVABILITY === 'true';
	const args = [
		'dev',
		'--port', String(opts.port),
		'--ip', '127.0.0.1',
		'--inspector-port', String(inspector),
		'--persist-to', opts.persistTo,
		'--show-interactive-dev-session=false',
		'--log-level', opts.logLevel ?? 'log'
	];
	if (opts.config) args.push('--config', opts.config);
	// Links in notifications point at this server (wrangler.toml's ORIGIN is the default port's).
	const vars = { ORIGIN: `http://localhost:${opts.port}`, ...opts.vars };
	for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
	const stdio: StdioOptions = opts.stdio === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'];
	// Its own process group, so stop() ends workerd too (wrangler's child), and nothing else.
	const child = spawn(join(BIN, 'wrangler'), args, {
		cwd: ROOT,
		stdio,
		detached: true,
		env
	});
	// The tail of the output, for the error message when wrangler fails to start.
	let output = '';
	const keep = (d: Buffer) => (output = (output + d).slice(-20_000));
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	// Ended with this process too (the exit hook above), also while it is still starting: a SIGTERM
	// to `npm start` before wrangler answered used to leave it running (issue 30).
	if (child.pid !== undefined) (running.add(child.pid), started.add(child.pid));
	const exited = new Promise<number | string>((ok) =>
		child.on('exit', (code, signal) => {
			if (child.pid !== undefined) {
				running.delete(child.pid);
				killGroup(child.pid); // a workerd that outlived its wrangler
			}
			ok(code ?? signal ?? -1);
		})
	);
	let done = false;
	void exited.then(() => (done = true));
	const url = `http://127.0.0.1:${opts.port}`;

	const stop = async () => {
		if (done || child.pid === undefined) return;
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			return;
		}
		const timer = setTimeout(() => {
			try {
				process.kill(-child.pid!, 'SIGKILL');
			} catch {
				/* already gone */
			}
		}, 5000);
		await exited;
		clearTimeout(timer);
	};

	const deadline = Date.now() + 90_000;
	for (;;) {
		if (done) throw new Error(`wrangler dev exited before answering:\n${output}`);
		try {
			const res = await fetch(url + '/', { signal: AbortSignal.timeout(2000) });
			await res.arrayBuffer();
			if (res.status < 500) break;
		} catch {
			/* not listening yet */
		}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`wrangler dev did not answer on ${url} within 90 s:\n${output}`);
		}
		await new Promise((r) => setTimeout(r, 250));
	}
	return { url, inspectorPort: inspector, child, exited, tracing, stop };
}
