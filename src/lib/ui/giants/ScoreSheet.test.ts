import { render } from 'svelte/server';
import { beforeAll, describe, expect, test } from 'vitest';
import { scores, type GiantsView } from '$lib/games/giants';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { playGreedy } from './fixtures';
import ScoreSheet from './ScoreSheet.svelte';

const NAMES = ['Ana', 'Ben', 'Caro', 'Dev'];
const name = (seat: number) => NAMES[seat];
const totalOf = (html: string, seat: number) => Number(html.match(new RegExp(`data-testid="score-total-${seat}"[^>]*>(\\d+)<`))?.[1]);

let view: GiantsView;
let totals: number[];
beforeAll(() => {
	overwriteGetLocale(() => 'en');
	const g = playGreedy(4);
	view = g.views.over!;
	const over = g.log[0].entry;
	if (over.type !== 'over') throw new Error('the fixture game did not end');
	totals = over.totals;
});

describe('ScoreSheet', () => {
	test('shows the engine totals of every player and the reason', () => {
		const { body } = render(ScoreSheet, { props: { view, name } });
		expect(body).toContain('data-testid="score-sheet"');
		for (let seat = 0; seat < 4; seat++) expect(totalOf(body, seat)).toBe(totals[seat]);
		expect(body).toContain('after round 25');
		expect(body).toContain(view.seed!);
	});

	test('accessible tables: a caption per player, column and row headers', () => {
		const { body } = render(ScoreSheet, { props: { view, name } });
		expect(body.match(/<caption/g)?.length).toBe(4);
		expect(body).toMatch(/<th scope="col"/);
		expect(body).toMatch(/<th scope="row"/);
		for (const n of NAMES) expect(body).toContain(`Score of ${n}`);
	});

	test('each erected moai is a row with its arithmetic', () => {
		const { body } = render(ScoreSheet, { props: { view, name } });
		const moai = scores(view).flatMap((s) => s.items.filter((i) => i.kind === 'moai'));
		expect(moai.length).toBeGreaterThan(0);
		for (const it of moai) {
			expect(body).toContain(`Moai on ahu ${it.detail!.ahu}`);
			expect(body).toContain(`ahu value ${it.detail!.value} × size ${it.detail!.size}`);
		}
	});

	test('the single winner is named and marked; a tie is shared', () => {
		const best = Math.max(...totals);
		const winners = totals.flatMap((t, s) => (t === best ? [s] : []));
		let { body } = render(ScoreSheet, { props: { view, name, winner: true } });
		expect(body.match(/class="badge/g)?.length).toBe(winners.length);
		// Raise the last-placed player's lending points until they tie with the winner.
		const last = totals.indexOf(Math.min(...totals));
		const tied = structuredClone(view);
		tied.players[last].lent += best - totals[last];
		({ body } = render(ScoreSheet, { props: { view: tied, name, winner: true } }));
		expect(totalOf(body, last)).toBe(best);
		expect(body).toContain('share the victory');
		expect(body.match(/class="badge/g)?.length).toBe(winners.length + 1);
	});

	test('on the end screen (no `winner`) the platform says the result: the sheet does not repeat it', () => {
		const { body } = render(ScoreSheet, { props: { view, name } });
		expect(body).not.toContain('class="won');
		expect(body.match(/data-total/g)?.length).toBe(4);
	});

	test('German', () => {
		overwriteGetLocale(() => 'de');
		const { body } = render(ScoreSheet, { props: { view, name } });
		overwriteGetLocale(() => 'en');
		expect(body).toContain('Schlusswertung');
		expect(body).toContain('Runde 25');
	});
});
