/**
 * CPU time of a server's processes, read from /proc (Linux): user + system time of every process
 * in the tree of `root` — its process group (the benchmark starts each server in its own group)
 * and every descendant — split by executable (wrangler's `node`, its `workerd`, the `node` running
 * boardgame.io's Server…; not the name in /proc/<pid>/stat, which Node sets to "MainThread"). Take a reading before and after a phase; the difference is that phase's
 * CPU. A process that ends within the phase takes its time along (the reading cannot see it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { basename } from 'node:path';

/** Milliseconds of CPU by process name. */
export type CpuReading = Record<string, number>;

/** Clock ticks per second of utime/stime (almost always 100). */
const TICK_MS = (() => {
	try {
		return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
	} catch {
		return 10;
	}
})();

interface Stat {
	pid: number;
	name: string;
	ppid: number;
	pgrp: number;
	ms: number;
}

function exe(pid: number): string | null {
	try {
		return basename(readlinkSync(`/proc/${pid}/exe`)).replace(/ \(deleted\)$/, '');
	} catch {
		return null;
	}
}

function stat(pid: number): Stat | null {
	try {
		const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// The name is in parentheses and may hold spaces or parentheses itself: split after the last ')'.
		const close = s.lastIndexOf(')');
		const f = s.slice(close + 2).split(' ');
		// After the name: state(0) ppid(1) pgrp(2) … utime(11) stime(12).
		return { pid, name: exe(pid) ?? s.slice(s.indexOf('(') + 1, close), ppid: +f[1], pgrp: +f[2], ms: (+f[11] + +f[12]) * TICK_MS };
	} catch {
		return null; // ended meanwhile
	}
}

/** Whether CPU can be read here at all. */
export const canReadCpu = () => existsSync('/proc/self/stat');

/** The processes of `root`'s tree: its process group and every descendant. */
function tree(root: number): Stat[] {
	const all = readdirSync('/proc')
		.filter((d) => /^\d+$/.test(d))
		.map((d) => stat(Number(d)))
		.filter((s): s is Stat => s !== null);
	const inTree = new Set(all.filter((s) => s.pid === root || s.pgrp === root).map((s) => s.pid));
	for (let grown = true; grown; ) {
		grown = false;
		for (const s of all) if (!inTree.has(s.pid) && inTree.has(s.ppid)) (inTree.add(s.pid), (grown = true));
	}
	return all.filter((s) => inTree.has(s.pid));
}

/** The pids and executables of `root`'s process tree. */
export function processesOf(root: number): { pid: number; name: string }[] {
	return tree(root).map(({ pid, name }) => ({ pid, name }));
}

/** The CPU so far of `root`'s process tree, by process name. */
export function cpuOf(root: number): CpuReading {
	const out: CpuReading = {};
	for (const s of tree(root)) out[s.name] = (out[s.name] ?? 0) + s.ms;
	return out;
}

/** CPU between two readings, by name (names seen in either), and its total. */
export function cpuSince(before: CpuReading, after: CpuReading): { total: number; byName: CpuReading } {
	const byName: CpuReading = {};
	for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) byName[k] = Math.max(0, (after[k] ?? 0) - (before[k] ?? 0));
	return { total: Object.values(byName).reduce((a, b) => a + b, 0), byName };
}

/**
 * The CPU so far of `root`'s process tree (as cpuOf) in ms with nanosecond resolution, by process
 * name: the sum of every thread's `sum_exec_runtime` (/proc/<pid>/task/<tid>/schedstat, field 1).
 * utime/stime count in ticks of 10 ms, too coarse for one request; this is what a per-request
 * figure needs (bench:cold). A thread that ends between two readings takes its time along.
 */
export function cpuFineOf(root: number): CpuReading {
	const out: CpuReading = {};
	for (const s of tree(root)) {
		let ns = 0;
		try {
			for (const tid of readdirSync(`/proc/${s.pid}/task`)) {
				try {
					ns += Number(readFileSync(`/proc/${s.pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
				} catch {
					/* the thread ended meanwhile */
				}
			}
		} catch {
			continue; // the process ended meanwhile
		}
		out[s.name] = (out[s.name] ?? 0) + ns / 1e6;
	}
	return out;
}

/** Whether cpuFineOf can be read here (Linux with schedstat). */
export const canReadFineCpu = () => existsSync('/proc/self/schedstat');
