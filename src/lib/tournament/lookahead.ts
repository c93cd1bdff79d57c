/**
 * Tables of 2 in a small field: a round chosen only for today can leave a field in which no later
 * round is free of repeats — after five rounds of 8 players the pairs not yet played may form a
 * triangle and a five-cycle, which no round can pair. (FIDE's Swiss rules know this as the
 * "completion" criterion.) So a small field of pairs prefers, among today's repeat-free rounds in
 * order of spread, the first one after which the rounds still possible without a repeat can all be
 * played: every player has as many unplayed opponents left as the field allows.
 */
import type { SearchProblem } from './cost';
import { cmpNum } from './standings';

/** Up to this many players (pairs only) the repeat-free rounds are enumerated and checked ahead. */
export const LOOKAHEAD_MAX = 12;
const CHECK_NODES = 20_000;
const TOTAL_NODES = 400_000;
/** 11!! = 10,395: every round of 12 players. */
const CANDIDATES = 10_395;

/**
 * An odd field's bye as a player: the last index of the problem is a phantom whose table-mate gets
 * the bye. Its `met` is 1 with everybody who may not get the bye now (who has had more byes than
 * the fewest), so a repeat-free round never gives anyone a second bye early; `rank` orders the
 * others (lowest standing first), and only the look-ahead's need overrules it.
 */
export interface Bye {
	rank: (player: number) => number;
}

/** Bitmask adjacency of the pairs not yet played (n ≤ 30). */
function unplayed(p: SearchProblem): number[] {
	const adj = Array(p.n).fill(0);
	for (let a = 0; a < p.n; a++) for (let b = 0; b < p.n; b++) if (a !== b && p.met(a, b) === 0) adj[a] |= 1 << b;
	return adj;
}

/**
 * Every repeat-free round (a perfect matching of unplayed pairs), best first: with a bye among them,
 * the bye's rank first; then spread, then natural order.
 */
function rounds(p: SearchProblem, adj: number[], bye?: Bye): number[][][] {
	const out: { tables: number[][]; rank: number; spread: number; i: number }[] = [];
	const cur: number[][] = [];
	const phantom = bye ? p.n - 1 : -1;
	const go = (free: number, spread: number) => {
		if (out.length >= CANDIDATES) return;
		if (free === 0) {
			const pair = cur.find((t) => t[1] === phantom);
			return void out.push({ tables: cur.map((t) => t.slice()), rank: pair && bye ? bye.rank(pair[0]) : 0, spread, i: out.length });
		}
		const a = 31 - Math.clz32(free & -free);
		let options = adj[a] & free & ~(1 << a);
		while (options) {
			const b = 31 - Math.clz32(options & -options);
			options &= options - 1;
			cur.push([a, b]);
			go(free & ~(1 << a) & ~(1 << b), spread + (b === phantom ? 0 : Math.abs(p.points[a] - p.points[b])));
			cur.pop();
		}
	};
	go((1 << p.n) - 1, 0);
	return out.sort((x, y) => x.rank - y.rank || cmpNum(x.spread, y.spread) || x.i - y.i).map((x) => x.tables);
}

/** Whether `k` more disjoint rounds of unplayed pairs exist; null when the check ran out of nodes. */
export function canPlay(adj: number[], n: number, k: number, budget = CHECK_NODES, spent = { nodes: 0 }): boolean | null {
	let nodes = 0;
	const all = (1 << n) - 1;
	const g = adj.slice();
	const rounds = (left: number): boolean | null => {
		if (left === 0) return true;
		const match = (free: number): boolean | null => {
			if (++nodes > budget) return null;
			if (free === 0) return rounds(left - 1);
			const a = 31 - Math.clz32(free & -free);
			let options = g[a] & free;
			while (options) {
				const b = 31 - Math.clz32(options & -options);
				options &= options - 1;
				g[a] &= ~(1 << b);
				g[b] &= ~(1 << a);
				const r = match(free & ~(1 << a) & ~(1 << b));
				g[a] |= 1 << b;
				g[b] |= 1 << a;
				if (r !== false) return r;
			}
			return false;
		};
		return match(all);
	};
	const r = rounds(k);
	spent.nodes = nodes;
	return r;
}

/**
 * The first repeat-free round (best spread first) after which the field can still play as many
 * repeat-free rounds as its fewest unplayed opponents allow — or, if no round keeps that many, one
 * fewer, and so on. Null if the field is too large or not all pairs, or no round is free of repeats
 * (the caller keeps its own answer then). The checks share one budget of nodes, so a field whose
 * future cannot be settled quickly gets the first repeat-free round in spread order.
 */
export function lookahead(p: SearchProblem, bye?: Bye): number[][] | null {
	if (p.n < 2 || p.n > LOOKAHEAD_MAX || p.n % 2 || p.sizes.some((s) => s !== 2)) return null;
	const adj = unplayed(p);
	const candidates = rounds(p, adj, bye);
	if (!candidates.length) return null;
	// After a repeat-free round every player has one unplayed opponent fewer.
	let budget = TOTAL_NODES;
	for (let k = Math.min(...adj.map((m) => popcount(m))) - 1; k > 0; k--) {
		for (const r of candidates) {
			const after = adj.slice();
			for (const [a, b] of r) (after[a] &= ~(1 << b)), (after[b] &= ~(1 << a));
			const spent = { nodes: 0 };
			const ok = canPlay(after, p.n, k, Math.min(CHECK_NODES, budget), spent);
			budget -= spent.nodes;
			if (ok !== false || budget <= 0) return r;
		}
	}
	return candidates[0];
}

function popcount(x: number): number {
	let c = 0;
	for (; x; x &= x - 1) c++;
	return c;
}
