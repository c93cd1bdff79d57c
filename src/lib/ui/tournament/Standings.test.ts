import { render } from 'svelte/server';
import { beforeAll, describe, expect, test } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import RoundTables from './RoundTables.svelte';
import Standings from './Standings.svelte';
import { ROUND, row } from './fixtures';

beforeAll(() => overwriteGetLocale(() => 'en'));

const text = (html: string) => html.replace(/<!--[^]*?-->/g, '');
/** The cells' texts of each body row. */
const rowsOf = (html: string) =>
	[...text(html).matchAll(/<tr[^>]*>([^]*?)<\/tr>/g)].slice(1).map((r) => [...r[1].matchAll(/<t[dh][^>]*>([^]*?)<\/t[dh]>/g)].map((c) => c[1].replace(/<[^>]+>/g, '').trim()));

describe('Standings', () => {
	const rows = [row('ana', 1, 6, [3, 3, null]), row('ben', 1, 6, [3, 3, null]), row('caro', 3, 1.5, [0, 1.5, null], { withdrawn: true, byes: 1 })];

	test('a caption in view, the tie-breaks named, headers scoped, a scrolling box of its own', () => {
		const { body } = render(Standings, { props: { rows, rounds: 3, caption: 'Standings after round 2' } });
		expect(body).toContain('Standings after round 2');
		expect(body).toContain('then Buchholz — the opponents\u2019 points —, then first places'.replace('\u2019', "'"));
		expect(body).toMatch(/<caption[^>]*>/);
		expect(body.match(/scope="col"/g)).toHaveLength(6 + 3);
		expect(body.match(/scope="row"/g)).toHaveLength(3);
		expect(body).toMatch(/class="scroll[^"]*" role="region" aria-labelledby="[^"]+" tabindex="0"/);
	});

	test('shared places as given, halves of points, a round not played as a dash, a withdrawal said', () => {
		const { body } = render(Standings, { props: { rows, rounds: 3, caption: 'x' } });
		const cells = rowsOf(body);
		expect(cells.map((c) => c[0])).toEqual(['1', '1', '3']);
		expect(cells[2].slice(1, 3)).toEqual(['caro (withdrawn)', '1.5']);
		expect(cells[2].slice(-3)).toEqual(['0', '1.5', '–']);
		expect(cells[2][5]).toBe('2 (1 bye)');
	});
});

describe('RoundTables', () => {
	test('each table: seats in order with their marker, places and points once ended, the game linked', () => {
		const { body } = render(RoundTables, { props: { round: ROUND } });
		const cells = rowsOf(body);
		// Table 1 in seat order: caro, ana, ben; ana first, the two others sharing second.
		expect(cells.slice(0, 3)).toEqual([
			['1', 'caro', '2', '1.5'],
			['2', 'ana', '1', '3'],
			['3', 'ben', '2', '1.5']
		]);
		// Table 2 still playing: no places or points yet; its game linked with the table's invite code.
		expect(cells.slice(4, 6)).toEqual([
			['1', 'dan', '–', '–'],
			['2', 'eve', '–', '–']
		]);
		expect(body).toContain('href="/games/g1"');
		expect(body).toContain('href="/games/g2?invite=INV-2"');
		expect(text(body)).toContain('Bye: fay');
		expect(body.match(/<caption/g)).toHaveLength(2);
	});
});
