// Who may sit together (issue 35): the pure rules of group.ts.
import { describe, expect, it } from 'vitest';
import { compatible, groupWith, groupsOf, type Candidate } from './group';

const c = (userId: string, rating: number, createdAt: number, minRating: number | null = null, maxRating: number | null = null): Candidate => ({
	userId,
	rating,
	createdAt,
	minRating,
	maxRating
});

describe('compatible', () => {
	it('each rating within the other\'s range, bounds included, a null bound open', () => {
		expect(compatible(c('a', 1000, 0), c('b', 1500, 1))).toBe(true);
		expect(compatible(c('a', 1000, 0, 1100), c('b', 1050, 1))).toBe(false);
		expect(compatible(c('a', 1000, 0, 1050), c('b', 1050, 1))).toBe(true);
		expect(compatible(c('a', 1000, 0, null, 1200), c('b', 1300, 1))).toBe(false);
		// Both ways: b fits a's range, but a does not fit b's.
		expect(compatible(c('a', 1000, 0, 900, 1100), c('b', 1050, 1, 1020))).toBe(false);
		expect(compatible(c('b', 1050, 1, 1020), c('a', 1000, 0, 900, 1100))).toBe(false);
	});
});

describe('groupWith', () => {
	it('the anchor and the oldest who fit everyone taken, in the order of asking', () => {
		const waiting = [c('late', 1000, 30), c('old', 1000, 10), c('picky', 1000, 5, 1200), c('mid', 1000, 20)];
		expect(groupWith(c('new', 1000, 40), waiting, 3)!.map((x) => x.userId)).toEqual(['old', 'mid', 'new']);
		expect(groupWith(c('new', 1000, 40), waiting, 6)).toBeNull();
	});

	it('a candidate must fit every member, not only the anchor', () => {
		const waiting = [c('x', 1300, 1, null, 1400), c('y', 1000, 2, 900, 1200), c('z', 1250, 3)];
		// anchor 1200 fits x and y, but x (1300) is outside y's range: y is skipped, z taken.
		expect(groupWith(c('a', 1200, 9), waiting, 3)!.map((g) => g.userId)).toEqual(['x', 'z', 'a']);
	});
});

describe('groupsOf', () => {
	it('disjoint groups, the oldest first; who fits nobody waits', () => {
		const reqs = [c('a', 1000, 1), c('b', 1000, 2, 2000), c('c', 1000, 3), c('d', 1000, 4), c('e', 1000, 5)];
		const gs = groupsOf(reqs, 2).map((g) => g.map((x) => x.userId));
		expect(gs).toEqual([
			['a', 'c'],
			['d', 'e']
		]);
		const seen = gs.flat();
		expect(new Set(seen).size).toBe(seen.length);
	});
});
