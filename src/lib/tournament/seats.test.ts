import { describe, expect, it } from 'vitest';
import { seatTable } from './seats';

describe('start seats rotate (docs/tournaments.md "Pairings")', () => {
	it('seat 0 goes to whoever sat there least often, even at a higher total', () => {
		// a sat in seat 0 once; b sat in seat 1 three times. Giving b seat 1 and a seat 0 costs 1;
		// b in seat 0 and a in seat 1 costs 0 — that one, since seat 0 counts first.
		const counts: Record<string, number[]> = { a: [1, 0], b: [0, 3] };
		expect(seatTable(['a', 'b'], (p) => counts[p])).toEqual(['b', 'a']);
		// When both have started equally often, the sum decides: b away from seat 1.
		const even: Record<string, number[]> = { a: [1, 0], b: [1, 3] };
		expect(seatTable(['a', 'b'], (p) => even[p])).toEqual(['b', 'a']);
	});

	it('minimises the sum over the other seats, and keeps standing order among equals', () => {
		const counts: Record<string, number[]> = { a: [1, 0, 2, 0], b: [1, 1, 0, 0], c: [0, 1, 1, 0], d: [1, 0, 0, 1] };
		// c has never started: seat 0. Of the rest, a → 1, b → 2, d → 3 costs 0 + 0 + 1; a → 1, d → 2,
		// b → 3 costs 0, as do d → 1, b → 2, a → 3 — the first of those in standing order wins.
		expect(seatTable(['a', 'b', 'c', 'd'], (p) => counts[p])).toEqual(['c', 'a', 'd', 'b']);
		// Nobody has sat anywhere: standing order.
		expect(seatTable(['w', 'x', 'y', 'z'], () => [])).toEqual(['w', 'x', 'y', 'z']);
	});

	it('a table of more than 6 is seated seat by seat (fewest in that seat, ties to standing)', () => {
		const ids = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
		const counts = (p: string) => (p === 'p0' ? [2] : p === 'p1' ? [1] : []);
		const seated = seatTable(ids, counts);
		expect(seated[0]).toBe('p2');
		expect(seated.slice().sort()).toEqual(ids);
		expect(seated.indexOf('p0')).toBeGreaterThan(0);
	});
});
