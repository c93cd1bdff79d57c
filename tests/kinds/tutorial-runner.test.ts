// The tutorial runner (engine/tutorial.ts, issue 31) on the test kind Take-away: what becomes of a
// learner's move — the suggested one is played with its scripted answers, another legal one is
// explained and not played, an illegal one comes back with the engine's reason — and how a broken
// script is caught, with the step that no longer fits.
import { describe, expect, it } from 'vitest';
import { erase, isOver } from '$lib/engine';
import { attempt, next, replayTutorial, say, startTutorial, type TutorialScript } from '$lib/engine/tutorial';
import { takeaway } from '../games/takeaway/kind';

const kind = erase(takeaway);
// Seed chosen so that seat 0 (the learner) starts: checked below.
const script: TutorialScript = {
	kind: 'takeaway',
	options: { stones: 6 },
	players: 2,
	seed: 'tutorial-a',
	seat: 0,
	names: ['Ana', 'Bo'],
	minutes: 1,
	steps: [
		{ id: 'welcome', say: { en: 'Six stones.', de: 'Sechs Steine.' } },
		{
			id: 'take-two',
			say: { en: 'Take two.', de: 'Nimm zwei.' },
			expect: { type: 'take', n: 2 },
			do: ['[data-testid=take-2]'],
			other: { en: 'Two leaves four.', de: 'Zwei lässt vier.' },
			then: [{ seat: 1, move: { type: 'take', n: 2 } }]
		},
		{ id: 'win', say: { en: 'Take the last two.', de: 'Nimm die letzten zwei.' }, expect: { n: 2, type: 'take' }, do: ['x'], other: { en: 'o', de: 'o' } },
		{ id: 'end', say: { en: 'You won.', de: 'Gewonnen.' } }
	]
};

describe('the tutorial runner', () => {
	const start = startTutorial(kind, script);
	if (!start.ok) throw new Error(start.message);
	const g0 = start.value;

	it('starts the script\'s game: its options, its seed, the learner to move', () => {
		expect((g0.state as { stones: number }).stones).toBe(6);
		expect(kind.activeSeats(g0.state)).toEqual([0]);
		expect(g0.version).toBe(0);
	});

	it('plays the suggested move and the scripted answer; another legal move is not played; an illegal one is refused', () => {
		const step = script.steps[1];
		const done = attempt(kind, script, g0, step, { type: 'take', n: 2 });
		expect(done.kind).toBe('done');
		if (done.kind !== 'done') return;
		expect((done.game.state as { stones: number }).stones).toBe(2);
		expect(done.game.version).toBe(2);
		expect(done.game.log.map((b) => b.version)).toEqual([0, 1, 2]);

		expect(attempt(kind, script, g0, step, { type: 'take', n: 1 })).toEqual({ kind: 'other' });
		const refused = attempt(kind, script, g0, step, { type: 'take', n: 4 });
		expect(refused.kind).toBe('refused');
		if (refused.kind === 'refused') expect(refused.failure.code).toBe('BAD_TAKE');
		// A move on an explanation step is not played either.
		expect(attempt(kind, script, g0, script.steps[0], { type: 'take', n: 1 })).toEqual({ kind: 'explain' });
	});

	it('counts a move written otherwise (key order) as the suggested one: the same game follows', () => {
		const r = replayTutorial(kind, script);
		if (!r.ok) throw new Error(r.message);
		const before = r.value.before[2];
		expect(attempt(kind, script, before, script.steps[2], { type: 'take', n: 2 }).kind).toBe('done');
		expect(isOver(kind, r.value.end.state)).toBe(true);
		expect(r.value.before).toHaveLength(4);
	});

	it('an explanation step plays its own moves on "Next"', () => {
		const r = next(kind, g0, { id: 'x', say: { en: '', de: '' }, then: [{ seat: 0, move: { type: 'pass' } }] });
		expect(r.ok && r.value.version).toBe(1);
	});

	it('a script that no longer fits the rules fails with its step', () => {
		const broken = { ...script, steps: script.steps.map((s) => (s.id === 'win' ? { ...s, expect: { type: 'take', n: 3 } } : s)) };
		const r = replayTutorial(kind, broken);
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.message).toContain('step win');
		const notMine = { ...script, steps: [{ ...script.steps[1], then: [] }, { ...script.steps[2], id: 'again' }] };
		const r2 = replayTutorial(kind, notMine);
		expect(!r2.ok && r2.message).toContain("learner's seat is not awaited");
		const twice = { ...script, steps: [script.steps[0], script.steps[0]] };
		expect(replayTutorial(kind, twice).ok).toBe(false);
	});

	it('says a step in the page\'s language, English for one the script lacks', () => {
		expect(say({ en: 'Hi', de: 'Hallo' }, 'de')).toBe('Hallo');
		expect(say({ en: 'Hi', de: 'Hallo' }, 'fr')).toBe('Hi');
	});
});
