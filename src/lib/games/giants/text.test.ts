import { afterAll, describe, expect, test } from 'vitest';
import type { GiantsEntry } from '$lib/games/giants';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { playGreedy } from '$lib/ui/giants/fixtures';
import { logText } from './logText';

const NAMES = ['Ana', 'Ben', 'Caro', 'Dev'];
const name = (seat: number) => NAMES[seat];
const bid = (markers: number, workers: number, chief = false) => ({ markers, workers, medicineMan: false, chief });

/**
 * At least one entry of every type (the mapped type makes a missing type a compile error), each
 * with the names that must show in its sentence.
 */
const SAMPLES: { [K in GiantsEntry['type']]: [Extract<GiantsEntry, { type: K }>, string[]][] } = {
	round: [[{ type: 'round', round: 3, startPlayer: 1 }, ['Ben', '3']]],
	roll: [
		[
			{
				type: 'roll',
				dice: [
					{ colour: 'white', face: 3, size: 3, broken: false },
					{ colour: 'white', face: 0, size: 0, broken: false },
					{ colour: 'brown', face: 2, size: 2, broken: true }
				],
				display: [3]
			},
			['3', '0', '2']
		],
		[{ type: 'roll', dice: [{ colour: 'white', face: 0, size: 0, broken: false }], display: [] }, ['0']]
	],
	'no-auction': [[{ type: 'no-auction' }, []]],
	'bid-in': [
		[{ type: 'bid-in', seat: 2, replaced: false }, ['Caro']],
		[{ type: 'bid-in', seat: 2, replaced: true }, ['Caro']]
	],
	bids: [[{ type: 'bids', bids: [bid(1, 2), bid(0, 0), bid(0, 0, true)], order: [0, 2, 1] }, ['Ana', 'Ben', 'Caro']]],
	carve: [[{ type: 'carve', seat: 0, size: 2, statue: 'm4', sculptors: { workers: 2, medicineMan: false, chief: false } }, ['Ana']]],
	'display-returned': [[{ type: 'display-returned', sizes: [1, 2] }, ['1, 2']]],
	phase: [[{ type: 'phase', phase: 'transport' }, []]],
	place: [
		[{ type: 'place', seat: 1, figure: 'worker', hex: 'H27', logs: 2 }, ['Ben', 'H27']],
		[{ type: 'place', seat: 1, figure: 'chief', hex: 'H02', logs: 0 }, ['Ben', 'H02']]
	],
	action: [
		[{ type: 'action', seat: 0, figure: 'medicineMan', hex: 'H33', logs: 1, action: 'reserve', gained: 1, ahu: 'A21' }, ['Ana', 'H33', 'A21']],
		[{ type: 'action', seat: 0, figure: 'medicineMan', hex: 'H02', logs: 0, action: 'village', gained: 0 }, ['Ana', 'H02']],
		[{ type: 'action', seat: 1, figure: 'chief', hex: 'H29', logs: 0, action: 'hut', gained: 1 }, ['Ben', 'H29']],
		[{ type: 'action', seat: 1, figure: 'medicineMan', hex: 'H04', logs: 0, action: 'forest', gained: 3 }, ['Ben', 'H04', '3']],
		[{ type: 'action', seat: 2, figure: 'medicineMan', hex: 'H13', logs: 0, action: 'headdress', gained: 1, statue: 'h6' }, ['Caro']]
	],
	rongo: [[{ type: 'rongo', seat: 3 }, ['Dev']]],
	pass: [
		[{ type: 'pass', seat: 0, phase: 'carve', auto: true }, ['Ana']],
		[{ type: 'pass', seat: 0, phase: 'carve', auto: false }, ['Ana']],
		[{ type: 'pass', seat: 1, phase: 'place', auto: false }, ['Ben']],
		[{ type: 'pass', seat: 1, phase: 'transport', auto: true }, ['Ben']]
	],
	move: [
		[
			{
				type: 'move',
				seat: 0,
				statue: 'm3',
				from: 'H20',
				path: ['H21', 'H27'],
				lent: [
					{ hex: 'H21', seat: 1, figure: 'worker', count: 1, points: 1 },
					{ hex: 'H21', seat: 2, figure: 'worker', count: 1, points: 1 },
					{ hex: 'H27', seat: 2, figure: 'worker', count: 1, points: 1 }
				],
				erect: 'A12',
				points: 6
			},
			['Ana', 'H20 → H21 → H27', 'A12', 'Ben +1', 'Caro +2', '6']
		],
		[{ type: 'move', seat: 1, statue: 'h2', from: 'H13', path: ['H14'], lent: [], crown: 'A03' }, ['Ben', 'H13', 'H14', 'A03']],
		[{ type: 'move', seat: 1, statue: 'm5', from: 'H28', path: ['H22'], lent: [], mark: true }, ['Ben', 'H22']],
		[{ type: 'move', seat: 1, statue: 'm5', from: 'H28', path: ['H22'], lent: [] }, ['Ben', 'H22']],
		[{ type: 'move', seat: 2, statue: 'm6', from: 'H22', path: [], lent: [], erect: 'A05' }, ['Caro', 'H22', 'A05']]
	],
	mark: [[{ type: 'mark', seat: 3, statue: 'm4', hex: 'H28' }, ['Dev', 'H28']]],
	unmoved: [[{ type: 'unmoved', statues: [{ statue: 'h1', hex: 'H13' }, { statue: 'm9', hex: 'H28' }] }, ['H13', 'H28']]],
	'logs-out': [
		[{ type: 'logs-out', count: 5 }, ['5']],
		[{ type: 'logs-out', count: 1 }, ['1']]
	],
	'choice-in': [
		[{ type: 'choice-in', seat: 2, replaced: false }, ['Caro']],
		[{ type: 'choice-in', seat: 2, replaced: true }, ['Caro']]
	],
	choices: [
		[
			{ type: 'choices', choices: [{ seat: 0, mark: ['m4'], release: [] }, { seat: 1, mark: [], release: ['h2'] }, { seat: 2, mark: ['m7'], release: ['m1'] }, { seat: 3, mark: [], release: [] }] },
			['Ana', 'Ben', 'Caro', 'Dev']
		]
	],
	abandoned: [[{ type: 'abandoned', statues: ['m12', 'h3'] }, []]],
	over: [
		[{ type: 'over', reason: 'pedestals', totals: [31, 19, 22], winners: [0] }, ['Ana 31', 'Ben 19', 'Caro 22']],
		[{ type: 'over', reason: 'no-erect', totals: [20, 20, 3], winners: [0, 1] }, ['Ana', 'Ben']],
		[{ type: 'over', reason: 'round-limit', totals: [1, 2, 3], winners: [2] }, ['Caro']]
	]
};

const sizeOf = (id: string) => (id === 'm3' ? 2 : null);
const cases = Object.values(SAMPLES).flat() as [GiantsEntry, string[]][];

afterAll(() => overwriteGetLocale(() => 'en'));

for (const locale of ['en', 'de'] as const) {
	describe(`logText (${locale})`, () => {
		test.each(cases.map(([e, must], i) => [`${i} ${e.type}`, e, must] as const))('%s is a sentence', (_, entry, must) => {
			overwriteGetLocale(() => locale);
			const text = logText(entry, name, sizeOf);
			expect(text).not.toMatch(/[{}]|undefined|null|NaN|\blog_/);
			// Issue 12: never an internal piece id ("m3", "h4").
			expect(text).not.toMatch(/\b[mh]\d+\b/);
			expect(text).toMatch(/[.!]$/);
			for (const s of must) expect(text, `${entry.type}: ${text}`).toContain(locale === 'de' ? s.replace('size', 'Größe') : s);
		});

		test('sentences differ between entry variants (nothing collapses to one text)', () => {
			overwriteGetLocale(() => locale);
			const texts = cases.map(([e]) => logText(e, name, sizeOf));
			expect(new Set(texts).size).toBe(texts.length);
		});
	});
}

test('a moai is named by its size, in both languages (issue 12)', () => {
	const carve: GiantsEntry = { type: 'carve', seat: 0, size: 2, statue: 'm4', sculptors: { workers: 1, medicineMan: false, chief: false } };
	overwriteGetLocale(() => 'en');
	expect(logText(carve, name)).toBe('Ana carves a size-2 moai with 1 worker.');
	overwriteGetLocale(() => 'de');
	expect(logText(carve, name)).toBe('Ana behaut einen Moai der Größe 2; Bildhauer: 1 Arbeiter.');
});

test('English and German really differ', () => {
	overwriteGetLocale(() => 'en');
	const en = logText({ type: 'rongo', seat: 0 }, name);
	overwriteGetLocale(() => 'de');
	const de = logText({ type: 'rongo', seat: 0 }, name);
	expect(en).toContain('rongo half');
	expect(de).toContain('Rongo-Tafelhälfte');
});

test('every entry of a whole bot game reads as a sentence', () => {
	overwriteGetLocale(() => 'en');
	const game = playGreedy(4);
	for (const { entry } of game.log) expect(logText(entry, name)).not.toMatch(/[{}]|undefined/);
	expect(logText(game.log[0].entry, name)).toMatch(/^Game over/);
});
