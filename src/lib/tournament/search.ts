/**
 * The table search (docs/tournaments.md "Pairings"): players 0 … n−1 in pairing order (best first)
 * go to tables of given sizes, minimising the cost of cost.ts (repeats, then spread). Ties keep the
 * natural order: the search starts from the top-down fill and only moves to something strictly
 * better.
 *
 * Small fields (≤ EXACT_MAX players) are searched exhaustively by branch and bound from the local
 * search's answer, so their answer is provably the best; larger ones get the local search (swaps
 * between tables, then seeded kicks out of local minima) and, if repeats remain, a depth-first
 * search for fewer — deterministic, no clock, no Math.random.
 */
import { cmpCost, cost, fill, tableCost, type Cost, type SearchProblem } from './cost';
import { EXACT_MAX, exactSearch, fewerRepeats } from './exact';
import { seeded } from './random';

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
	const near = p.n <= 400 ? T : 16;

	const improve = () => {
		for (let pass = 0; pass < 50; pass++) {
			let improved = false;
			// (1) repeats: each player who met a table-mate before looks for the best swap — among the
			// nearby tables first in a large field (the tables are in points order, so a near swap
			// spreads points least, and scanning 10,000 players for each of hundreds of conflicts took
			// seconds), anywhere if none of those helps.
			for (let A = 0; A < T; A++) {
				if (rep[A] === 0) continue;
				for (const a of tables[A].slice()) {
					if (where[a] !== A || conflicts(a, A, -1) === 0) continue;
					let best: Cost | null = null;
					let bestB = -1;
					const scan = (from: number, to: number) => {
						for (let B = Math.max(0, from); B < Math.min(T, to); B++) {
							if (B === A) continue;
							for (const b of tables[B]) {
								const d = delta(a, b);
								if (d.repeats >= 0) continue;
								if (!best || cmpCost(d, best) < 0) (best = d), (bestB = b);
							}
						}
					};
					scan(A - near, A + near + 1);
					if (bestB < 0 && near < T) scan(0, T);
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
