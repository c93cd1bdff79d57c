// What the platform derives from a kind's outcome (issue 29: one truth per fact): the result (win,
// shared win or draw), the winners, and the checks every kind's outcome must pass.
import { describe, expect, it } from 'vitest';
import type { Outcome } from './kind';
import { awaited, checkOutcome, isOver, placesBy, resultOf, startState } from './outcome';
import { ok } from './types';

const sheet = (seat: number, total: number) => ({ seat, total, items: [{ kind: 'points', points: total }] });
const outcome = (totals: number[], places: number[], draw?: boolean): Outcome => ({ reason: 'end', rounds: 3, sheets: totals.map((t, s) => sheet(s, t)), places, ...(draw ? { draw } : {}) });

describe('placesBy', () => {
	it('counts the seats strictly ahead, so ties share a place and the next is skipped', () => {
		expect(placesBy([[10], [7], [10], [3]])).toEqual([1, 3, 1, 4]);
		// A tie-breaker decides where the totals are equal; still equal, the place is shared.
		expect(placesBy([[10, 2], [10, 5], [10, 5], [4, 9]])).toEqual([3, 1, 1, 4]);
	});
});

describe('resultOf', () => {
	it('one seat first: a win', () => {
		expect(resultOf(outcome([9, 4, 6], [1, 3, 2]))).toEqual({ reason: 'end', rounds: 3, result: 'win', winners: [0], places: [1, 3, 2], scores: [9, 4, 6] });
	});

	it('several first: a shared victory, all of them winners', () => {
		expect(resultOf(outcome([9, 9, 6], [1, 1, 3]))).toMatchObject({ result: 'shared', winners: [0, 1] });
	});

	it('a draw: nobody won, though all are first', () => {
		expect(resultOf(outcome([5, 5], [1, 1], true))).toMatchObject({ result: 'draw', winners: [], places: [1, 1] });
		// Everyone first without the kind saying draw is a victory shared by all.
		expect(resultOf(outcome([5, 5], [1, 1]))).toMatchObject({ result: 'shared', winners: [0, 1] });
	});
});

describe('checkOutcome', () => {
	it('accepts a well formed outcome', () => {
		expect(checkOutcome(outcome([9, 9, 6], [1, 1, 3]), 3)).toEqual(ok(true));
		expect(checkOutcome(outcome([5, 5], [1, 1], true), 2)).toEqual(ok(true));
	});

	it('refuses what would mislead a list, a notification or a rating', () => {
		expect(checkOutcome(outcome([9, 6], [1, 2]), 3)).toMatchObject({ ok: false }); // a seat missing
		expect(checkOutcome(outcome([9, 9, 6], [1, 2, 3]), 3)).toMatchObject({ ok: true }); // a tie-breaker may separate equal totals
		expect(checkOutcome(outcome([9, 6, 3], [1, 1, 2]), 3)).toMatchObject({ ok: false }); // 2 after two firsts is not a place
		expect(checkOutcome(outcome([9, 6], [2, 3]), 2)).toMatchObject({ ok: false }); // nobody first
		expect(checkOutcome(outcome([5, 4], [1, 2], true), 2)).toMatchObject({ ok: false }); // a draw with a loser
		const bad = outcome([5, 4], [1, 2]);
		bad.sheets[1].total = 9; // a total that is not the sum of its items
		expect(checkOutcome(bad, 2)).toMatchObject({ ok: false });
		const swapped = outcome([5, 4], [1, 2]);
		swapped.sheets.reverse();
		expect(checkOutcome(swapped, 2)).toMatchObject({ ok: false });
	});
});

describe('derived from outcome and activeSeats', () => {
	const kind = {
		start: (c: { n: number }) => ok({ state: { left: c.n, turn: 0 }, log: [] }),
		activeSeats: (s: { left: number; turn: number }) => [s.turn],
		outcome: (s: { left: number; turn: number }) => (s.left === 0 ? outcome([1, 0], [1, 2]) : null)
	};

	it('over exactly when there is an outcome; nobody awaited then, whatever the state says', () => {
		expect(isOver(kind, { left: 2, turn: 1 })).toBe(false);
		expect(awaited(kind, { left: 2, turn: 1 })).toEqual([1]);
		expect(isOver(kind, { left: 0, turn: 1 })).toBe(true);
		expect(awaited(kind, { left: 0, turn: 1 })).toEqual([]);
	});

	it('the bare start state', () => {
		expect(startState(kind, { n: 3 }, 'seed')).toEqual(ok({ left: 3, turn: 0 }));
	});
});
