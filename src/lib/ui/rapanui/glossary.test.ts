// Rapa Nui's glossary (issue 31): every entry worded in both languages and linked to a rule the rules
// page cites (so the link lands), the rules page's quick start and glossary, and the terms on the table.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { replayTutorial } from '$lib/engine/tutorial';
import type { RapaNuiView } from '$lib/games/rapanui/types';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { firstRule } from '$lib/ui/glossary';
import { findRule } from '$lib/ui/ruleAnchor';
import { glossary } from './glossary';
import Players from './Players.svelte';
import Rules from './Rules.svelte';
import Table from './Table.svelte';
import { kind, script } from './tutorial';

afterAll(() => overwriteGetLocale(() => 'en'));
const entries = Object.entries(glossary);

describe('the Rapa Nui glossary', () => {
	it.each(['en', 'de'] as const)('%s: every term and definition written, every rule cited on the rules page, which lists them all', (locale) => {
		overwriteGetLocale(() => locale);
		const { body } = render(Rules);
		// The page finds a linked rule among its `.ref`s (src/routes/rules/[game]/+page.svelte).
		const refs = [...body.matchAll(/<span class="ref[^"]*">([^<]*)<\/span>/g)].map((x) => x[1]);
		expect(refs.length).toBeGreaterThan(30);
		for (const [id, e] of entries) {
			expect(findRule(firstRule(e.rule), refs), `${id}: ${e.rule} on the rules page`).toBeGreaterThanOrEqual(0);
			expect(e.term().trim(), id).not.toBe('');
			expect(e.def().length, id).toBeGreaterThan(e.term().length);
			expect(body, id).toContain(`id="term-${id}"`);
		}
		expect(new Set(entries.map(([, e]) => e.term())).size).toBe(entries.length);
		expect(body).toContain('data-testid="quick-start"');
		expect(body.indexOf('data-testid="quick-start"')).toBeLessThan(body.indexOf('id="components"'));
		const from = body.indexOf('data-testid="quick-start"');
		const quick = body.slice(from, body.indexOf('</section>', from));
		expect(quick.match(/<li[ >]/g)).toHaveLength(5); // a turn in five lines
	});

	it('explains the terms on the table: headings, the viewer’s resources, hand, display and its cards', () => {
		overwriteGetLocale(() => 'en');
		const r = replayTutorial(kind, script);
		if (!r.ok) throw new Error(r.message);
		const view = kind.view(r.value.before[0].state, 0) as RapaNuiView;
		const name = (s: number) => script.names[s];
		const table = render(Table, { props: { view, name } }).body.replace(/<!--[^>]*-->/g, '');
		for (const words of ['General display', 'Supply piles', 'Sacrifice stone', 'Offering values']) expect(table).toMatch(new RegExp(`class="word[^"]*"[^>]*>${words}`));
		const players = render(Players, { props: { view, name, yourSeat: 0 } }).body;
		// The viewer's panel only: wood, fame, hand, personal display, offering cards, ledger and 7 card types.
		const mine = players.slice(players.indexOf('data-seat="0"'), players.indexOf('data-seat="1"'));
		const theirs = players.slice(players.indexOf('data-seat="1"'));
		expect(mine.match(/class="term[ "]/g)?.length).toBeGreaterThanOrEqual(12);
		expect(theirs.match(/class="term[ "]/g)?.length ?? 0).toBeLessThanOrEqual(1); // the box, below every player
	});
});
