// Issue 30: Rapa Nui's cards drawn as cards. Every card rendered — in the columns, the hands, the
// displays, the pile — carries its full name as text for screen readers, in English and German; the
// art exists in the sprite for every type; the type colours read on the card's paper; and the
// visible names break only where the catalog allows (spaces, hyphens, soft hyphens), in pieces short
// enough for a column's card (the browser check is tests/e2e/look.e2e.ts).
import { readFileSync } from 'node:fs';
import { render } from 'svelte/server';
import { afterAll, describe, expect, test } from 'vitest';
import { TYPES, typeOf } from '$lib/games/rapanui/surface';
import { rapanui } from '$lib/games/rapanui';
import { arrange } from '$lib/games/rapanui/test-helpers';
import { cardName, colourName } from '$lib/games/rapanui/text';
import { m } from '$lib/paraglide/messages';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { contrast } from '../contrast';
import Card from './Card.svelte';
import { COLOUR_FILL, TYPE_COLOUR, startColour } from './palette';
import Players from './Players.svelte';
import Table from './Table.svelte';

const LOCALES = ['en', 'de'] as const;
const name = (seat: number) => ['Ana', 'Ben', 'Caro'][seat];
const decode = (s: string) => s.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"');
/** The hidden names of every card in the markup, in order. */
const spoken = (html: string) => [...html.matchAll(/<span class="piece-vh[^"]*">([^<]*)<\/span>/g)].map((x) => decode(x[1]));
const cards = (html: string) => html.match(/<span class="card piece-card/g)?.length ?? 0;

afterAll(() => overwriteGetLocale(() => 'en'));

describe.each(LOCALES)('Card (%s)', (locale) => {
	test('every type, full and compact, singly and counted, says its full name', () => {
		overwriteGetLocale(() => locale);
		for (const type of TYPES) {
			for (const compact of [false, true]) {
				expect(spoken(render(Card, { props: { type, compact } }).body)).toEqual([cardName(type)]);
				expect(spoken(render(Card, { props: { type, compact, count: 3 } }).body)).toEqual([cardName(type, 3)]);
			}
		}
	});

	test('a start card names its player colour', () => {
		overwriteGetLocale(() => locale);
		const [said] = spoken(render(Card, { props: { type: 'grain', colour: 'purple', compact: true } }).body);
		expect(said).toContain(cardName('grain'));
		expect(said).toContain(colourName('purple'));
	});

	test('the table and the players: every card drawn has a name, and it is its card’s', () => {
		overwriteGetLocale(() => locale);
		const s = arrange(3, () => {});
		const v = rapanui.view(s, 0);
		for (const html of [render(Table, { props: { view: v, name } }).body, render(Players, { props: { view: v, name, yourSeat: 0 } }).body]) {
			const names = spoken(html);
			expect(names.length).toBe(cards(html));
			expect(names.length).toBeGreaterThan(10);
			for (const n of names) expect(n.trim().length).toBeGreaterThan(2);
		}
		// The columns' cards, front and behind, by name: each column's cards in order.
		const table = render(Table, { props: { view: v, name } }).body;
		for (const col of v.columns) for (const id of col) expect(spoken(table)).toContain(cardName(typeOf(id)));
	});

	test('visible names break only at spaces, hyphens and soft hyphens, in pieces of at most 9 letters', () => {
		overwriteGetLocale(() => locale);
		const art = [
			m.rapanui_ui_art_woodcutter(),
			m.rapanui_ui_art_priest(),
			m.rapanui_ui_art_moai(),
			m.rapanui_ui_art_fish(),
			m.rapanui_ui_art_paper_mulberry(),
			m.rapanui_ui_art_sweet_potato(),
			m.rapanui_ui_art_grain(),
			m.rapanui_ui_art_hunter()
		];
		for (const text of art) for (const piece of text.split(/[\s\-\u00ad]+/)) expect(piece.length, `"${piece}" in "${text}"`).toBeLessThanOrEqual(9);
		// The soft hyphens are for the eye only: the spoken name is the engine's, without them.
		for (const type of TYPES) expect(spoken(render(Card, { props: { type } }).body)[0]).not.toContain('\u00ad');
	});
});

describe('palette and art', () => {
	const sprite = readFileSync(new URL('../../../../static/pieces/rapanui.svg', import.meta.url), 'utf8');

	test('the sprite has a symbol for every card type, and no outside reference', () => {
		for (const type of TYPES) expect(sprite).toContain(`<symbol id="${type}"`);
		expect(sprite).not.toMatch(/(?:href|src)="(?:https?:|data:)/);
	});

	test('each type colour reads on the card paper (≥ 4.5:1, like text); each player colour is a graphic (≥ 3:1 on the paper or its ink)', () => {
		for (const type of TYPES) expect(contrast(TYPE_COLOUR[type], '#fffdf7'), type).toBeGreaterThanOrEqual(4.5);
		for (const [c, fill] of Object.entries(COLOUR_FILL)) expect(Math.max(contrast(fill, '#fffdf7'), contrast(fill, '#2b2622')), c).toBeGreaterThanOrEqual(3);
	});

	test('start cards know their colour from their id', () => {
		expect(startColour('start-light_blue-fish')).toBe('light_blue');
		expect(startColour('fish-3')).toBeNull();
	});
});
