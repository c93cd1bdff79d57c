// The rules page (/rules/moa) in both languages: every rule group M-0 … M-11 cited, every section and
// the board legend present, and every count, cost and value in its tables read from the game's data
// (moa.md: "Rules never hard-code a value that lives in the data") — the messages hold no number.
import { render } from 'svelte/server';
import { afterAll, describe, expect, test } from 'vitest';
import { COLOURS, KARAKIA_TILES, KARAKIA_TYPES, MAMMAL_KINDS, REGIONS, SPECIES, SYMBOLS, TERRAINS, VOLCANO, VOLCANO_TRACK, regionData } from '$lib/games/moa/rules';
import { vp } from '$lib/games/moa/text';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import en from './messages/rules-en.json';
import de from './messages/rules-de.json';
import Rules from './Rules.svelte';

afterAll(() => overwriteGetLocale(() => 'en'));

const SECTIONS = ['goal', 'components', 'setup', 'period', 'cards', 'terrain', 'invasions', 'actions', 'paying', 'tiles', 'scoring', 'end', 'two', 'legend', 'digital'];

/** The cells of the table row marked `attr="id"`, as text. */
function row(body: string, attr: string, id: string | number): string[] {
	const tr = body.match(new RegExp(`<tr[^>]*${attr}="${id}"[^>]*>([\\s\\S]*?)</tr>`));
	expect(tr, `${attr}=${id}`).not.toBeNull();
	return [...tr![1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) =>
		c[1]
			.replace(/<svg[\s\S]*?<\/svg>/g, '')
			.replace(/<[^>]+>/g, '')
			.replace(/\s+/g, ' ')
			.trim()
	);
}

describe('Rules', () => {
	for (const [locale, words] of [
		['en', ['Moa — rules', 'Step A — terrain cards', 'Step B — actions', 'Invasions and defence', 'Phase 3 — scoring', 'Two players: the neutral colour and the d12', 'Board legend', 'How Rongo plays it']],
		['de', ['Moa — Regeln', 'Schritt A — Geländekarten', 'Schritt B — Aktionen', 'Säugetierinvasion und Verteidigung', 'Phase 3 — Siegpunktphase', 'Zwei Spieler: die neutrale Farbe und der W12', 'Legende des Spielplans', 'So spielt Rongo Moa']]
	] as const)
		test(`${locale}: every section, every rule group M-0 … M-11 cited, the legend`, () => {
			overwriteGetLocale(() => locale);
			const { body, head } = render(Rules);
			expect(head).toContain(words[0]);
			for (const w of words) expect(body).toContain(w);
			for (const id of SECTIONS) {
				expect(body).toContain(`<section aria-labelledby="${id}"`);
				expect(body).toMatch(new RegExp(`<h2 id="${id}"`));
				expect(body).toContain(`href="#${id}"`);
			}
			for (let g = 0; g <= 11; g++) expect(body).toMatch(new RegExp(`\\(M-${g}[.)]|M-${g}\\.\\d`));
			expect(body.match(/<h1/g)).toHaveLength(1);
			for (const t of TERRAINS) expect(body).toContain(`data-legend="terrain-${t}"`);
			for (const c of COLOURS) expect(body).toContain(`data-legend="colour-${c}"`);
			for (const s of SYMBOLS) expect(body).toContain(`data-legend="symbol-${s}"`);
			for (const l of ['attack', 'trade', 'stronghold']) expect(body).toContain(`data-legend="${l}"`);
			// The pictures are decorative: the legend's text says everything.
			expect(body).not.toMatch(/<svg(?![^>]*aria-hidden="true")[^>]*>/);
		});

	test('the tables show the data', () => {
		overwriteGetLocale(() => 'en');
		const { body } = render(Rules);
		for (const sp of SPECIES) expect(row(body, 'data-species', sp.id).slice(1)).toEqual([sp.count, ...SYMBOLS.map((s) => sp.symbols[s])].map(String));
		for (const k of MAMMAL_KINDS) expect(row(body, 'data-mammal', k.id).slice(1, 5)).toEqual([k.cards, k.combat, k.honour ?? 'none', k.vp].map(String));
		for (const t of KARAKIA_TYPES)
			expect(row(body, 'data-karakia', t.id).slice(1, 3)).toEqual([t.cost, KARAKIA_TILES.filter((k) => k.type === t.id).length].map(String));
		for (const r of REGIONS) {
			const cells = row(body, 'data-region', r.id);
			expect(cells[2]).toBe(String(r.primaryVP));
			expect(cells[3]).toBe(String(r.secondaryVP));
		}
	});

	test('the scoring examples are scored by the engine (M-9.9)', () => {
		overwriteGetLocale(() => 'en');
		const { body } = render(Rules);
		const text = (i: number) => body.match(new RegExp(`data-example="${i}"[^>]*>([^<]*)<`))![1];
		// moa.md M-9.9's first example: A (with the leader) and B tie, so A takes region 5's primary value
		// and B, second, its secondary value; C gets nothing.
		const r5 = regionData(5);
		expect(text(0)).toContain(`(plains, ${r5.primaryVP} / ${r5.secondaryVP})`);
		expect(text(0)).toContain(`Scores: A: ${vp(r5.primaryVP)}, B: ${vp(r5.secondaryVP)} and C: ${vp(0)}.`);
		// The volcano example: both values lowered by the number beside the marker.
		const r12 = regionData(VOLCANO);
		const red = (VOLCANO_TRACK.spaces[3] as { reduction: number }).reduction;
		expect(text(3)).toContain(`volcano marker at ${red}`);
		expect(text(3)).toContain(`Scores: A: ${vp(r12.primaryVP - red)} and B: ${vp(r12.secondaryVP - red)}.`);
	});

	test('no number is typed into the messages', () => {
		for (const messages of [en, de])
			for (const [key, message] of Object.entries(messages)) {
				const text = JSON.stringify(message)
					.replace(/SHA-256/g, '')
					.replace(/Phase \d/g, '');
				expect(text, key).not.toMatch(/\d/);
			}
	});
});
