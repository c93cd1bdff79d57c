import { describe, expect, it } from 'vitest';
import { changeEvents, type EventContext } from './events';

const ctx = (open: string[] = []): EventContext => ({
	gameId: 'g1',
	kind: 'giants',
	version: 7,
	now: 1000,
	round: 2,
	phase: 'place',
	names: ['ann', 'bob', 'cat'],
	userOf: (s) => ['ua', 'ub', 'uc'][s],
	open: new Set(open),
	since: (s) => ({ entries: [{ version: 6, log: [{ type: 'rongo', seat: (s + 1) % 3 }] }], more: false }),
	deadline: (s) => 5000 + s
});

const facts = { before: [0], after: [1], mover: 0, timeout: null, dropped: new Set<number>(), droppedNow: [], finished: null };

describe('notification events of a change', () => {
	it('a turn to the seat that became awaited, none to the mover; gameOpen from the open sockets', () => {
		const es = changeEvents(ctx(['ub']), facts);
		expect(es.map((e) => [e.id, e.kind, e.userId, e.gameOpen])).toEqual([['g1:7:turn:1', 'turn', 'ub', true]]);
		expect(es[0].data).toMatchObject({ kind: 'giants', seat: 1, round: 2, phase: 'place', names: ['ann', 'bob', 'cat'], deadline: 5001 });
		// The mover still awaited (their next turn) gets nothing; a dropped seat gets no turn either.
		expect(changeEvents(ctx(), { ...facts, before: [0], after: [0] })).toEqual([]);
		expect(changeEvents(ctx(), { ...facts, dropped: new Set([1]) })).toEqual([]);
	});

	it('timeout and drop to the mover, finished to everybody (not gameOpen)', () => {
		const es = changeEvents(ctx(['ua', 'ub', 'uc']), { ...facts, after: [], timeout: 'pass', droppedNow: [0], finished: { scores: [3, 9, 1], winners: [1], result: 'win' } });
		expect(es.map((e) => e.id)).toEqual(['g1:7:timeout:0', 'g1:7:dropped:0', 'g1:7:finished:0', 'g1:7:finished:1', 'g1:7:finished:2']);
		expect(es.every((e) => !e.gameOpen)).toBe(true);
		expect(es[0].data.auto).toBe('pass');
		expect(es[2].data).toMatchObject({ scores: [3, 9, 1], winners: [1], result: 'win' });
	});
});
