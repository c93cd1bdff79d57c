/**
 * Carrying statues (G-5.2, G-5.3): which hexes can carry a statue for a mover, which foreign figures
 * the mover must borrow, and the cheapest paths. Pure functions over the public state, so the
 * browser can run them on a seat's own view to highlight legal hexes.
 *
 * Figures and logs do not move during phase 4, so the carrying capacity of a hex is fixed for the
 * whole phase; a path's cost is the sum of its hexes' costs and a shortest-path search is exact.
 */
import { AHUS_AT, HEADDRESS_QUARRY, HEXES, HEX_INDEX, MOAI_QUARRY, NEIGHBOR_INDEX } from './board';
import type { Borrow, HexContent, HexId, Lending, Readable, Seat, Statue } from './types';

/** How one hex carries a statue of `size` for `mover` (G-5.2/5.3). */
export interface CarryInfo {
	canCarry: boolean;
	/** Own figures and the logs suffice: nobody else earns anything. */
	own: boolean;
	/** How many one-valued foreign figures complete the carry with none to spare (0 when own). */
	deficit: number;
	/** Foreign one-valued figures (workers and medicine men) on the hex, by seat. */
	foreignOnes: number[];
	/** Seats whose chief stands on the hex (each alone completes any carry). */
	foreignChiefs: Seat[];
	/** Fewest points the mover must give away on this hex. */
	minCost: number;
}

const NONE: CarryInfo = { canCarry: false, own: false, deficit: 0, foreignOnes: [], foreignChiefs: [], minCost: 0 };

export function carryInfo(hc: HexContent | undefined, mover: Seat, size: number): CarryInfo {
	if (!hc) return NONE;
	const ownOnes = hc.workers[mover] + hc.medicineMen[mover];
	const ownFigs = ownOnes + hc.chiefs[mover];
	const ownValue = ownOnes + 3 * hc.chiefs[mover]; // G-5.2: a chief counts 3
	// G-5.2: a log counts as a worker, but only beside at least one figure used on that hex.
	if (ownFigs >= 1 && ownValue + hc.logs >= size)
		return { canCarry: true, own: true, deficit: 0, foreignOnes: [], foreignChiefs: [], minCost: 0 };
	const deficit = ownFigs >= 1 ? size - ownValue - hc.logs : Math.max(1, size - hc.logs);
	const foreignOnes: number[] = [];
	const foreignChiefs: Seat[] = [];
	let ones = 0;
	for (let s = 0; s < hc.workers.length; s++) {
		const f = s === mover ? 0 : hc.workers[s] + hc.medicineMen[s];
		foreignOnes.push(f);
		ones += f;
		if (s !== mover && hc.chiefs[s] > 0) foreignChiefs.push(s);
	}
	const byOnes = ones >= deficit;
	const byChief = foreignChiefs.length > 0;
	if (!byOnes && !byChief) return { ...NONE, deficit, foreignOnes, foreignChiefs };
	// G-5.3: each foreign worker earns 1, a foreign chief earns the statue's size; the deficit is
	// never above the size, so borrowing workers is never dearer than borrowing a chief.
	const minCost = byOnes ? deficit : size;
	return { canCarry: true, own: false, deficit, foreignOnes, foreignChiefs, minCost };
}

/** The hex a statue starts its movement from (G-5.1: statues in front start at their quarry). */
export function startHex(st: Statue): HexId | null {
	if (st.loc.kind === 'hex') return st.loc.hex;
	if (st.loc.kind === 'front') return st.kind === 'moai' ? MOAI_QUARRY : HEADDRESS_QUARRY;
	return null;
}

/**
 * The lending a borrow choice gives on one hex, or an error code if the choice is not one of the
 * sets "that complete the carry with no figure to spare" (G-5.3). With no choice given, the default
 * is the cheapest set, taking workers clockwise from the mover.
 */
export function lendingOn(
	hex: HexId,
	info: CarryInfo,
	mover: Seat,
	size: number,
	choice: Borrow | undefined
): Lending[] | string {
	if (!info.canCarry) return 'CANNOT_CARRY';
	if (info.own) return choice ? 'BORROW_NOT_NEEDED' : [];
	if (!choice) {
		const onesCover = info.foreignOnes.reduce((a, b) => a + b, 0) >= info.deficit;
		if (!onesCover) {
			return [{ hex, seat: info.foreignChiefs[0], figure: 'chief', count: 1, points: size }];
		}
		const out: Lending[] = [];
		let need = info.deficit;
		const n = info.foreignOnes.length;
		for (let k = 1; k < n && need > 0; k++) {
			const s = (mover + k) % n;
			const take = Math.min(need, info.foreignOnes[s]);
			if (take > 0) out.push({ hex, seat: s, figure: 'worker', count: take, points: take });
			need -= take;
		}
		return out;
	}
	if ('chief' in choice) {
		if (!info.foreignChiefs.includes(choice.chief)) return 'NO_SUCH_CARRIER';
		return [{ hex, seat: choice.chief, figure: 'chief', count: 1, points: size }];
	}
	if (choice.figures.length !== info.deficit) return 'CARRIERS_NOT_MINIMAL';
	const counts = new Map<Seat, number>();
	for (const s of choice.figures) counts.set(s, (counts.get(s) ?? 0) + 1);
	const out: Lending[] = [];
	for (const [s, c] of [...counts].sort((a, b) => a[0] - b[0])) {
		if (s === mover || s >= info.foreignOnes.length || info.foreignOnes[s] < c) return 'NO_SUCH_CARRIER';
		out.push({ hex, seat: s, figure: 'worker', count: c, points: c });
	}
	return out;
}

/** Per-hex carry info for one statue size and mover, indexed like HEXES. */
export function carryTable(state: Readable, mover: Seat, size: number): CarryInfo[] {
	return HEXES.map((h) => carryInfo(state.board[h.id], mover, size));
}

export interface PathTree {
	start: number;
	/** Per hex: 0 when unreachable, else 1 + cost × 64 + length of its cheapest path. */
	key: Int32Array;
	prev: Int32Array;
}

export function reachable(tree: PathTree, i: number): boolean {
	return tree.key[i] !== 0;
}

/** Points given away along the cheapest path to hex `i` (reachable hexes only). */
export function pathCost(tree: PathTree, i: number): number {
	return (tree.key[i] - 1) >> 6;
}

/**
 * Cheapest simple paths from the start hex over carrying hexes: Dijkstra on the key
 * cost × 64 + length (cheapest, then fewest hexes). The open list is scanned linearly: it holds a
 * handful of hexes, and that beats a heap or bucket queue on a 34-hex board. Keys grow along every
 * edge, so no hex repeats on a path.
 */
export function cheapestPaths(table: CarryInfo[], start: HexId): PathTree {
	const n = table.length;
	const s = HEX_INDEX.get(start)!;
	// Most statues lying about cannot move at all: share one read-only tree per start hex.
	if (!NEIGHBOR_INDEX[s].some((w) => table[w].canCarry)) return (STAY[s] ??= stayTree(n, s));
	const key = new Int32Array(n);
	const prev = new Int32Array(n);
	const done = new Uint8Array(n);
	key[s] = 1;
	prev[s] = -1;
	const open = [s];
	while (open.length > 0) {
		let best = 0;
		for (let i = 1; i < open.length; i++) if (key[open[i]] < key[open[best]]) best = i;
		const u = open[best];
		open[best] = open[open.length - 1];
		open.pop();
		done[u] = 1;
		for (const w of NEIGHBOR_INDEX[u]) {
			if (w === s || done[w] || !table[w].canCarry) continue;
			const kw = key[u] + table[w].minCost * 64 + 1;
			if (key[w] === 0) open.push(w);
			else if (kw >= key[w]) continue;
			key[w] = kw;
			prev[w] = u;
		}
	}
	return { start: s, key, prev };
}

const STAY: PathTree[] = [];

function stayTree(n: number, s: number): PathTree {
	const key = new Int32Array(n);
	const prev = new Int32Array(n);
	key[s] = 1;
	prev[s] = -1;
	return { start: s, key, prev };
}

export function pathTo(tree: PathTree, target: number): HexId[] {
	const out: HexId[] = [];
	for (let u = target; u !== tree.start; u = tree.prev[u]) out.push(HEXES[u].id);
	return out.reverse();
}

/** Whether a statue at `start` can move at least one hex for `mover`. */
export function canMoveAtAll(table: CarryInfo[], start: HexId): boolean {
	return NEIGHBOR_INDEX[HEX_INDEX.get(start)!].some((w) => table[w].canCarry);
}

/** Whether the mover has a figure of their colour on the hex (G-5.4, G-5.5). */
export function hasOwnFigure(state: Readable, seat: Seat, hex: HexId): boolean {
	const hc = state.board[hex];
	return !!hc && hc.workers[seat] + hc.medicineMen[seat] + hc.chiefs[seat] > 0;
}

/** Ahus at `hex` where the mover could erect this moai now (G-5.4). */
export function erectTargets(state: Readable, seat: Seat, hex: HexId): string[] {
	const ahus = AHUS_AT.get(hex);
	if (!ahus || !hasOwnFigure(state, seat, hex)) return [];
	const p = state.players[seat];
	const out: string[] = [];
	for (const a of ahus) {
		const st = state.ahus[a.id];
		if (st.moai !== null) continue;
		if (st.pedestal === seat || (st.pedestal === null && p.behind.pedestals > 0)) out.push(a.id);
	}
	return out;
}

/** Ahus at `hex` with an erected, uncrowned moai the mover could crown now (G-5.5). */
export function crownTargets(state: Readable, seat: Seat, hex: HexId): string[] {
	const ahus = AHUS_AT.get(hex);
	if (!ahus || !hasOwnFigure(state, seat, hex)) return [];
	return ahus.filter((a) => state.ahus[a.id].moai !== null && state.ahus[a.id].crown === null).map((a) => a.id);
}
