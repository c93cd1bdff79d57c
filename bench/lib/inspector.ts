/**
 * What bench:profile (bench/profile.ts) needs to look inside `wrangler dev`: a small Chrome DevTools
 * Protocol client for workerd's inspector, V8's CPU profiles, source maps (v3, decoded here — no
 * dependency), and the CPU time and listening ports of processes, read from /proc (Linux).
 */
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// ---- Chrome DevTools Protocol ------------------------------------------------------------------

/** One inspector session (one isolate of workerd): commands with answers, and events. */
export class Cdp {
	private next = 0;
	private pending = new Map<number, { ok: (v: any) => void; fail: (e: Error) => void }>();
	private handlers = new Map<string, ((params: any) => void)[]>();
	closed = false;
	/** Why the connection closed (its close code and reason), once it has. */
	closedWith = '';

	private constructor(
		private readonly ws: WebSocket,
		readonly name: string
	) {
		ws.addEventListener('message', (e) => {
			const m = JSON.parse(String(e.data));
			if (typeof m.id === 'number') {
				const p = this.pending.get(m.id);
				if (!p) return; // an answer to a command of wrangler's own (its inspector proxy shares the session)
				this.pending.delete(m.id);
				if (m.error) p.fail(new Error(`${name}: ${m.error.message ?? JSON.stringify(m.error)}`));
				else p.ok(m.result);
			} else if (typeof m.method === 'string') {
				for (const h of this.handlers.get(m.method) ?? []) h(m.params);
			}
		});
		ws.addEventListener('close', (e) => {
			this.closed = true;
			this.closedWith = `${e.code}${e.reason ? ' ' + e.reason : ''}`;
			for (const p of this.pending.values()) p.fail(new Error(`${name}: inspector connection closed`));
			this.pending.clear();
		});
	}

	/** Opens a session; `headers` for wrangler's inspector proxy, which wants an allowed Origin. */
	static open(url: string, name: string, headers: Record<string, string> = {}): Promise<Cdp> {
		// Node's WebSocket (undici) takes headers in its second argument.
		const ws = new WebSocket(url, { headers } as unknown as string[]);
		return new Promise((ok, fail) => {
			const timer = setTimeout(() => fail(new Error(`${name}: no inspector connection to ${url}`)), 10_000);
			ws.addEventListener('open', () => (clearTimeout(timer), ok(new Cdp(ws, name))), { once: true });
			ws.addEventListener('error', () => (clearTimeout(timer), fail(new Error(`${name}: cannot connect to ${url}`))), { once: true });
		});
	}

	send<T = any>(method: string, params: object = {}, timeoutMs = 60_000): Promise<T> {
		if (this.closed) return Promise.reject(new Error(`${this.name}: inspector connection closed`));
		// Ids far from the proxy's own (it counts from 1e8) and from DevTools'.
		const id = 1_000_000_000 + ++this.next;
		return new Promise<T>((ok, fail) => {
			const timer = setTimeout(() => {
				this.pending.delete(id);
				fail(new Error(`${this.name}: no answer to ${method} within ${timeoutMs / 1000} s`));
			}, timeoutMs);
			this.pending.set(id, {
				ok: (v) => (clearTimeout(timer), ok(v)),
				fail: (e) => (clearTimeout(timer), fail(e))
			});
			this.ws.send(JSON.stringify({ id, method, params }));
		});
	}

	on(method: string, fn: (params: any) => void) {
		this.handlers.set(method, [...(this.handlers.get(method) ?? []), fn]);
	}

	close() {
		this.ws.close();
	}
}

export interface InspectorTarget {
	id: string;
	title: string;
	webSocketDebuggerUrl: string;
}

/** The targets an inspector lists (`GET /json`), or null when the port is no inspector. */
export async function listTargets(port: number): Promise<InspectorTarget[] | null> {
	try {
		const res = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(2000) });
		if (!res.ok) return null;
		const list = (await res.json()) as InspectorTarget[];
		return Array.isArray(list) ? list : null;
	} catch {
		return null;
	}
}

// ---- V8 CPU profiles ---------------------------------------------------------------------------

export interface CallFrame {
	functionName: string;
	scriptId: string;
	url: string;
	lineNumber: number;
	columnNumber: number;
}

export interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	hitCount?: number;
	children?: number[];
}

/** Profiler.stop's profile: a call tree, and its samples (node ids) with µs since the previous one. */
export interface Profile {
	nodes: ProfileNode[];
	startTime: number;
	endTime: number;
	samples?: number[];
	timeDeltas?: number[];
}

/**
 * The sampling period V8 actually achieved (µs), from the gaps between consecutive samples.
 *
 * V8 takes a sample only while the isolate's thread is inside the isolate (workerd enters one for
 * each event, under its lock); an attempt between events records nothing. So a sample stands for
 * one period of the isolate's CPU time, and `samples × period` estimates it — not the sum of the
 * gaps, which spans the idle time too. The gaps come in multiples of the period: inside a busy
 * stretch one period (longer than asked when the machine is loaded), across idle time several.
 * The period is the typical gap of the lowest cluster: the median of the gaps up to 1.5 × the
 * 10th percentile (so a fine profile of a busy isolate, where a tenth of the gaps lie inside busy
 * stretches; too sparse a profile has no period of its own).
 */
export function samplingPeriod(profiles: Profile[]): number {
	const d = profiles.flatMap((p) => (p.timeDeltas ?? []).slice(1)).filter((x) => x > 0).sort((a, b) => a - b);
	if (d.length === 0) return 0;
	const low = d.filter((x) => x <= 1.5 * d[Math.floor(d.length / 10)]);
	return low[Math.floor(low.length / 2)];
}

// ---- source maps -------------------------------------------------------------------------------

const B64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c.charCodeAt(0), i]));

export interface Original {
	/** The source's path: relative to the repository, or from its `node_modules/` on. */
	source: string;
	/** 1-based, like an editor's. */
	line: number;
	column: number;
	name?: string;
}

/**
 * A v3 source map (no index maps, which esbuild does not write), for looking up where a generated
 * position came from. wrangler's esbuild bundle of src/worker.ts chains the maps of its inputs, so
 * with SvelteKit's server build made with `--sourcemap` this leads to the files under src/.
 */
export class SourceMap {
	private readonly sources: string[];
	private readonly names: string[];
	/** Per generated line: segments of [generated column, source, line, column, name | -1]. */
	private readonly lines: Int32Array[] = [];

	constructor(json: { sources: string[]; names?: string[]; mappings: string; sourceRoot?: string }, mapPath: string, root: string) {
		const base = json.sourceRoot ? resolve(dirname(mapPath), json.sourceRoot) : dirname(mapPath);
		this.sources = json.sources.map((s) => displayPath(s.includes(':') && !s.startsWith('/') ? s : resolve(base, s), root));
		this.names = json.names ?? [];
		let src = 0,
			oline = 0,
			ocol = 0,
			name = 0;
		const m = json.mappings;
		let seg: number[] = [];
		let line: number[] = [];
		let gcol = 0;
		let value = 0,
			shift = 0;
		const endSegment = () => {
			if (seg.length === 0) return;
			gcol += seg[0];
			if (seg.length >= 4) {
				src += seg[1];
				oline += seg[2];
				ocol += seg[3];
				if (seg.length >= 5) name += seg[4];
				line.push(gcol, src, oline, ocol, seg.length >= 5 ? name : -1);
			}
			seg = [];
		};
		for (let i = 0; i <= m.length; i++) {
			const c = i < m.length ? m.charCodeAt(i) : 59; // ';' ends the last line
			if (c === 44 /* , */ || c === 59 /* ; */) {
				endSegment();
				if (c === 59) {
					this.lines.push(Int32Array.from(line));
					line = [];
					gcol = 0;
				}
				continue;
			}
			const digit = B64.get(c);
			if (digit === undefined) throw new Error(`source map ${mapPath}: bad mappings character at ${i}`);
			value += (digit & 31) << shift;
			if (digit & 32) shift += 5;
			else {
				seg.push(value & 1 ? -(value >>> 1) : value >>> 1);
				value = 0;
				shift = 0;
			}
		}
	}

	/** The original position of a 0-based generated line and column (the nearest segment at or before it). */
	lookup(line: number, column: number): Original | null {
		const segs = this.lines[line];
		if (!segs || segs.length === 0) return null;
		let lo = 0,
			hi = segs.length / 5 - 1,
			at = -1;
		while (lo <= hi) {
			const mid = (lo + hi) >> 1;
			if (segs[mid * 5] <= column) {
				at = mid;
				lo = mid + 1;
			} else hi = mid - 1;
		}
		if (at < 0) return null;
		const k = at * 5;
		return { source: this.sources[segs[k + 1]], line: segs[k + 2] + 1, column: segs[k + 3] + 1, name: segs[k + 4] >= 0 ? this.names[segs[k + 4]] : undefined };
	}
}

/** A path for people: relative to the repository, or from the last `node_modules/` on. */
export function displayPath(p: string, root: string): string {
	const nm = p.lastIndexOf('/node_modules/');
	if (nm >= 0) return p.slice(nm + 1);
	if (p.startsWith(root + '/')) return p.slice(root.length + 1);
	return p;
}

/** Loads the source map of a script the inspector reported (a file: URL), or null. */
export function loadSourceMap(scriptUrl: string, sourceMapUrl: string | undefined, root: string): SourceMap | null {
	if (!sourceMapUrl || !scriptUrl.startsWith('file:')) return null;
	// wrangler's inspector proxy rewrites file: to wrangler-file: for browser DevTools.
	const url = new URL(sourceMapUrl.replace(/^wrangler-file:/, 'file:'), scriptUrl);
	if (url.protocol !== 'file:') return null;
	const path = fileURLToPath(url);
	if (!existsSync(path)) return null;
	return new SourceMap(JSON.parse(readFileSync(path, 'utf8')), path, root);
}

// ---- processes (/proc) -------------------------------------------------------------------------

const CLK_TCK = (() => {
	try {
		return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
	} catch {
		return 100;
	}
})();

export interface Proc {
	pid: number;
	ppid: number;
	args: string[];
}

/** The processes of a process group (wrangler dev's: its node, workerd, esbuild). */
export function processGroup(pgid: number): Proc[] {
	const out: Proc[] = [];
	for (const e of readdirSync('/proc')) {
		if (!/^\d+$/.test(e)) continue;
		try {
			const f = statFields(Number(e));
			if (Number(f[5]) !== pgid) continue;
			const args = readFileSync(`/proc/${e}/cmdline`, 'utf8').split('\0').filter(Boolean);
			out.push({ pid: Number(e), ppid: Number(f[4]), args });
		} catch {
			/* gone meanwhile */
		}
	}
	return out;
}

/** /proc/<pid>/stat's fields, 1-based as in proc(5) (the command's parentheses may hold spaces). */
function statFields(pid: number): string[] {
	const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const close = s.lastIndexOf(')');
	return ['', s.slice(0, s.indexOf(' ')), s.slice(s.indexOf('(') + 1, close), ...s.slice(close + 2).trim().split(' ')];
}

/** The CPU time (user + system, all threads) a process has used so far, in ms; null once it is gone. */
export function cpuMs(pid: number): number | null {
	try {
		const f = statFields(pid);
		return ((Number(f[14]) + Number(f[15])) * 1000) / CLK_TCK;
	} catch {
		return null;
	}
}

/** The TCP ports a process listens on (its sockets' inodes matched against /proc/net/tcp{,6}). */
export function listeningPorts(pid: number): number[] {
	const inodes = new Set<string>();
	try {
		for (const fd of readdirSync(`/proc/${pid}/fd`)) {
			try {
				const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
				if (m) inodes.add(m[1]);
			} catch {
				/* closed meanwhile */
			}
		}
	} catch {
		return [];
	}
	const ports: number[] = [];
	for (const table of ['tcp', 'tcp6']) {
		let text = '';
		try {
			text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
		} catch {
			continue;
		}
		for (const row of text.split('\n').slice(1)) {
			const f = row.trim().split(/\s+/);
			// local_address is HEXIP:HEXPORT; st 0A is LISTEN; the inode is field 10.
			if (f.length > 9 && f[3] === '0A' && inodes.has(f[9])) ports.push(parseInt(f[1].split(':')[1], 16));
		}
	}
	return ports;
}
