// The platform's history of a finished game (issue 6; any kind since issue 29), on a whole Giants game.
import { describe, expect, it } from 'vitest';
import { seedRng, below, buildExport, playOut, type ExportedMove, type GameExportV2, isOver, startState, erase } from '$lib/engine';
import { randomBot } from '$lib/games/giants/bots';
import { giants } from '$lib/games/giants/index';
import type { GiantsConfig, GiantsEntry, GiantsMove, GiantsState } from '$lib/games/giants/types';
import { giantsKind } from '$lib/games/giants/kind';
import { History, HistoryError, parseStep } from './steps';
import type { PublicLog } from '$lib/games/giants/verify';

type GiantsExport = GameExportV2<GiantsConfig, GiantsMove>;

/** A whole random-bot game as an export, plus every state and the public log the room would serve. */
function botGame(config: GiantsConfig, seed: string) {
	const states: GiantsState[] = [];
	const g = playOut(giantsKind, {
		config,
		seed,
		bots: randomBot as never,
		rng: seedRng('history-test:' + seed),
		onMove: ({ state }) => void states.push(state as GiantsState)
	});
	const set = startState(giants, config, seed);
	if (!set.ok) throw new Error(set.message);
	states.unshift(set.value);
	const s = g.state;
	// A clock change may take a version without a move: leave a gap now and then.
	const moves: ExportedMove[] = [];
	for (const [i, m] of g.moves.entries()) moves.push({ ...m, version: (moves.at(-1)?.version ?? 1) + 1 + (i % 50 === 49 ? 1 : 0), at: 1000 * i });
	const log: PublicLog = g.log.map((b, i) => ({ version: i === 0 ? 1 : moves[i - 1].version, log: b.log as GiantsEntry[] }));
	const e = buildExport({
		kind: erase(giantsKind),
		id: 'g1',
		config,
		options: { quickStart: !!config.quickStart, immediateScoring: !!config.immediateScoring },
		seed,
		engineVersion: giants.engineVersion,
		players: Array.from({ length: config.players }, (_, seat) => ({ seat, username: `p${seat}` })),
		createdAt: 0,
		startedAt: 0,
		finishedAt: 1,
		startVersion: 1,
		moves,
		final: s
	});
	return { e: e as GiantsExport, states, log };
}

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
