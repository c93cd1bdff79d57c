// Real decisions per seat (issue 28): what the room counts with every move, and what a room from
// before the count and the rated/casual choice gets when it loads (decisions.ts).
import { erase } from '$lib/engine';
import { describe, expect, it } from 'vitest';
import { giantsKind } from '$lib/games/giants/kind';
import { countDecision, decisionsFromLog, isDecision, upgradeMeta } from './decisions';
import { emptyTimers, type Timers } from './clock';
import type { Meta, MoveRow } from './storage';

const carve = { type: 'carve', size: 1, workers: 1 };
const pass = { type: 'pass' };

describe('decisions', () => {
	it('a player\'s own move that is not passive; never a timeout or the bot', () => {
		expect(isDecision(erase(giantsKind), carve, 'player')).toBe(true);
		expect(isDecision(erase(giantsKind), pass, 'player')).toBe(false);
		expect(isDecision(erase(giantsKind), { type: 'bid', markers: 0, workers: 0 }, 'player')).toBe(false);
		expect(isDecision(erase(giantsKind), carve, 'timeout')).toBe(false);
		expect(isDecision(erase(giantsKind), carve, 'bot')).toBe(false);
		expect(countDecision({ 0: 2 }, 1, true)).toEqual({ 0: 2, 1: 1 });
		const same = { 0: 2 };
		expect(countDecision(same, 0, false)).toBe(same);
	});

	it('counted from a log: the room\'s timeout and bot moves by their ids, standing answers as the player\'s', () => {
		const row = (seat: number, moveId: string, move: object) => ({ seat, moveId, move: JSON.stringify(move) });
		const log = [
			row(0, 'a1', carve),
			row(1, 'b1', pass),
			row(1, 'timeout:7:1', carve),
			row(2, 'bot:8:2', carve),
			row(2, 'standing:9:2', carve),
			row(0, 'a2', carve)
		];
		expect(decisionsFromLog(erase(giantsKind), log)).toEqual({ 0: 2, 2: 1 });
	});
});

describe('a room from before rated/casual (upgradeMeta)', () => {
	const meta = (over: Partial<Meta>): Meta => ({ gameId: 'g', kind: 'giants', status: 'active', visibility: 'public', startedAt: 1, ...over }) as Meta;
	const timers = (dropped: boolean): Timers => ({ ...emptyTimers(), seats: [{ seat: 0, dropped } as Timers['seats'][number]] });
	const moves = [{ seat: 1, moveId: 'x', move: JSON.stringify(carve) }] as MoveRow[];

	it('waiting or running: public rated, private casual; a running game\'s decisions from its log', () => {
		expect(upgradeMeta(erase(giantsKind), meta({}), moves, timers(false))).toMatchObject({ rated: true, decisions: { 1: 1 } });
		expect(upgradeMeta(erase(giantsKind), meta({ visibility: 'private' }), moves, timers(false)).rated).toBe(false);
		expect(upgradeMeta(erase(giantsKind), meta({ status: 'waiting', startedAt: null }), [], emptyTimers())).toEqual(meta({ status: 'waiting', startedAt: null, rated: true }));
	});

	it('finished: rated if it was a normal end then (no seat played by the bot); decisions stay unknown, so it is never rated afresh', () => {
		const done = upgradeMeta(erase(giantsKind), meta({ status: 'finished', visibility: 'private' }), moves, timers(false));
		expect(done.rated).toBe(true);
		expect(done.decisions).toBeUndefined();
		expect(upgradeMeta(erase(giantsKind), meta({ status: 'finished' }), moves, timers(true)).rated).toBe(false);
	});

	it('a room that has both keeps them', () => {
		const m = meta({ rated: false, decisions: { 0: 3 } });
		expect(upgradeMeta(erase(giantsKind), m, moves, timers(true))).toBe(m);
	});
});
