// Issue 30: Moa's pieces drawn as pieces. Every bird card, mammal, terrain, symbol and stronghold
// that the table draws has a text name (an accessible name, a tooltip or the legend's words), in
// English and German; the sprite holds a picture for each; the colours read on the card's paper
// and the region's words on its terrain picture.
import { readFileSync } from 'node:fs';
import { render } from 'svelte/server';
import { afterAll, describe, expect, test } from 'vitest';
import { cloneJson } from '$lib/engine';
import { moa } from '$lib/games/moa';
import { MAMMAL_KINDS, SPECIES, SYMBOLS, TERRAINS } from '$lib/games/moa/surface';
import type { MoaState } from '$lib/games/moa/types';
import { mammalName, speciesName, symbolName, terrainName } from '$lib/games/moa/text';
import { m } from '$lib/paraglide/messages';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { contrast, over } from '../contrast';
import Board from './Board.svelte';
import Card from './Card.svelte';
import Legend from './Legend.svelte';
import { MAMMAL_FILL, SPECIES_COLOUR, TERRAIN_FILL } from './palette';
import Players from './Players.svelte';
import Status from './Status.svelte';

const LOCALES = ['en', 'de'] as const;
const name = (seat: number) => ['Ana', 'Ben', 'Caro'][seat];
const decode = (s: string) => s.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"');
const attrs = (html: string, attr: string) => [...html.matchAll(new RegExp(`${attr}="([^"]*)"`, 'g'))].map((x) => decode(x[1]));
const titles = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((x) => decode(x[1]));

function busy(): MoaState {
	const r = moa.start({ players: 3, startPlayer: 0, colours: ['red', 'yellow', 'green'] as never }, 'moa-pieces');
	if (!r.ok) throw new Error(r.message);
	const s = cloneJson(r.value.state);
	s.regions[0].mammal = { kind: 'weasel', side: 'attack', combat: 5, vp: 3 };
	s.regions[7].mammal = { kind: 'dog', side: 'trade', combat: 6, vp: 4 };
	s.regions[7].sale = { seller: 2, scored: false };
	s.regions[3].stronghold = true;
	s.regions[3].birds[1] = 2;
	return s;
}

afterAll(() => overwriteGetLocale(() => 'en'));

describe.each(LOCALES)('names of the pieces (%s)', (locale) => {
	test('every bird card in the hand has an accessible name and a tooltip: its species and each symbol', () => {
		overwriteGetLocale(() => locale);
		const s = busy();
		const html = render(Players, { props: { view: moa.view(s, 0), name, yourSeat: 0, active: [] } }).body;
		const hand = s.secret.hands[0];
		expect(hand.length).toBe(9);
		const cards = [...html.matchAll(/<span class="card piece-card[^>]*>/g)].map((x) => x[0]);
		expect(cards.length).toBe(hand.length);
		for (const tag of cards) {
			const label = decode(tag.match(/aria-label="([^"]*)"/)![1]);
			expect(tag).toContain(`title="`);
			expect(SPECIES.some((sp) => label.startsWith(speciesName(sp.id)))).toBe(true);
		}
		// Each symbol picture on a card has its own tooltip with the symbol's name.
		for (const t of attrs(html, 'title').filter((t) => /^\d /.test(t))) expect(SYMBOLS.some((sy) => t.endsWith(symbolName(sy)))).toBe(true);
	});

	test('a card as a button (paying) names itself too', () => {
		overwriteGetLocale(() => locale);
		const id = busy().secret.hands[0][0];
		const html = render(Card, { props: { id, onclick: () => {} } }).body;
		expect(html).toMatch(/<button[^>]*aria-label="[^"]+"/);
	});

	test('on the board every mammal tile, stronghold and leader tile has a tooltip; every region a name', () => {
		overwriteGetLocale(() => locale);
		const s = busy();
		const html = render(Board, { props: { view: moa.view(s, null), name } }).body;
		const t = titles(html);
		expect(t).toContain(m.moa_ui_invaded_by({ kind: mammalName('weasel'), combat: 5, vp: 3 }));
		expect(t).toContain(m.moa_ui_sold_to({ kind: mammalName('dog'), name: 'Caro' }));
		expect(t).toContain(m.moa_ui_stronghold());
		const leaderTiles = s.regions.filter((r) => r.leaderTile).length;
		const mammals = s.regions.filter((r) => r.mammal).length;
		expect(leaderTiles).toBeGreaterThan(0);
		// One tooltip per mammal tile, stronghold and leader tile.
		expect(t.length, t.join(' / ')).toBe(mammals + 1 + leaderTiles);
		expect(html.match(/data-region="/g)).toHaveLength(12);
		for (const label of attrs(html, 'aria-label').filter((l) => l.includes(terrainName('coast')) || /\d/.test(l))) expect(label.length).toBeGreaterThan(5);
	});

	test('the legend names every terrain, bird, mammal and symbol beside its picture', () => {
		overwriteGetLocale(() => locale);
		const html = decode(render(Legend, {}).body);
		// A term's definition (Term.svelte, issue 31) is no part of the entry's name: it shows on demand.
		const entry = (key: string) =>
			html
				.match(new RegExp(`data-legend="${key}"[^>]*>(.*?)</dd>`, 's'))?.[1]
				.replace(/<span class="def[^"]*"[^>]*>.*?<\/a><\/span>/gs, '')
				.replace(/<[^>]+>/g, '')
				.trim() ?? '';
		for (const t of TERRAINS) expect(entry(`terrain-${t}`)).toBe(terrainName(t));
		for (const sp of SPECIES) expect(entry(`bird-${sp.id}`)).toBe(speciesName(sp.id));
		for (const k of MAMMAL_KINDS) expect(entry(`mammal-${k.id}`)).toBe(mammalName(k.id));
		for (const sy of SYMBOLS) expect(entry(`symbol-${sy}`)).toBe(symbolName(sy));
		expect(entry('stronghold')).toBe(m.moa_ui_legend_stronghold());
		expect(entry('trade')).toBe(m.moa_ui_legend_trade());
		// The board shows it.
		expect(render(Board, { props: { view: moa.view(busy(), null), name } }).body).toContain('data-testid="legend"');
	});

	test('the counters: the mammal display and the taken mammals are named in words', () => {
		overwriteGetLocale(() => locale);
		const html = decode(render(Status, { props: { view: moa.view(busy(), 0) } }).body);
		for (const k of ['dog', 'possum', 'rat'] as const) expect(html).toContain(mammalName(k));
	});
});

describe('art and palette', () => {
	const sprite = readFileSync(new URL('../../../../static/pieces/moa.svg', import.meta.url), 'utf8');

	test('the sprite has every species, mammal, terrain and symbol, and no outside reference', () => {
		const ids = [
			...SPECIES.map((s) => `bird-${s.id}`),
			...MAMMAL_KINDS.map((k) => `mammal-${k.id}`),
			...TERRAINS.map((t) => `terrain-${t}`),
			...SYMBOLS.map((s) => `symbol-${s}`),
			'stronghold'
		];
		for (const id of ids) expect(sprite, id).toContain(`<symbol id="${id}"`);
		expect(sprite).not.toMatch(/(?:href|src)="(?:https?:|data:)/);
		for (const sp of SPECIES) expect(SPECIES_COLOUR[sp.id], sp.id).toMatch(/^#[0-9a-f]{6}$/);
	});

	test('birds and mammals read on the card paper (≥ 4.5:1); the region words read on the terrain picture', () => {
		for (const [sp, c] of Object.entries(SPECIES_COLOUR)) expect(contrast(c, '#fffdf7'), sp).toBeGreaterThanOrEqual(4.5);
		for (const [k, c] of Object.entries(MAMMAL_FILL)) expect(contrast(c, '#fffdf7'), k).toBeGreaterThanOrEqual(4.5);
		// Board.svelte draws the terrain picture at opacity 0.3; the region's ink (#1d1a17) stays ≥ 4.5:1
		// on the darkest colour each picture uses.
		const darkest: Record<string, string> = { coast: '#2d6f91', forest: '#2f6b2c', plains: '#7a6a1c', mountains: '#5b5348', volcano: '#6b3a2a' };
		for (const t of TERRAINS) {
			for (const shade of [TERRAIN_FILL[t], over(darkest[t], 0.3, TERRAIN_FILL[t])]) expect(contrast('#1d1a17', shade), `${t} ${shade}`).toBeGreaterThanOrEqual(4.5);
			expect(sprite).toContain(darkest[t]);
		}
	});
});
