// Issue 31: "What can I do now?" and refusals in words, for Giants (GameView.svelte's module exports
// `help` and `refusal`). The positions come from the tutorial's replay, which passes through every
// phase with the learner awaited and not; the refusal codes from the engine's own source, so a new
// code without words fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayTutorial, type TutorialScript } from '$lib/engine/tutorial';
import { giantsKind } from '$lib/games/giants/kind';
import type { GiantsState } from '$lib/games/giants/surface';
import raw from '$lib/games/giants/tutorial.json';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { help, loadRefusals, refusal } from './GameView.svelte';

const script = raw as TutorialScript;
afterAll(() => overwriteGetLocale(() => 'en'));

describe('help: what the seat can do now', () => {
	const r = replayTutorial(giantsKind as never, script);
	if (!r.ok) throw new Error(r.message);
	const at = r.value.before.map((g, i) => ({ step: script.steps[i], state: g.state as GiantsState }));

	it('words the options and names the phase’s rule wherever the learner is awaited', () => {
		const rules = new Map<string, Set<string>>();
		for (const { step, state } of at.filter((x) => x.step.expect !== undefined)) {
			const h = help(giantsKind.view(state, script.seat), script.seat);
			expect(h?.now?.length, step.id).toBeGreaterThan(20);
			rules.set(state.phase.kind, (rules.get(state.phase.kind) ?? new Set()).add(h!.rule));
		}
		expect(Object.fromEntries([...rules].map(([k, v]) => [k, [...v].sort()]))).toEqual({
			bid: ['G-3.1'],
			carve: ['G-3.3', 'G-3.4'],
			place: ['G-4'],
			transport: ['G-5'],
			choice: ['G-6.0']
		});
	});

	it('says the legal options: the moai sizes on display, a rongo half only while one can be taken', () => {
		const carve = at.find((x) => x.step.id === 'carve')!.state;
		expect(help(giantsKind.view(carve, 0), 0)!.now).toContain('1, 2');
		expect(help(giantsKind.view(at.find((x) => x.step.id === 'decline')!.state, 0), 0)?.rule).toBe('G-3.4');
		const rongo = at.find((x) => x.step.id === 'rongo')!.state;
		expect(help(giantsKind.view(rongo, 0), 0)!.now).toMatch(/rongo half/);
		const late = at.find((x) => x.step.id === 'place-log')!.state; // 4 rongo halves left: still offered
		expect(help(giantsKind.view(late, 0), 0)!.now).toMatch(/^Place a figure/);
	});

	it('names the rule for everybody, but the options only for the seat awaited', () => {
		const carve = at.find((x) => x.step.id === 'carve')!.state;
		expect(help(giantsKind.view(carve, 1), 1)).toEqual({ now: null, rule: 'G-3.3' });
		expect(help(giantsKind.view(carve, null), null)).toEqual({ now: null, rule: 'G-3.3' });
		const bid = at.find((x) => x.step.id === 'bid')!.state;
		const made = giantsKind.apply(bid, 0, script.steps.find((s) => s.id === 'bid')!.expect);
		if (!made.ok) throw new Error(made.message);
		expect(help(giantsKind.view(made.value.state, 0), 0)).toEqual({ now: null, rule: 'G-3.1' }); // a sealed bid made
		expect(help(giantsKind.view(made.value.state, 1), 1)?.now).toBeTruthy();
		expect(help(giantsKind.view(r.value.end.state as GiantsState, 0), 0)).toEqual({ now: null, rule: 'G-6.2' });
		expect(help(null, 0)).toBeNull();
	});

	it('speaks German too', () => {
		overwriteGetLocale(() => 'de');
		const place = at.find((x) => x.step.id === 'rongo')!.state;
		expect(help(giantsKind.view(place, 0), 0)!.now).toMatch(/Rongo-Tafelhälfte/);
		overwriteGetLocale(() => 'en');
	});
});

/** Every code a move can be refused with: the engine's refuse/Refusal calls and apply's own fail()s. */
function engineCodes(): string[] {
	const dir = join(process.cwd(), 'src/lib/games/giants');
	const codes = new Set<string>();
	for (const f of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
		const src = readFileSync(join(dir, f), 'utf8');
		for (const call of src.matchAll(/(?:refuse|Refusal|fail)\(([^;]*)/g)) for (const c of call[1].matchAll(/'([A-Z][A-Z_]{2,})'/g)) codes.add(c[1]);
	}
	// Refused at the start of a game or by the tools, never a player's move: setup, scenario files, exports.
	for (const c of ['BAD_CONFIG', 'BAD_POSITION', 'BAD_SEED', 'BAD_SCENARIO', 'BAD_FORMAT']) codes.delete(c);
	return [...codes].sort();
}

describe('refusal: every engine refusal in words', () => {
	it('finds the engine’s codes (the scan itself works)', () => {
		const codes = engineCodes();
		expect(codes).toEqual(expect.arrayContaining(['NOT_YOUR_TURN', 'WRONG_PHASE', 'BAD_MOVE', 'CANNOT_ERECT', 'USE_MARK', 'EMPTY_PATH']));
		expect(codes.length).toBeGreaterThan(40);
	});

	it('words each one in English and German, once its chunk is loaded; another kind’s code is not Giants’', async () => {
		await loadRefusals();
		for (const code of engineCodes()) {
			overwriteGetLocale(() => 'en');
			const en = refusal(code);
			overwriteGetLocale(() => 'de');
			const de = refusal(code);
			expect(en, code).toBeTruthy();
			expect(de, code).toBeTruthy();
			expect(de, code).not.toBe(en);
		}
		overwriteGetLocale(() => 'en');
		expect(refusal('NOT_ENOUGH_WOOD')).toBeNull();
		expect(refusal('NO_MARKER')).toBe('You have no tribe marker left behind your screen.');
	});
});
