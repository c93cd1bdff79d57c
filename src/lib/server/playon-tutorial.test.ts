// Issue 34, "Play on from here" from a tutorial's step, without a room (playon.ts
// `tutorialPositionAt`) — for every kind whose UI registers a tutorial, found by the registry.
import { describe, expect, it } from 'vitest';
import { branchStart, isOver, jsonEqual, type LineMove } from '$lib/engine';
import { replayTutorial } from '$lib/engine/tutorial';
import { KIND_UI } from '$lib/ui/kinds';
import { tutorialPositionAt } from './playon';

const withTutorial = Object.entries(KIND_UI).filter(([, ui]) => ui.tutorial);

describe.each(withTutorial)('%s', (_id, ui) => {
	it('writes the start of each step (and a line), fresh; refuses an unknown step, an illegal line and a finished position', async () => {
		const { kind, script } = await ui.tutorial!();
		const r = replayTutorial(kind, script);
		if (!r.ok) throw new Error(r.message);
		if (!kind.position) {
			expect(tutorialPositionAt(kind, script, script.steps[0].id, [])).toMatchObject({ ok: false, code: 'NO_POSITION' });
			return;
		}
		for (const [i, step] of script.steps.entries()) {
			const at = tutorialPositionAt(kind, script, step.id, []);
			// A tutorial's closing steps explain the final score: the game is over there.
			if (isOver(kind, r.value.before[i].state)) {
				expect(at).toMatchObject({ ok: false, status: 409, code: 'GAME_OVER' });
				continue;
			}
			if (!at.ok) throw new Error(`${step.id}: ${at.code} ${at.message}`);
			expect(at.step).toBe(i + 1);
			expect(jsonEqual(at.state, r.value.before[i].state)).toBe(true);
			expect(jsonEqual(at.extra, kind.position.write(r.value.before[i].state, { fresh: true }))).toBe(true);
		}
		expect(tutorialPositionAt(kind, script, 'no-such-step', [])).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND' });

		// The script's own moves from its last step before the end on, as a line, end the game (the
		// tutorial ends so): nothing to play on. One move short of them is a position to play on.
		const last = script.steps.findLastIndex((_, i) => !isOver(kind, r.value.before[i].state));
		expect(last).toBeGreaterThanOrEqual(0);
		const rest: LineMove[] = script.steps.slice(last).flatMap((s) => [...(s.expect === undefined ? [] : [{ seat: script.seat, move: s.expect }]), ...(s.then ?? [])]);
		expect(rest.length).toBeGreaterThan(0);
		expect(tutorialPositionAt(kind, script, script.steps[last].id, rest)).toMatchObject({ ok: false, status: 409, code: 'GAME_OVER' });
		expect(tutorialPositionAt(kind, script, script.steps[last].id, rest.slice(0, -1)).ok).toBe(true);

		const bad = tutorialPositionAt(kind, script, script.steps[last].id, [...rest.slice(0, 1), { seat: 0, move: { type: 'no-such-move' } }]);
		expect(bad).toMatchObject({ ok: false, status: 400, code: 'BAD_LINE', index: 1 });

		// Fresh draws: the line is played on the step's position started anew with the explorer's seed.
		const fresh = tutorialPositionAt(kind, script, script.steps[last].id, [], { fresh: true, seed: 'explorer' });
		const anew = branchStart(kind, { options: script.options, players: script.players }, r.value.before[last].state, { fresh: true, seed: 'explorer' });
		if (!fresh.ok || !anew.ok) throw new Error('fresh start refused');
		expect(jsonEqual(fresh.state, anew.value.state)).toBe(true);
	});
});

it('some kind has a tutorial (else the test above tests nothing)', () => {
	expect(withTutorial.length).toBeGreaterThan(0);
});
