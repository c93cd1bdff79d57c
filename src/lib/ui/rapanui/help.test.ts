// "What can I do now?" and refusals in words (issue 31): every phase of Rapa Nui, taken from the
// tutorial's game (which passes through all of them), and every code the engine refuses with.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayTutorial } from '$lib/engine/tutorial';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import type { RapaNuiView } from '$lib/games/rapanui/types';
import { help, refusal } from './help';
import { kind, script } from './tutorial';

afterAll(() => overwriteGetLocale(() => 'en'));

const replayed = replayTutorial(kind, script);
if (!replayed.ok) throw new Error(replayed.message);
const asked = script.steps.flatMap((s, i) => (s.expect === undefined ? [] : [{ id: s.id, view: kind.view(replayed.ok ? replayed.value.before[i].state : null, script.seat) as RapaNuiView }]));
const byId = (id: string) => asked.find((a) => a.id === id)!.view;

describe('help: what the seat can do now', () => {
	it('names the phase’s rule and the options at every decision of the tutorial', () => {
		overwriteGetLocale(() => 'en');
		const rules = asked.map(({ view }) => help(view, script.seat)?.rule);
		expect(new Set(rules)).toEqual(new Set(['R-4', 'R-5', 'R-5.5', 'R-5.7 a', 'R-5.7 b', 'R-5.7 c', 'R-6', 'R-7.5', 'R-7.7']));
		for (const { id, view } of asked) expect(help(view, script.seat)?.now, id).toMatch(/\w/);
	});

	it('says the options in one short sentence with their costs, in both languages', () => {
		overwriteGetLocale(() => 'en');
		expect(help(byId('buy'), 0)).toEqual({
			now: 'Buy one offering card (3–4 wood), or play at once: one card for free or several hunter-gatherers of one kind (1 wood).',
			rule: 'R-4'
		});
		expect(help(byId('build-moai'), 0)?.now).toContain('a moai (7 wood)');
		expect(help(byId('sacrifice-face-up'), 0)?.now).toBe('Sacrifice one offering card face up: fish, paper mulberry, sweet potato, or grain.');
		expect(help(byId('moai-choice'), 0)?.now).toContain('2 fame or 2 wood');
		expect(help(byId('substitute'), 0)?.now).toContain('The grain pile is empty');
		expect(help(byId('three-moai'), 0)?.now).toContain('(2 wood)');
		overwriteGetLocale(() => 'de');
		expect(help(byId('play-two'), 0)?.now).toBe('Spiel eine Karte kostenlos oder mehrere Jäger & Sammler einer Sorte (1 Holz) aus.');
		expect(help(byId('sacrifice-face-down'), 0)?.now).toContain('verdeckt');
		expect(help(byId('draw-first'), 0)?.now).toBe('Zieh noch 2 Karten, jeweils vorne aus einer beliebigen Spalte.');
		// One sentence, short enough to keep the phone's move sheet in view.
		for (const { id, view } of asked) expect(help(view, 0)!.now!.length, id).toBeLessThan(160);
	});

	it('gives a seat nothing awaits, and spectators, the phase’s rule without options; nothing without a view', () => {
		const view = byId('buy');
		expect(help(view, 1)).toEqual({ now: null, rule: 'R-4' });
		expect(help(view, null)).toEqual({ now: null, rule: 'R-4' });
		expect(help(byId('three-moai'), 1)).toEqual({ now: null, rule: 'R-5.5' });
		expect(help(byId('sacrifice-face-up'), null)).toEqual({ now: null, rule: 'R-5.7 a' });
		expect(help(kind.view(replayed.ok ? replayed.value.end.state : null, 0), 0)).toEqual({ now: null, rule: 'R-8' });
		expect(help(null, 0)).toBeNull();
	});
});

describe('refusal: every code of the engine in words', () => {
	const dir = join(__dirname, '..', '..', 'games', 'rapanui');
	const codes = new Set(
		readdirSync(dir)
			.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
			.flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/fail\('([A-Z_]+)'/g)].map((x) => x[1]))
	);

	it('finds the codes', () => expect(codes.size).toBeGreaterThan(10));

	it.each(['en', 'de'])('%s: each one worded, and an unknown code left to the page', (locale) => {
		overwriteGetLocale(() => locale as 'en' | 'de');
		for (const code of codes) expect(refusal(code), code).toMatch(/\w{3}/);
		expect(refusal('SOMETHING_ELSE')).toBeNull();
	});
});
