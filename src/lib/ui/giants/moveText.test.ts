// Issue 12, plurals and developer words: what the composer says it will send reads right with
// 0, 1 and 2 of everything, in both languages, and never names a piece by its internal id.
import { afterAll, describe, expect, test } from 'vitest';
import type { GiantsMove } from '$lib/games/giants';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { demoView, DEMO_NAMES } from './board/demo';
import { moveText, statueText } from './moveText';

const view = demoView();
const name = (s: number) => DEMO_NAMES[s];
afterAll(() => overwriteGetLocale(() => 'en'));

const cases: [GiantsMove, string, string][] = [
	[{ type: 'bid', markers: 1, workers: 1, medicineMan: false, chief: false }, 'Bid 1 marker and 1 worker.', '1 Stammesmarker und 1 Arbeiter bieten.'],
	[{ type: 'bid', markers: 2, workers: 0, medicineMan: false, chief: true }, 'Bid 2 markers and 0 workers; also: chief.', '2 Stammesmarker und 0 Arbeiter bieten; dazu: Häuptling.'],
	[{ type: 'bid', markers: 0, workers: 0, medicineMan: false, chief: false }, 'Bid nothing.', 'Nichts bieten.'],
	[{ type: 'carve', size: 2, workers: 1, medicineMan: false, chief: false }, 'Carve a size-2 moai with 1 worker.', 'Einen Moai der Größe 2 mit 1 Arbeiter meißeln.'],
	[{ type: 'carve', size: 3, workers: 2, medicineMan: true, chief: false }, 'Carve a size-3 moai with 2 workers; also: medicine man.', 'Einen Moai der Größe 3 mit 2 Arbeitern meißeln; dazu: Medizinmann.'],
	[{ type: 'place', figure: 'chief', hex: 'H16', logs: 0 }, 'Place the chief on H16 (plain).', 'Den Häuptling auf H16 (Ebene) setzen.'],
	[{ type: 'place', figure: 'worker', hex: 'H16', logs: 1 }, 'Place the worker with 1 log on H16 (plain).', 'Den Arbeiter mit 1 Baumstamm auf H16 (Ebene) setzen.'],
	[{ type: 'place', figure: 'worker', hex: 'H16', logs: 2 }, 'Place the worker with 2 logs on H16 (plain).', 'Den Arbeiter mit 2 Baumstämmen auf H16 (Ebene) setzen.']
];

describe('moveText', () => {
	test.each(cases)('%j', (move, en, de) => {
		overwriteGetLocale(() => 'en');
		expect(moveText(move, view, name)).toBe(en);
		overwriteGetLocale(() => 'de');
		expect(moveText(move, view, name)).toBe(de);
	});

	test('a statue is its size and where it stands, never its id', () => {
		const st = view.statues.find((s) => s.kind === 'moai' && s.loc.kind === 'hex')!;
		overwriteGetLocale(() => 'en');
		const text = moveText({ type: 'mark', statue: st.id }, view, name);
		expect(text).toContain(`size-${st.size} moai on ${(st.loc as { hex: string }).hex}`);
		expect(text).not.toMatch(/\b[mh]\d+\b/);
	});
});

test("the viewer's own screen is 'your screen' (issue 31: the tutorial's learner is 'You')", () => {
	const st = { id: 'm1', kind: 'moai' as const, size: 2 as const, loc: { kind: 'front' as const, seat: 0 }, owner: 0, marker: null, abandoned: false };
	overwriteGetLocale(() => 'en');
	expect(statueText(st, name, 0)).toBe('size-2 moai, in front of your screen');
	expect(statueText(st, name, 1)).toBe(`size-2 moai, in front of ${name(0)}'s screen`);
	expect(statueText({ ...st, loc: { kind: 'hex', hex: 'H27' }, marker: 0 } as never, name, 0)).toBe('size-2 moai, on H27 (plain), marked by you');
	overwriteGetLocale(() => 'de');
	expect(statueText(st, name, 0)).toContain('vor deinem Sichtschirm');
	overwriteGetLocale(() => 'en');
});
