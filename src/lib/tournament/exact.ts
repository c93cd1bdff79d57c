/**
 * Depth-first searches over table plans in the natural order — the lowest unseated player opens the
 * next table, its table-mates chosen in pairing order — so that among equally good plans the first
 * in that order (the closest to the top-down fill) wins.
 */
import { cmpCost, cost, type Cost, type SearchProblem } from './cost';

/** Up to this many players the search is exhaustive (12 players at 3 tables of 4: 5,775 partitions). */
export const EXACT_MAX = 16;
/** The branch and bound stops after this many nodes and keeps its best so far (16 players at 4 tables of 4 can need it). */
const EXACT_NODES = 400_000;

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
