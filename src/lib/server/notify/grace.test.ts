// Tell once per trip (issue 32): the pure rule the postman and bench/wakeups.ts share.
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRACE_MINUTES, GRACE_CHOICES, nextDue, tripAt, turnDueAt, type PendingTurn } from './grace';

const T = Date.UTC(2026, 10, 28, 12);
const MIN = 60_000;
const turn = (id: string, at: number, o: Partial<PendingTurn> = {}): PendingTurn => ({
	id,
	gameId: o.gameId ?? 'g1',
	createdAt: T + at * MIN,
	dueAt: turnDueAt(T + at * MIN, DEFAULT_GRACE_MINUTES),
	stale: false,
	...o
});

describe('grace time', () => {
	it('is 10 minutes by default, chosen from 0, 5, 10, 30, 60', () => {
		expect(DEFAULT_GRACE_MINUTES).toBe(10);
		expect([...GRACE_CHOICES]).toEqual([0, 5, 10, 30, 60]);
		expect(turnDueAt(T, 10)).toBe(T + 10 * MIN);
		expect(turnDueAt(T, 0)).toBe(T);
	});
});

describe('tripAt: one message per trip', () => {
	it('waits while nothing is due', () => {
		const p = [turn('a', 0), turn('b', 2)];
		expect(tripAt(p, T + 9 * MIN)).toEqual({ send: [], skip: [], wait: ['a', 'b'] });
		expect(nextDue(p)).toBe(T + 10 * MIN);
	});

	it('a burst of five turns becomes one message when the first is due, the not-yet-due ones with it', () => {
		const p = [0, 1, 2, 3, 4].map((i) => turn(`t${i}`, i));
		expect(tripAt(p, T + 10 * MIN)).toEqual({ send: ['t0', 't1', 't2', 't3', 't4'], skip: [], wait: [] });
	});

	it('skips the stale ones and sends nothing if only stale ones are due (the user came back in time)', () => {
		const p = [turn('a', 0, { stale: true }), turn('b', 5)];
		expect(tripAt(p, T + 10 * MIN)).toEqual({ send: [], skip: ['a'], wait: ['b'] });
		expect(nextDue(p)).toBe(T + 15 * MIN);
		expect(tripAt([turn('a', 0, { stale: true })], T + 60 * MIN)).toEqual({ send: [], skip: ['a'], wait: [] });
		expect(nextDue([turn('a', 0, { stale: true })])).toBeNull();
	});

	it('joins every game, oldest first; grace 0 sends at once', () => {
		const p = [turn('moa', 3, { gameId: 'g2' }), turn('giants', 1, { gameId: 'g1' })];
		expect(tripAt(p, T + 11 * MIN).send).toEqual(['giants', 'moa']);
		expect(tripAt([turn('now', 0, { dueAt: turnDueAt(T, 0) })], T).send).toEqual(['now']);
	});

	it('leaves deliveries created after now waiting (a simulation may pass them early)', () => {
		const p = [turn('a', 0), turn('b', 12), turn('c', 20, { stale: true })];
		expect(tripAt(p, T + 10 * MIN)).toEqual({ send: ['a'], skip: [], wait: ['b', 'c'] });
	});

	it('puts every id in exactly one list', () => {
		const p = [turn('a', 0), turn('b', 1, { stale: true }), turn('c', 30)];
		for (const now of [T, T + 10 * MIN, T + 40 * MIN]) {
			const t = tripAt(p, now);
			expect([...t.send, ...t.skip, ...t.wait].sort()).toEqual(['a', 'b', 'c']);
		}
	});
});
