// The platform's history of a finished game (issue 6; any kind since issue 29), on a whole Giants game.
import { describe, expect, it } from 'vitest';
import { botGame } from '$lib/games/giants/test-helpers';
import { seedRng, below, isOver, erase } from '$lib/engine';
import { giantsKind } from '$lib/games/giants/kind';
import { History, HistoryError, parseStep } from './steps';

const game = botGame({ players: 4 }, 'history-4p');

describe('History', () => {
	const name = (seat: number) => `p${seat}`;
	const h = new History(erase(giantsKind), game.e, name, 25);

	it('has one step per move plus the start, with versions, seats and the log of each step', () => {
		expect(game.e.moves.length).toBeGreaterThan(300);
		expect(h.last).toBe(game.e.moves.length);
		expect(h.steps.map((s) => s.version)).toEqual(game.log.map((b) => b.version));
		// Each step in the kind's words, with the game as it was then (a moved statue has its size).
		expect(h.steps.map((s) => s.sentences)).toEqual(game.log.map((b, i) => b.log.map((e) => giantsKind.texts.logLine(e, name, game.states[i]))));
		expect(h.steps[0]).toMatchObject({ step: 0, seat: null, round: 1 });
		expect(h.steps[7]).toMatchObject({ step: 7, seat: game.e.moves[6].seat });
		expect(h.steps.flatMap((s) => s.sentences).some((t) => /size-\d moai/.test(t))).toBe(true);
	});

	it('reaches every step, in any order, with at most K−1 applies per seek', () => {
		const rng = seedRng('seek-order');
		const order = [0, h.last, 1, 24, 25, 26, 49, 50, h.last - 1, ...Array.from({ length: 200 }, () => below(rng, h.last + 1))];
		for (const k of order) {
			const before = h.applies;
			expect(h.state(k)).toEqual(game.states[k]);
			expect(h.applies - before).toBeLessThanOrEqual(24);
		}
	});

	it('steps forward from the last state it returned with one apply', () => {
		h.state(30);
		const before = h.applies;
		for (let k = 31; k <= 45; k++) expect(h.state(k)).toBe(h.state(k)); // same reference: no replay on repeat
		expect(h.applies - before).toBe(15);
	});

	it('clamps steps outside the game', () => {
		expect(h.state(-5)).toEqual(game.states[0]);
		expect(h.state(1e9)).toEqual(game.states.at(-1));
		expect(isOver(giantsKind, h.final)).toBe(true);
	});

	it('refuses an export whose moves the engine refuses, naming the step', () => {
		const bad = structuredClone(game.e);
		bad.moves[3] = { ...bad.moves[3], seat: (bad.moves[3].seat + 1) % 4 };
		bad.moves[3].move = { type: 'carve', size: 3, workers: 9 };
		expect(() => new History(erase(giantsKind), bad, name)).toThrow(HistoryError);
		try {
			new History(erase(giantsKind), bad, name);
		} catch (err) {
			expect((err as HistoryError).at).toBe(4);
		}
	});
});

describe('parseStep', () => {
	it('reads ?step=N, clamps it, and falls back to the last step', () => {
		expect(parseStep('12', 100)).toBe(12);
		expect(parseStep('0', 100)).toBe(0);
		expect(parseStep('500', 100)).toBe(100);
		expect(parseStep('-3', 100)).toBe(0);
		expect(parseStep(null, 100)).toBe(100);
		expect(parseStep('abc', 100)).toBe(100);
		expect(parseStep('1e3', 100)).toBe(100);
	});
});
