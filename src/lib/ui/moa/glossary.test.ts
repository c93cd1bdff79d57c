// Moa's glossary (issue 31): every term and definition in both languages, each linked to a rule the
// rules page cites (its anchor), listed on the rules page after the quick start's one screen, and
// shown on the table (Term.svelte) where the table says the word.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { Kind } from '$lib/engine';
import { startTutorial, type TutorialScript } from '$lib/engine/tutorial';
import { moaKind } from '$lib/games/moa/kind';
import data from '$lib/games/moa/tutorial.json';
import type { MoaView } from '$lib/games/moa/types';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { glossary, withDefs } from './glossary';
import { defs } from './glossaryDefs';
import { lazy, loadDefs } from './lazyDefs.svelte';
import Players from './Players.svelte';
import Rules from './Rules.svelte';
import Status from './Status.svelte';

afterAll(() => overwriteGetLocale(() => 'en'));
const entries = Object.entries(withDefs(defs));

describe.each(['en', 'de'] as const)('%s', (locale) => {
	it('has a term and a definition for every entry, no term twice', () => {
		overwriteGetLocale(() => locale);
		for (const [id, e] of entries) {
			expect(e.term().trim(), id).not.toBe('');
			expect(e.def().trim().length, id).toBeGreaterThan(20);
		}
		expect(new Set(entries.map(([, e]) => e.term())).size).toBe(entries.length);
	});

	it('starts the rules page with the quick start and ends it with the glossary, every rule linked cited there', () => {
		overwriteGetLocale(() => locale);
		const { body } = render(Rules);
		const quick = body.indexOf('data-testid="quick-start"');
		expect(quick).toBeGreaterThan(body.indexOf('<h1'));
		expect(quick).toBeLessThan(body.indexOf('<nav'));
		expect(body.slice(quick).match(/<li>/g)!.length).toBeGreaterThanOrEqual(5);
		expect(body.indexOf('id="glossary"')).toBeGreaterThan(body.indexOf('id="digital"'));
		for (const [id, e] of entries) {
			expect(body, id).toContain(`id="term-${id}"`);
			// The rule's number is in the page's text (the page's anchors find it there).
			expect(body.replace(/id="term-[^"]*"|href="#[^"]*"/g, ''), `${id}: ${e.rule}`).toMatch(new RegExp(`${e.rule.replace('.', '\\.')}(?!\\d)`));
		}
	});

	it('keeps the definitions out of the table until a term is looked at, then has them all', async () => {
		overwriteGetLocale(() => locale);
		if (!lazy.defs) expect(glossary.region.def()).toBe('');
		await loadDefs();
		for (const [id, e] of Object.entries(glossary)) expect(e.def(), id).toBe(defs[id as keyof typeof defs]());
	});

	it("shows terms on the table: the counters' headings, the players, the hand", () => {
		overwriteGetLocale(() => locale);
		const g = startTutorial(moaKind as unknown as Kind, data as TutorialScript);
		if (!g.ok) throw new Error(g.message);
		const view = moaKind.view(g.value.state as never, 0) as MoaView;
		const status = render(Status, { props: { view } }).body;
		const players = render(Players, { props: { view, name: (s: number) => ['Kiri', 'Tama'][s], yourSeat: 0, active: [0] } }).body;
		for (const e of [glossary.terrainCard, glossary.active, glossary.volcano, glossary.display, glossary.karakiaTile]) expect(status).toContain(`<strong>${e.term()}</strong>`);
		for (const e of [glossary.vp, glossary.neutral, glossary.startPlayer, glossary.birdCard]) expect(players).toContain(`<strong>${e.term()}</strong>`);
	});
});
