/**
 * The table search (docs/tournaments.md "Pairings"): players 0 … n−1 in pairing order (best first)
 * go to tables of given sizes so as to minimise, lexicographically, (1) repeated meetings — each
 * pair at one table counts once per earlier meeting — and (2) the spread of points within tables
 * (the sum over tables of max − min). Ties keep the natural order: the search starts from the
 * top-down fill and only moves to something strictly better.
 *
 * Small fields (≤ EXACT_MAX players) are searched exhaustively by branch and bound from the local
 * search's answer, so their answer is provably the best; larger ones get the local search alone
 * (swaps between tables, then seeded kicks out of local minima) — deterministic, no clock, no
 * Math.random.
 */
import { seeded } from './random';
import { cmpNum } from './standings';

export interface SearchProblem {
	n: number;
	/** table sizes, larger first; their sum is n */
	sizes: number[];
	/** how often players a and b met before (symmetric, 0 for a = b) */
	met: (a: number, b: number) => number;
	/** each player's points for the spread; all 0 where points do not count (a round robin) */
	points: number[];
}
export interface Cost {
	repeats: number;
	spread: number;
}
export const cmpCost = (a: Cost, b: Cost): number => a.repeats - b.repeats || cmpNum(a.spread, b.spread);

/** Up to this many players the search is exhaustive (12 players at 3 tables of 4: 5,775 partitions). */
export const EXACT_MAX = 16;
/** The branch and bound stops after this many nodes and keeps its best so far (16 players at 4 tables of 4 can need it). */
const EXACT_NODES = 400_000;

export function tableCost(p: SearchProblem, t: number[]): Cost {
	let repeats = 0;
	let lo = Infinity;
	let hi = -Infinity;
	for (let i = 0; i < t.length; i++) {
		for (let j = i + 1; j < t.length; j++) repeats += p.met(t[i], t[j]);
		lo = Math.min(lo, p.points[t[i]]);
		hi = Math.max(hi, p.points[t[i]]);
	}
	return { repeats, spread: t.length ? hi - lo : 0 };
}

export function cost(p: SearchProblem, tables: number[][]): Cost {
	let repeats = 0;
	let spread = 0;
	for (const t of tables) {
		const c = tableCost(p, t);
		repeats += c.repeats;
		spread += c.spread;
	}
	return { repeats, spread };
}

/** The top-down fill: the first sizes[0] players at the first table, and so on. */
export function fill(sizes: number[]): number[][] {
	let next = 0;
	return sizes.map((s) => Array.from({ length: s }, () => next++));
}

export function search(p: SearchProblem): number[][] {
	// A small field skips the kicks: the branch and bound settles it anyway.
	if (p.n <= EXACT_MAX) return exactSearch(p, localSearch(p, 0));
	const local = localSearch(p);
	const bound = cost(p, local).repeats;
	if (bound === 0) return local;
	// Swaps can stall one table short of a plan without repeats that a depth-first search finds in a
	// few hundred steps (20 players at tables of 4, round 4: 4 times in 20). Its plan is then polished
	// for spread by the same swaps.
	const fewer = fewerRepeats(p, bound);
	if (!fewer) return local;
	const polished = localSearch(p, 0, fewer);
	return cmpCost(cost(p, polished), cost(p, local)) < 0 ? polished : local;
}

/** Depth-first search steps for fewerRepeats: enough for a field of hundreds, a few milliseconds. */
const DFS_NODES = 100_000;

/**
 * A plan with fewer than `bound` repeats, by depth-first search in the natural order (the lowest
 * unseated player opens a table, table-mates in pairing order, a branch dropped as soon as it
 * reaches the bound), keeping the fewest found; null if none is found within the budget.
 */
export function fewerRepeats(p: SearchProblem, bound: number, nodeBudget = DFS_NODES): number[][] | null {
	const counts = new Map<number, number>();
	for (const s of p.sizes) counts.set(s, (counts.get(s) ?? 0) + 1);
	const distinct = [...counts.keys()].sort((a, b) => b - a);
	const used = new Uint8Array(p.n);
	const cur: number[][] = [];
	let best: number[][] | null = null;
	let limit = bound;
	let nodes = 0;
	let first = 0; // every player before it is seated
	const open = (repeats: number): void => {
		if (++nodes > nodeBudget || limit === 0) return;
		const saved = first;
		while (first < p.n && used[first]) first++;
		const i = first;
		if (i === p.n) {
			(best = cur.map((t) => t.slice())), (limit = repeats);
			first = saved;
			return;
		}
		for (const s of distinct) {
			if (!counts.get(s)) continue;
			counts.set(s, counts.get(s)! - 1);
			used[i] = 1;
			grow([i], s, repeats, i + 1);
			used[i] = 0;
			counts.set(s, counts.get(s)! + 1);
		}
		first = saved;
	};
	const grow = (members: number[], s: number, repeats: number, from: number): void => {
		if (members.length === s) {
			cur.push(members.slice());
			open(repeats);
			cur.pop();
			return;
		}
		for (let j = from; j < p.n && nodes <= nodeBudget && limit > 0; j++) {
			if (used[j]) continue;
			let r = repeats;
			for (const m of members) r += p.met(j, m);
			if (r >= limit) continue;
			used[j] = 1;
			members.push(j);
			grow(members, s, r, j + 1);
			members.pop();
			used[j] = 0;
		}
	};
	open(0);
	return best;
}

/** Swaps between tables while one lowers the cost; then kicks (forced swaps) while repeats remain. */
export function localSearch(p: SearchProblem, kickBudget = Math.min(200, Math.floor(40_000 / Math.max(1, p.n))), start?: number[][]): number[][] {
	const tables = start ? start.map((t) => t.slice()) : fill(p.sizes);
	const T = tables.length;
	const where = new Int32Array(p.n);
	tables.forEach((t, i) => t.forEach((x) => (where[x] = i)));
	const rep = tables.map((t) => tableCost(p, t).repeats);
	const spr = tables.map((t) => tableCost(p, t).spread);
	const pts = p.points;

	/** The spread of table A with `out` replaced by `inn`. */
	const spreadWith = (A: number, out: number, inn: number) => {
		let lo = pts[inn];
		let hi = pts[inn];
		for (const x of tables[A]) if (x !== out) (lo = Math.min(lo, pts[x])), (hi = Math.max(hi, pts[x]));
		return hi - lo;
	};
	/** Repeats a would bring into table A, leaving out `skip`. */
	const conflicts = (a: number, A: number, skip: number) => {
		let r = 0;
		for (const x of tables[A]) if (x !== skip && x !== a) r += p.met(a, x);
		return r;
	};
	const delta = (a: number, b: number): Cost => {
		const A = where[a];
		const B = where[b];
		const repeats = conflicts(b, A, a) - conflicts(a, A, a) + conflicts(a, B, b) - conflicts(b, B, b);
		return { repeats, spread: spreadWith(A, a, b) + spreadWith(B, b, a) - spr[A] - spr[B] };
	};
	const swap = (a: number, b: number) => {
		const A = where[a];
		const B = where[b];
		tables[A][tables[A].indexOf(a)] = b;
		tables[B][tables[B].indexOf(b)] = a;
		where[a] = B;
		where[b] = A;
		for (const X of [A, B]) {
			const c = tableCost(p, tables[X]);
			rep[X] = c.repeats;
			spr[X] = c.spread;
		}
	};
	const total = (): Cost => ({ repeats: rep.reduce((s, x) => s + x, 0), spread: spr.reduce((s, x) => s + x, 0) });
	const ZERO: Cost = { repeats: 0, spread: 0 };
	// Spread swaps look at nearby tables only in a large field: the tables are in points order, so a
	// far table's players differ most in points and a swap with them never narrows both tables.
	const window = p.n <= 64 ? T : 4;

	const improve = () => {
		for (let pass = 0; pass < 50; pass++) {
			let improved = false;
			// (1) repeats: each player who met a table-mate before looks for the best swap anywhere.
			for (let A = 0; A < T; A++) {
				if (rep[A] === 0) continue;
				for (const a of tables[A].slice()) {
					if (where[a] !== A || conflicts(a, A, -1) === 0) continue;
					let best: Cost | null = null;
					let bestB = -1;
					for (let b = 0; b < p.n; b++) {
						if (where[b] === A) continue;
						const d = delta(a, b);
						if (d.repeats >= 0) continue;
						if (!best || cmpCost(d, best) < 0) (best = d), (bestB = b);
					}
					if (bestB >= 0) swap(a, bestB), (improved = true);
				}
			}
			// (2) spread, without adding repeats: the best swap between each pair of nearby tables.
			for (let A = 0; A < T; A++) {
				for (let B = A + 1; B < Math.min(T, A + 1 + window); B++) {
					let best: Cost = ZERO;
					let pair: [number, number] | null = null;
					for (const a of tables[A])
						for (const b of tables[B]) {
							const d = delta(a, b);
							if (cmpCost(d, best) < 0) (best = d), (pair = [a, b]);
						}
					if (pair) swap(pair[0], pair[1]), (improved = true);
				}
			}
			if (!improved) return;
		}
	};

	improve();
	let bestCost = total();
	let best = tables.map((t) => t.slice());
	// Kicks: a field whose swaps stall with repeats left (a middle-sized field late in a Swiss) may
	// still have a repeat-free table plan two swaps away. Fewer kicks for larger fields (the default
	// budget), where repeats rarely survive the swaps and a kick costs more.
	const kicks = kickBudget;
	const random = seeded(p.n * 7919 + T);
	for (let k = 0; k < kicks && bestCost.repeats > 0 && T > 1; k++) {
		const conflicted = tables.flatMap((t, A) => t.filter((a) => conflicts(a, A, -1) > 0));
		if (!conflicted.length) break;
		const a = conflicted[Math.floor(random() * conflicted.length)];
		let b = Math.floor(random() * p.n);
		if (where[b] === where[a]) b = tables[(where[a] + 1) % T][0];
		swap(a, b);
		improve();
		const c = total();
		if (cmpCost(c, bestCost) < 0) (bestCost = c), (best = tables.map((t) => t.slice()));
	}
	return best;
}

/**
 * Branch and bound over every partition of the field into the given sizes, in the natural order
 * (the lowest unseated player opens the next table, its table-mates chosen in pairing order), so
 * that among equally good plans the first in that order wins. Starts from `incumbent` as the bound.
 */
export function exactSearch(p: SearchProblem, incumbent: number[][], nodeBudget = EXACT_NODES): number[][] {
	const counts = new Map<number, number>();
	for (const s of p.sizes) counts.set(s, (counts.get(s) ?? 0) + 1);
	const distinct = [...counts.keys()].sort((a, b) => b - a);
	const used = new Uint8Array(p.n);
	const cur: number[][] = [];
	let best = incumbent.map((t) => t.slice());
	let bestCost = cost(p, incumbent);
	let found = false; // a plan found in the natural order: an equal one later is not better
	let nodes = 0;
	const pts = p.points;
	const over = (c: Cost) => {
		const d = cmpCost(c, bestCost);
		return d > 0 || (d === 0 && found);
	};

	const open = (repeats: number, spread: number): void => {
		if (++nodes > nodeBudget) return;
		let i = 0;
		while (i < p.n && used[i]) i++;
		if (i === p.n) {
			const c = { repeats, spread };
			if (!over(c)) (best = cur.map((t) => t.slice())), (bestCost = c), (found = true);
			return;
		}
		for (const s of distinct) {
			if (!counts.get(s)) continue;
			counts.set(s, counts.get(s)! - 1);
			used[i] = 1;
			grow([i], s, repeats, spread, pts[i], pts[i], i + 1);
			used[i] = 0;
			counts.set(s, counts.get(s)! + 1);
		}
	};
	const grow = (members: number[], s: number, repeats: number, spread: number, lo: number, hi: number, from: number): void => {
		if (members.length === s) {
			cur.push(members.slice());
			open(repeats, spread + hi - lo);
			cur.pop();
			return;
		}
		for (let j = from; j < p.n && nodes <= nodeBudget; j++) {
			if (used[j]) continue;
			let r = repeats;
			for (const m of members) r += p.met(j, m);
			const nlo = Math.min(lo, pts[j]);
			const nhi = Math.max(hi, pts[j]);
			if (over({ repeats: r, spread: spread + nhi - nlo })) continue;
			used[j] = 1;
			members.push(j);
			grow(members, s, r, spread, nlo, nhi, j + 1);
			members.pop();
			used[j] = 0;
		}
	};
	open(0, 0);
	return best;
}
