// Every kind's tutorial (issue 31), replayed through its engine: the scripts are data, so a rule
// change (or a slip in a script) that breaks a tutorial fails here, with the step that no longer
// fits. Also what the learn page relies on: every app kind has one, both languages are written, a
// learner's step says how to make its move, and the tutorial ends with the game over.
import { describe, expect, it } from 'vitest';
import { awaited, isOver, type Kind } from '$lib/engine';
import { replayTutorial, type TutorialScript, type TutorialText } from '$lib/engine/tutorial';
import { KIND_IDS } from '$lib/games';
import { KIND_UI } from '$lib/ui/kinds';

const APP_KINDS = KIND_IDS.filter((id) => id !== 'takeaway');
const withTutorial = Object.entries(KIND_UI).filter(([, ui]) => ui.tutorial);

const written = (t: TutorialText | undefined) => !!t && t.en.trim().length > 0 && t.de.trim().length > 0;

describe('tutorials', () => {
	it('every kind of the site has one', () => {
		expect(withTutorial.map(([id]) => id).sort()).toEqual(expect.arrayContaining(APP_KINDS));
	});

	describe.each(withTutorial)('%s', (id, ui) => {
		let kind: Kind;
		let script: TutorialScript;
		it('loads, for its own kind', async () => {
			({ kind, script } = await ui.tutorial!());
			expect(script.kind).toBe(id);
			expect(kind.id).toBe(id);
			expect(script.names).toHaveLength(script.players);
		});

		it('replays through the engine, every expected move accepted, and ends with the game over', () => {
			const r = replayTutorial(kind, script);
			if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
			expect(isOver(kind, r.value.end.state)).toBe(true);
			// The learner is awaited at every step that asks for a move (replayTutorial refuses otherwise);
			// once the game is over, only explanations follow (the scoring), and at least one does.
			const ended = r.value.before.findIndex((g) => isOver(kind, g.state));
			expect(ended, 'a step that explains the end').toBeGreaterThan(0);
			for (const s of script.steps.slice(ended)) expect(s.expect, `${s.id} after the end`).toBeUndefined();
			expect(awaited(kind, r.value.end.state)).toEqual([]);
		});

		it('says every step in English and German, and shows how to make every move it asks for', () => {
			for (const s of script.steps) {
				expect(written(s.say), `${s.id}: say`).toBe(true);
				expect(s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
				if (s.expect !== undefined) {
					expect(written(s.other), `${s.id}: other`).toBe(true);
					expect(s.do?.length, `${s.id}: do`).toBeGreaterThan(0);
				}
			}
			expect(script.steps.filter((s) => s.expect !== undefined).length).toBeGreaterThan(5);
			// It opens with a welcome (the page's first "Next").
			expect(script.steps[0].expect).toBeUndefined();
		});
	});
});
