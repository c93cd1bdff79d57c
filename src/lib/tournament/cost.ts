/**
 * What the table search minimises (docs/tournaments.md "Pairings"), lexicographically: (1) repeated
 * meetings — each pair at one table counts once per earlier meeting — then (2) the spread of points
 * within tables (the sum over tables of max − min).
 */
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
