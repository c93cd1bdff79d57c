// fromExample (issue 34): a rules page's worked example as the explorer's source — the example's
// position, the way back to its rule on the rules page, and what "Play on from here" posts.
import { describe, expect, it } from 'vitest';
import { startExample } from '$lib/engine/examples';
import { kindUI } from '$lib/ui/kinds';
import { KIND_IDS } from '$lib/games';
import { fromExample } from './source';

describe('fromExample', async () => {
	const withExamples = KIND_IDS.filter((id) => kindUI(id)?.examples);
	it('has kinds to check', () => expect(withExamples.length).toBeGreaterThan(0));

	for (const id of withExamples) {
		const { kind, examples } = await kindUI(id)!.examples!();
		it(`${id}: every example by ?example= (the rules page's link) and by ?step= (the explorer's own link)`, () => {
			for (const e of examples) {
				const started = startExample(kind, e);
				if (!started.ok) throw new Error(started.message);
				for (const q of [`example=${e.id}`, `step=${e.id}&line=`]) {
					const s = fromExample(kind, examples, new URL(`http://x/rules/${id}/explore?${q}`));
					expect(s.base).toEqual({ ok: true, state: started.value.state });
					expect(s.players).toBe(e.players);
					expect(s.step).toBe(e.id);
					expect(s.back.href).toBe(`/rules/${id}#${e.rule}`);
					expect(s.from).toContain(e.rule);
					expect(s.playOn).toEqual({ path: '/api/games/playon', body: { example: id, id: e.id } });
				}
			}
		});

		it(`${id}: an unknown example is the page's error, with nothing to play on`, () => {
			const s = fromExample(kind, examples, new URL(`http://x/rules/${id}/explore?example=nope`));
			expect(s.base).toMatchObject({ ok: false, code: 'NOT_FOUND' });
			expect(s.playOn).toBeNull();
		});
	}
});
