import { describe, expect, it } from 'vitest';
import { BYE_POINTS, pointsFor, standings } from './standings';
import type { TableResult, TournamentPlayer } from './types';

const field = (n: number): TournamentPlayer[] => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, order: i, rating: null, withdrawn: false }));

describe('points from a table’s ranks (docs/tournaments.md "Standings and tie-breaks")', () => {
	it('a full table of 4 gives 3, 2, 1, 0', () => {
		expect([1, 2, 3, 4].map((k) => pointsFor(k, [1, 2, 3, 4], 4))).toEqual([3, 2, 1, 0]);
	});

	it('a table of 3 in a tournament of 4 gives 3, 1.5, 0; a table of 2 gives 3, 0', () => {
		expect([1, 2, 3].map((k) => pointsFor(k, [1, 2, 3], 4))).toEqual([3, 1.5, 0]);
		expect([1, 2].map((k) => pointsFor(k, [2, 1], 4))).toEqual([3, 0]);
	});

	it('shared places split the positions’ points exactly: [1,1,3,4] → 2.5, 2.5, 1, 0', () => {
		const places = [1, 1, 3, 4];
		expect(places.map((k) => pointsFor(k, places, 4))).toEqual([2.5, 2.5, 1, 0]);
		// The same ranks written densely mean the same.
		expect([1, 1, 2, 3].map((k) => pointsFor(k, [1, 1, 2, 3], 4))).toEqual([2.5, 2.5, 1, 0]);
		// Three sharing second: (2 + 1 + 0) / 3 each.
		expect(pointsFor(2, [1, 2, 2, 2], 4)).toBe(1);
		// Everybody shares: the table's mean, like a bye.
		expect(pointsFor(1, [1, 1, 1, 1], 4)).toBe(BYE_POINTS(4));
	});

	it('a table’s points always add up to the same sum, shared or not, for any size of table', () => {
		for (const S of [2, 3, 4, 5])
			for (let n = 2; n <= S; n++)
				for (const places of [Array.from({ length: n }, (_, i) => i + 1), Array(n).fill(1), [1, ...Array(n - 1).fill(2)]]) {
					const sum = places.reduce((s, k) => s + pointsFor(k, places, S), 0);
					expect(sum).toBeCloseTo((n * (S - 1)) / 2, 9);
				}
	});

	it('a seat without a place earns nothing, nor does a table of one', () => {
		expect(pointsFor(1, [1, null, 2, 3], 4)).toBe(3);
		expect(pointsFor(NaN, [1, 2], 4)).toBe(0);
		expect(pointsFor(1, [1], 4)).toBe(0);
	});

	it('a bye earns the mean of a full table: (S−1)/2', () => {
		expect(BYE_POINTS(4)).toBe(1.5);
		expect(BYE_POINTS(2)).toBe(0.5);
		expect(BYE_POINTS(5)).toBe(2);
	});
});

describe('standings', () => {
	it('orders by points, then Buchholz, then firsts; equal in all three share a place (1, 1, 3)', () => {
		// Round 1: p0 beats p1, p2 beats p3 (tables of 2: 1 point for a win).
		// Round 2: p0 beats p2, p1 beats p3 — p0: 2, p1: 1, p2: 1, p3: 0.
		const results: TableResult[] = [
			{ round: 1, players: ['p0', 'p1'], places: [1, 2] },
			{ round: 1, players: ['p2', 'p3'], places: [1, 2] },
			{ round: 2, players: ['p0', 'p2'], places: [1, 2] },
			{ round: 2, players: ['p3', 'p1'], places: [2, 1] }
		];
		const s = standings(field(4), results, [], 2, 2);
		expect(s.map((x) => [x.player, x.place, x.points, x.buchholz, x.firsts, x.games])).toEqual([
			['p0', 1, 2, 2, 2, 2], // opponents p1 (1) + p2 (1)
			['p1', 2, 1, 2, 1, 2], // p0 (2) + p3 (0) — equal to p2 in points, Buchholz and firsts
			['p2', 2, 1, 2, 1, 2], // p3 (0) + p0 (2)
			['p3', 4, 0, 2, 0, 2]
		]);
		expect(s[0].perRound).toEqual([1, 1]);
	});

	it('Buchholz counts a table-mate once per meeting; a bye adds nothing but its points', () => {
		const results: TableResult[] = [
			{ round: 1, players: ['p0', 'p1', 'p2'], places: [1, 2, 3] },
			{ round: 2, players: ['p1', 'p0', 'p2'], places: [1, 2, 3] }
		];
		const s = standings(field(4), results, [{ round: 1, player: 'p3' }, { round: 2, player: 'p3' }], 3, 2);
		const by = Object.fromEntries(s.map((x) => [x.player, x]));
		// Tables of 3 in a tournament of 3: 2, 1, 0; a bye: 1.
		expect([by.p0.points, by.p1.points, by.p2.points, by.p3.points]).toEqual([3, 3, 0, 2]);
		expect(by.p0.buchholz).toBe(3 + 0 + 3 + 0); // p1 and p2, twice each
		expect(by.p3.buchholz).toBe(0);
		expect(by.p3.byes).toBe(2);
		expect(by.p3.games).toBe(0);
		expect(by.p3.perRound).toEqual([1, 1]);
		// p0 and p1: equal points and Buchholz, one first each — shared first place.
		expect([by.p0.place, by.p1.place, by.p3.place, by.p2.place]).toEqual([1, 1, 3, 4]);
	});

	it('firsts break a tie in points and Buchholz, shared firsts included', () => {
		// Round 1 at one table of 4: p0 and p1 share first (2.5 each), p2 third (1), p3 last (0).
		// Round 2: p2 and p3 share first, p0 and p1 share last.
		const results: TableResult[] = [
			{ round: 1, players: ['p0', 'p1', 'p2', 'p3'], places: [1, 1, 3, 4] },
			{ round: 2, players: ['p2', 'p3', 'p0', 'p1'], places: [1, 1, 3, 3] }
		];
		const s = standings(field(4), results, [], 4, 2);
		const by = Object.fromEntries(s.map((x) => [x.player, x]));
		expect(by.p0.points).toBe(3); // 2.5 + 0.5
		expect(by.p2.points).toBe(3.5); // 1 + 2.5
		expect(by.p3.points).toBe(2.5); // 0 + 2.5
		expect(by.p0.firsts).toBe(1);
		expect(by.p2.firsts).toBe(1);
		expect(s.map((x) => x.player)).toEqual(['p2', 'p0', 'p1', 'p3']);
		expect(s.map((x) => x.place)).toEqual([1, 2, 2, 4]);
	});

	it('withdrawn players keep what they scored and say so; a missing place is a game not played', () => {
		const players = field(3);
		players[1].withdrawn = true;
		const results: TableResult[] = [
			{ round: 1, players: ['p0', 'p1', 'p2'], places: [3, 1, 2] },
			{ round: 2, players: ['p0', 'p2'], places: [1, null] }
		];
		const s = standings(players, results, [], 3, 3);
		const by = Object.fromEntries(s.map((x) => [x.player, x]));
		expect(by.p1).toMatchObject({ points: 2, withdrawn: true, games: 1, place: 1 });
		expect(by.p2.perRound).toEqual([1, null, null]);
		// p0's round-2 table had one decided seat: a table of 2 → 2 points for the first place.
		expect(by.p0.perRound).toEqual([0, 2, null]);
		expect(by.p0.games).toBe(2);
		expect(by.p2.games).toBe(1);
	});

	it('ignores unknown ids and rounds that are no rounds; lists later rounds than asked', () => {
		const results: TableResult[] = [
			{ round: 0, players: ['p0', 'p1'], places: [1, 2] },
			{ round: 3, players: ['p0', 'ghost'], places: [2, 1] }
		];
		const s = standings(field(2), results, [{ round: 1.5, player: 'p1' }], 2, 1);
		expect(s.find((x) => x.player === 'p0')).toMatchObject({ points: 0, games: 1, perRound: [null, null, 0], buchholz: 0 });
		expect(s.find((x) => x.player === 'p1')).toMatchObject({ points: 0, games: 0, byes: 0 });
		expect(s).toHaveLength(2);
	});

	it('thirds add up to equal totals whatever the order (tables of 4 in a tournament of 5)', () => {
		// A step of 4/3 per position: p0 gets 4 + 0, p1 0 + 4, p2 8/3 + 4/3, p3 4/3 + 8/3 — all 4.
		const results: TableResult[] = [
			{ round: 1, players: ['p0', 'p1', 'p2', 'p3'], places: [1, 4, 2, 3] },
			{ round: 2, players: ['p0', 'p1', 'p2', 'p3'], places: [4, 1, 3, 2] }
		];
		const s = standings(field(4), results, [], 5, 2);
		expect(s.map((x) => x.points)).toEqual([4, 4, 4, 4]);
		expect(s.map((x) => x.buchholz)).toEqual([24, 24, 24, 24]);
		// Equal in points and Buchholz; p0 and p1 won a table each.
		expect(s.map((x) => [x.player, x.place])).toEqual([
			['p0', 1],
			['p1', 1],
			['p2', 3],
			['p3', 3]
		]);
		expect(s.find((x) => x.player === 'p2')!.perRound).toEqual([8 / 3, 4 / 3]);
	});
});
