// Moa's "What can I do now?" and refusals (issue 31; help.ts, exported by GameView.svelte's module):
// every refusal code the engine can return is worded in both languages, and the help names the
// options of each decision the game can await, with its rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneJson } from '$lib/engine';
import { replayTutorial, type TutorialScript } from '$lib/engine/tutorial';
import type { Kind } from '$lib/engine';
import { moaKind } from '$lib/games/moa/kind';
import data from '$lib/games/moa/tutorial.json';
import type { MoaState } from '$lib/games/moa/types';
import { overwriteGetLocale, getLocale } from '$lib/paraglide/runtime';
import { help, refusal } from './GameView.svelte';
import { loadRefusals } from './lazyDefs.svelte';

const ENGINE = join(__dirname, '..', '..', 'games', 'moa');
/** Every code of `fail('CODE'` in the engine's sources (tests excluded). */
const codes = [
	...new Set(
		readdirSync(ENGINE)
			.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
			.flatMap((f) => [...readFileSync(join(ENGINE, f), 'utf8').matchAll(/fail\(\s*'([A-Z_]+)'/g)].map((x) => x[1]))
	)
].sort();

const locale = getLocale();
afterAll(() => overwriteGetLocale(() => locale));

describe('refusal before its words are loaded', () => {
	it('says nothing yet (the first touch of the composer loads them)', () => expect(refusal('NOT_YOUR_TURN')).toBeNull());
});

describe('refusal', () => {
	beforeAll(() => loadRefusals());
	it('finds the engine codes', () => expect(codes.length).toBeGreaterThan(25));
	it.each(['en', 'de'] as const)('words every engine code in %s, each differently', (lang) => {
		overwriteGetLocale(() => lang);
		const words = codes.map((c) => refusal(c));
		codes.forEach((c, i) => expect(words[i], c).toBeTruthy());
		expect(new Set(words).size).toBe(codes.length);
	});
	it('says nothing for a code Moa never returns', () => expect(refusal('NO_SUCH_CODE')).toBeNull());
});

describe('help', () => {
	const kind = moaKind as unknown as Kind;
	const script = data as TutorialScript;
	const r = replayTutorial(kind, script);
	if (!r.ok) throw new Error(r.message);
	const at = (id: string) => r.value.before[script.steps.findIndex((s) => s.id === id)].state as MoaState;
	const view = (s: MoaState, seat = 0) => kind.view(s, seat);

	it("names the actions of a turn in the composer's words and the active terrain, in one short line (M-7.1)", () => {
		overwriteGetLocale(() => 'en');
		const h = help(view(at('draw-card')), 0)!;
		expect(h.rule).toBe('M-7.1');
		expect(h.now).toContain('Attack and place birds');
		expect(h.now).toContain('Pass');
		expect(h.now).toContain('plains');
		expect(h.now).not.toContain('(tile)');
		expect(h.now!.length).toBeLessThan(140);
	});
	it('after the action: the tiles or the end of the turn (M-8.6)', () => {
		overwriteGetLocale(() => 'de');
		const h = help(view(at('end-turn')), 0)!;
		expect(h).toEqual({ now: expect.stringContaining('Festung einsetzen (Plättchen)'), rule: 'M-8.6' });
	});
	it('a defence: the mammal, its combat and the region (M-6.4)', () => {
		overwriteGetLocale(() => 'en');
		expect(help(view(at('defend')), 0)).toEqual({ now: expect.stringMatching(/^The rat \(combat 3\) attacks region 2:/), rule: 'M-6.4' });
	});
	it("the neutral's placements, 1 or 2 birds or a leader, by region (M-11.2)", () => {
		overwriteGetLocale(() => 'en');
		const h = help(view(at('neutral-two')), 0)!;
		expect(h.rule).toBe('M-11.2');
		expect(h.now).toContain('Roll 9');
		expect(h.now).toMatch(/2 birds in [\d, ]*8/);
	});
	it("the exchange's discard first (M-8.6)", () => {
		overwriteGetLocale(() => 'en');
		expect(help(view(at('discard')), 0)).toEqual({ now: expect.stringContaining('Discard 3 cards first'), rule: 'M-8.6' });
	});
	it("only the phase's rule for a seat not asked without an any-time tile, for spectators and at the end", () => {
		const s = at('place');
		expect(help(view(s, 1), 1)).toEqual({ now: null, rule: 'M-7.1' });
		expect(help(view(s, 0), null)).toEqual({ now: null, rule: 'M-7.1' });
		expect(help(view(at('decline'), 1), 1)).toEqual({ now: null, rule: 'M-6.4' });
		expect(help(view(r.value.end.state as MoaState), 0)).toEqual({ now: null, rule: 'M-9' });
		expect(help(null, 0)).toBeNull();
	});
	it('any-time tiles while another seat is asked (M-8.7), with the rule of what is awaited', () => {
		const s = cloneJson(at('place'));
		s.phase = { kind: 'turn', seat: 1, acted: false };
		overwriteGetLocale(() => 'en');
		expect(help(view(s), 0)).toEqual({ now: expect.stringContaining('Draw a card (tile)'), rule: 'M-7.1' });
	});
});
