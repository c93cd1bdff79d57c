/**
 * The one measuring loop of bench:peers, the same for every contestant: a contestant is a running
 * server (whose process tree's CPU is read) that opens *lanes* — a game with its three seats
 * connected, or a connection for the floors — and a lane takes one timed step at a time.
 *
 * 1. Warm-up: WARMUP steps on one lane, not counted (JIT, SQLite pages, socket buffers).
 * 2. Round trip: `moves` steps one after another (the server otherwise idle): p50 and p99.
 * 3. Throughput: `games` lanes at once, each `perGame` steps in a loop; moves/s over the wall time
 *    of the whole phase, and the server's CPU (utime + stime, /proc) in that phase ÷ moves.
 *    The lanes are opened (games created, seats connected) before the clock starts.
 * Work a server defers is part of what a move costs: Rongo's room writes to D1 a second after a
 * move (the coalesced flush). So the CPU reading starts once the server has been idle for
 * IDLE_MS — nothing of earlier phases or contestants leaks in — and ends once it is idle again
 * after the last move: that tail counts (and is reported apart), the wall time of moves/s not.
 */
import { cpuOf, cpuSince, type CpuReading } from '../lib/proc';

/** Idle: at most one clock tick of CPU per 250 ms, for this long (longer than Rongo's 1 s flush delay). */
const IDLE_MS = 1500;
/** No server is waited for longer than this to become idle. */
const SETTLE_MAX_MS = 10_000;

const total = (r: CpuReading) => Object.values(r).reduce((a, b) => a + b, 0);

/** Waits until the tree of `pid` has been idle for IDLE_MS (or SETTLE_MAX_MS have passed). */
async function settle(pid: number): Promise<void> {
	const deadline = performance.now() + SETTLE_MAX_MS;
	let last = total(cpuOf(pid));
	let quietSince = performance.now();
	while (performance.now() < deadline) {
		await new Promise((r) => setTimeout(r, 250));
		const now = total(cpuOf(pid));
		if (now - last > 10) quietSince = performance.now();
		else if (performance.now() - quietSince >= IDLE_MS) return;
		last = now;
	}
}

export interface Lane {
	/** One step: its round trip in ms, or null when the lane's game is over (a new lane follows). */
	step(): Promise<number | null>;
	close(): void | Promise<void>;
}

export interface Sut {
	/** The process whose tree (group and descendants) is the server. */
	pid: number;
	/** A fresh lane; `n` seeds its game (and names its Durable Object for the floors). */
	open(n: number): Promise<Lane>;
}

export interface Sizes {
	moves: number;
	games: number;
	perGame: number;
}

export interface Measured {
	rtt: { p50: number; p99: number; n: number };
	throughput: { moves: number; seconds: number; perSecond: number; p50: number; p99: number };
	/** Server CPU in the throughput phase, ms per move, in all and by process name; `tail`: of it, after the last move. */
	cpu: { perMove: number; byName: CpuReading; tail: number };
}

const WARMUP = 20;

export function pct(xs: number[], p: number) {
	if (xs.length === 0) return NaN;
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** Measures `sut`; whatever fails, every lane it opened is closed again. */
export async function measure(sut: Sut, sizes: Sizes): Promise<Measured> {
	const open = new Set<Lane>();
	const tracked: Sut = {
		pid: sut.pid,
		async open(n) {
			const lane = await sut.open(n);
			const close = lane.close.bind(lane);
			const t: Lane = { step: () => lane.step(), close: async () => (open.delete(t), await close()) };
			open.add(t);
			return t;
		}
	};
	try {
		return await phases(tracked, sizes);
	} finally {
		await Promise.allSettled([...open].map((l) => l.close()));
	}
}

async function phases(sut: Sut, sizes: Sizes): Promise<Measured> {
	await settle(sut.pid);
	let n = 0;
	let lane = await sut.open(n++);
	const next = async (): Promise<number> => {
		for (;;) {
			const t = await lane.step();
			if (t !== null) return t;
			await lane.close();
			lane = await sut.open(n++);
		}
	};
	for (let i = 0; i < WARMUP; i++) await next();
	const rtt: number[] = [];
	while (rtt.length < sizes.moves) rtt.push(await next());
	await lane.close();

	const lanes: Lane[] = [];
	for (let i = 0; i < sizes.games; i++) lanes.push(await sut.open(1000 + i));
	const lat: number[] = [];
	await settle(sut.pid);
	const before = cpuOf(sut.pid);
	const start = performance.now();
	await Promise.all(
		lanes.map(async (l) => {
			for (let i = 0; i < sizes.perGame; i++) {
				const t = await l.step();
				if (t === null) break;
				lat.push(t);
			}
		})
	);
	const seconds = (performance.now() - start) / 1000;
	const atEnd = cpuOf(sut.pid);
	await settle(sut.pid);
	const cpu = cpuSince(before, cpuOf(sut.pid));
	const tail = cpu.total - cpuSince(before, atEnd).total;
	await Promise.all(lanes.map((l) => l.close()));
	const per = (x: number) => x / Math.max(1, lat.length);
	return {
		rtt: { p50: pct(rtt, 50), p99: pct(rtt, 99), n: rtt.length },
		throughput: { moves: lat.length, seconds, perSecond: lat.length / seconds, p50: pct(lat, 50), p99: pct(lat, 99) },
		cpu: { perMove: per(cpu.total), byName: Object.fromEntries(Object.entries(cpu.byName).map(([k, x]) => [k, per(x)])), tail: per(tail) }
	};
}
