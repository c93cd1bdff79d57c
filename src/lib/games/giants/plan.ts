/**
 * The heuristic bot's carrying plan (issue 17): which moai the seat could erect on which ahus this
 * round, which headdresses crown its own moai, and which figures (with logs) it must place on which
 * hexes for that (G-4.1, G-5.2–5.5).
 * It reads only public things — the board, the ahus, the statues and what lies behind the seat's
 * own screen — so the bot runs it on its own view.
 *
 * The plan is greedy: it takes the (statue, ahu) pair with the best value per placement, puts the
 * figures that pair needs onto a hypothetical board, and repeats while statues, ahus, pedestals and
 * figures last. A pair's path is the cheapest in placements (Dijkstra over the 34 hexes), counting
 * what already stands on each hex: the seat's own figures and logs for free, other seats' figures
 * at a price for the points they would earn (G-5.3). Figures do not move in phase 4, so a path the
 * plan completes in phase 3 carries every moai of its size that phase, as often as needed.
 */
import { AHUS, HEXES, HEX_INDEX, NEIGHBOR_INDEX } from './board';
import type { Figure, Readable, Seat } from './types';

/** What the seat can still place: behind its screen (G-4.1), and pedestals to erect on (G-5.4). */
export interface Resources {
	workers: number;
	medicineMan: boolean;
	chief: boolean;
	logs: number;
	pedestals: number;
}

/** A statue the seat could move this round: from `at` (a hex index); `weight` discounts uncertain ones. */
export interface PlanStatue {
	id: string;
	kind: 'moai' | 'headdress';
	/** A headdress carries like a size-1 moai (G-5.2). */
	size: number;
	at: number;
	weight: number;
}

export interface Placement {
	hex: number;
	figure: Figure;
	logs: number;
}

export interface Assignment {
	statue: string;
	ahu: string;
	value: number;
}

export interface Plan {
	assignments: Assignment[];
	/** In the order to place them: the pairs by value, each pair's ahu hex first. */
	placements: Placement[];
	value: number;
	left: Resources;
}

/** Figures and logs on each hex (by hex index) as the seat's carrying sees them (G-5.2, G-5.3). */
export interface BoardView {
	ownOnes: number[];
	ownChief: number[];
	logs: number[];
	/** Other seats' workers and medicine men. */
	foreignOnes: number[];
	/** Other seats' chiefs. */
	foreignChiefs: number[];
}

/**
 * An ahu the seat could erect on — empty, and unreserved or reserved by the seat (G-5.4) — or crown:
 * its own erected, uncrowned moai (G-5.5; the headdress value goes to the ahu's owner, G-6.2).
 */
export interface Target {
	ahu: string;
	kind: 'moai' | 'headdress';
	hex: number;
	moaiValue: number;
	headdressValue: number;
	/** Reserved by the seat: erecting there uses the reservation, not a pedestal from behind. */
	reserved: boolean;
	/** Scales the value: below 1 when other seats stand ready to erect there first. */
	weight: number;
}

/** Added to every erection's points: each pedestal filled brings the end of G-6.1 closer. */
export const PEDESTAL_BONUS = 5;
/** The price of one point another seat earns by lending (G-5.3), in placements. */
const BORROW = 0.35;
/** A log used up on the board (G-5.9) is gone: a small price, in placements. */
const LOG = 0.1;

export function boardView(s: Readable, seat: Seat): BoardView {
	const n = HEXES.length;
	const b: BoardView = { ownOnes: Array(n).fill(0), ownChief: Array(n).fill(0), logs: Array(n).fill(0), foreignOnes: Array(n).fill(0), foreignChiefs: Array(n).fill(0) };
	for (const [hex, hc] of Object.entries(s.board)) {
		const i = HEX_INDEX.get(hex);
		if (i === undefined) continue;
		b.logs[i] = hc.logs;
		for (let x = 0; x < hc.workers.length; x++) {
			if (x === seat) {
				b.ownOnes[i] += hc.workers[x] + hc.medicineMen[x];
				b.ownChief[i] += hc.chiefs[x];
			} else {
				b.foreignOnes[i] += hc.workers[x] + hc.medicineMen[x];
				b.foreignChiefs[i] += hc.chiefs[x];
			}
		}
	}
	return b;
}

export function copyBoard(b: BoardView): BoardView {
	return { ownOnes: b.ownOnes.slice(), ownChief: b.ownChief.slice(), logs: b.logs.slice(), foreignOnes: b.foreignOnes.slice(), foreignChiefs: b.foreignChiefs.slice() };
}

/** An unreserved ahu that as many other seats stand ready to take as its hex has free ahus. */
const CONTESTED = 0.35;

/**
 * The ahus the seat could erect on, and those of its erected moai it could crown. An unreserved
 * ahu is contested when at least as many other seats as the hex has free ahus have a figure on the
 * hex (G-5.4) and a moai they may move (G-5.1, G-5.8): they may well erect there first.
 */
export function targetsFor(s: Readable, seat: Seat): Target[] {
	const n = s.players.length;
	const hasMoai = Array(n).fill(false);
	let abandoned = false;
	for (const st of s.statues) {
		if (st.kind !== 'moai') continue;
		if (st.loc.kind === 'front') hasMoai[st.loc.seat] = true;
		else if (st.loc.kind === 'hex') {
			if (st.marker !== null) hasMoai[st.marker] = true;
			else if (st.abandoned) abandoned = true;
			else if (st.owner !== null) hasMoai[st.owner] = true;
		}
	}
	const free = new Map<string, number>();
	for (const a of AHUS) {
		const st = s.ahus[a.id];
		if (st.moai === null && st.pedestal === null) free.set(a.hex, (free.get(a.hex) ?? 0) + 1);
	}
	const rivals = (hex: string) => {
		const hc = s.board[hex];
		let k = 0;
		if (hc) for (let x = 0; x < n; x++) if (x !== seat && (hasMoai[x] || abandoned) && hc.workers[x] + hc.medicineMen[x] + hc.chiefs[x] > 0) k++;
		return k;
	};
	const out: Target[] = [];
	for (const a of AHUS) {
		const st = s.ahus[a.id];
		const hex = HEX_INDEX.get(a.hex)!;
		if (st.moai !== null) {
			if (st.pedestal === seat && st.crown === null)
				out.push({ ahu: a.id, kind: 'headdress', hex, moaiValue: a.moaiValue, headdressValue: a.headdressValue, reserved: false, weight: 1 });
			continue;
		}
		if (st.pedestal !== null && st.pedestal !== seat) continue;
		const reserved = st.pedestal === seat;
		const weight = !reserved && rivals(a.hex) >= free.get(a.hex)! ? CONTESTED : 1;
		out.push({ ahu: a.id, kind: 'moai', hex, moaiValue: a.moaiValue, headdressValue: a.headdressValue, reserved, weight });
	}
	return out;
}

export function resourcesOf(s: Readable, seat: Seat): Resources {
	const b = s.players[seat].behind;
	return { workers: b.workers, medicineMan: b.medicineMan, chief: b.chief, logs: b.logs, pedestals: b.pedestals };
}

const ownFigures = (b: BoardView, i: number) => b.ownOnes[i] + b.ownChief[i];
const ownValue = (b: BoardView, i: number) => b.ownOnes[i] + 3 * b.ownChief[i]; // G-5.2: a chief counts 3

/** G-5.2: the seat's own figures (at least one) and the logs beside them carry a moai of `size`. */
function ownCarries(b: BoardView, i: number, size: number): boolean {
	return ownFigures(b, i) > 0 && ownValue(b, i) + b.logs[i] >= size;
}

/** G-5.3: points the seat gives away to complete the carry with other seats' figures; Infinity if they cannot. */
function borrowPoints(b: BoardView, i: number, size: number): number {
	const deficit = ownFigures(b, i) > 0 ? size - ownValue(b, i) - b.logs[i] : Math.max(1, size - b.logs[i]);
	if (b.foreignOnes[i] >= deficit) return deficit;
	return b.foreignChiefs[i] > 0 ? size : Infinity;
}

/**
 * The next figure to place on hex i towards carrying `size`: a worker (else the medicine man) with
 * just enough logs, or the chief when no one-valued figure with at most 2 logs would do (G-4.1:
 * logs never go with the chief), or failing that a one-valued figure with all the logs it may take.
 */
function nextFigure(b: BoardView, i: number, size: number, r: Resources): Placement | null {
	const need = size - ownValue(b, i) - b.logs[i];
	const one: Figure | null = r.workers > 0 ? 'worker' : r.medicineMan ? 'medicineMan' : null;
	const maxLogs = Math.min(2, r.logs);
	if (one && need <= 1 + maxLogs) return { hex: i, figure: one, logs: Math.max(0, need - 1) };
	if (r.chief) return { hex: i, figure: 'chief', logs: 0 };
	if (one) return { hex: i, figure: one, logs: maxLogs };
	return null;
}

function put(b: BoardView, r: Resources, p: Placement): void {
	if (p.figure === 'chief') {
		r.chief = false;
		b.ownChief[p.hex]++;
	} else {
		if (p.figure === 'worker') r.workers--;
		else r.medicineMan = false;
		b.ownOnes[p.hex]++;
	}
	r.logs -= p.logs;
	b.logs[p.hex] += p.logs;
}

/**
 * Placements (with a little for logs) that make hex i carry `size` on the seat's own, placing as
 * `nextFigure` does (counted here without building anything: the search asks for every hex).
 */
function placementCost(b: BoardView, i: number, size: number, r: Resources): number {
	let figs = ownFigures(b, i);
	let value = ownValue(b, i);
	let logs = b.logs[i];
	let ones = r.workers + (r.medicineMan ? 1 : 0);
	let chief = r.chief;
	let spare = r.logs;
	let cost = 0;
	while (figs === 0 || value + logs < size) {
		const need = size - value - logs;
		const maxLogs = Math.min(2, spare);
		let k = 0;
		if (ones > 0 && need <= 1 + maxLogs) (k = Math.max(0, need - 1)), ones--, value++;
		else if (chief) (chief = false), (value += 3);
		else if (ones > 0) (k = maxLogs), ones--, value++;
		else return Infinity;
		figs++;
		logs += k;
		spare -= k;
		cost += 1 + LOG * k;
	}
	return cost;
}

/** The price of carrying `size` over hex i: the cheaper of placing figures and borrowing. */
function hexCost(b: BoardView, i: number, size: number, r: Resources): number {
	if (ownCarries(b, i, size)) return 0;
	return Math.min(placementCost(b, i, size, r), BORROW * borrowPoints(b, i, size));
}

/** The price of ending on hex i to erect: carried there, and a figure of the seat's own on it (G-5.4). */
function endCost(b: BoardView, i: number, size: number, r: Resources, moved: boolean): number {
	if (!moved) return ownFigures(b, i) > 0 ? 0 : r.workers > 0 || r.medicineMan || r.chief ? 1 : Infinity;
	return ownFigures(b, i) > 0 ? hexCost(b, i, size, r) : placementCost(b, i, size, r);
}

interface Tree {
	cost: Float64Array;
	prev: Int32Array;
	/** Each hex's own price in the search, to take it off again at the end of a path. */
	step: Float64Array;
}

/** Cheapest paths from hex `from` for a moai of `size` (G-5.2: no hex twice; the start needs no carriers). */
function search(b: BoardView, from: number, size: number, r: Resources): Tree {
	const n = HEXES.length;
	const cost = new Float64Array(n).fill(Infinity);
	const prev = new Int32Array(n).fill(-1);
	const step = new Float64Array(n);
	const done = new Uint8Array(n);
	for (let i = 0; i < n; i++) step[i] = hexCost(b, i, size, r);
	cost[from] = 0;
	for (;;) {
		let u = -1;
		for (let i = 0; i < n; i++) if (!done[i] && cost[i] < Infinity && (u < 0 || cost[i] < cost[u])) u = i;
		if (u < 0) break;
		done[u] = 1;
		for (const w of NEIGHBOR_INDEX[u]) {
			if (done[w] || step[w] === Infinity) continue;
			const c = cost[u] + step[w];
			if (c < cost[w]) {
				cost[w] = c;
				prev[w] = u;
			}
		}
	}
	return { cost, prev, step };
}

/**
 * Puts on the board what carrying `size` along `path` (hex indices after the start, the ahu's hex
 * last) needs: nothing where the seat's own carry, borrowing where that is cheaper than placing
 * (never on the last hex without a figure of the seat's own), figures otherwise. False if the
 * resources run out (the board and resources are then spoilt: the caller works on copies).
 */
function commit(b: BoardView, r: Resources, path: number[], size: number, out: Placement[]): boolean {
	for (let k = path.length - 1; k >= 0; k--) {
		const i = path[k];
		const last = k === path.length - 1;
		while (!ownCarries(b, i, size)) {
			const borrow = borrowPoints(b, i, size);
			if ((!last || ownFigures(b, i) > 0) && borrow < Infinity && BORROW * borrow <= placementCost(b, i, size, r)) break;
			const p = nextFigure(b, i, size, r);
			if (!p) return false;
			put(b, r, p);
			out.push(p);
		}
	}
	return true;
}

function pathTo(t: Tree, from: number, to: number): number[] {
	const out: number[] = [];
	for (let u = to; u !== from; u = t.prev[u]) out.push(u);
	return out.reverse();
}

const figuresLeft = (r: Resources) => r.workers + (r.medicineMan ? 1 : 0) + (r.chief ? 1 : 0);

/** The value of erecting a moai of `size` on an ahu (G-6.2 points, and the pedestal it fills). */
export const erectValue = (moaiValue: number, size: number) => moaiValue * size + PEDESTAL_BONUS;

/** What bringing the statue to the target is worth; 0 when it cannot (a moai crowns nothing). */
function worth(st: PlanStatue, t: Target): number {
	if (st.kind !== t.kind) return 0;
	return st.weight * t.weight * (t.kind === 'moai' ? erectValue(t.moaiValue, st.size) : t.headdressValue);
}

/**
 * The greedy plan for the statues over the targets with the resources, on a copy of the board.
 * A statue's `weight` scales its value (an abandoned moai someone else may take first, G-5.8).
 */
export function makePlan(board: BoardView, targets: readonly Target[], statues: readonly PlanStatue[], res: Resources): Plan {
	const b = copyBoard(board);
	const r = { ...res };
	const plan: Plan = { assignments: [], placements: [], value: 0, left: r };
	const open = statues.slice();
	const free = targets.slice();
	while (open.length > 0 && free.length > 0) {
		// Statues of one size on one hex share their paths: one search per (hex, size).
		const trees = new Map<number, Tree>();
		let best: { s: number; t: number; score: number; cost: number } | null = null;
		for (let si = 0; si < open.length; si++) {
			const st = open[si];
			const key = st.at * 4 + st.size;
			let tree = trees.get(key);
			if (!tree) trees.set(key, (tree = search(b, st.at, st.size, r)));
			for (let ti = 0; ti < free.length; ti++) {
				const t = free[ti];
				const value = worth(st, t);
				if (value === 0 || (t.kind === 'moai' && !t.reserved && r.pedestals === 0)) continue;
				const moved = t.hex !== st.at;
				if (moved && tree.cost[t.hex] === Infinity) continue;
				const cost = (moved ? tree.cost[t.hex] - tree.step[t.hex] : 0) + endCost(b, t.hex, st.size, r, moved);
				if (cost === Infinity || cost > figuresLeft(r) + 0.5) continue;
				const score = value / (cost + 1);
				if (!best || score > best.score) best = { s: si, t: ti, score, cost };
			}
		}
		if (!best) break;
		const st = open[best.s];
		const t = free[best.t];
		const tree = trees.get(st.at * 4 + st.size)!;
		const nb = copyBoard(b);
		const nr = { ...r };
		const placed: Placement[] = [];
		const path = t.hex === st.at ? [t.hex] : pathTo(tree, st.at, t.hex);
		// Not moved: only a figure of the seat's own is needed on the hex (G-5.4), no carrying.
		const ok = t.hex === st.at ? ownFigures(nb, t.hex) > 0 || commitOne(nb, nr, t.hex, placed) : commit(nb, nr, path, st.size, placed);
		open.splice(best.s, 1);
		if (!ok) continue; // this statue cannot make it after all; the others may
		free.splice(best.t, 1);
		Object.assign(b, nb);
		Object.assign(r, nr);
		if (t.kind === 'moai' && !t.reserved) r.pedestals--;
		const value = worth(st, t);
		plan.assignments.push({ statue: st.id, ahu: t.ahu, value });
		plan.placements.push(...placed);
		plan.value += value;
	}
	return plan;
}

function commitOne(b: BoardView, r: Resources, i: number, out: Placement[]): boolean {
	const figure: Figure | null = r.workers > 0 ? 'worker' : r.medicineMan ? 'medicineMan' : r.chief ? 'chief' : null;
	if (!figure) return false;
	const p = { hex: i, figure, logs: 0 };
	put(b, r, p);
	out.push(p);
	return true;
}
