// Plan ahead on Moa's table (issue 32): the composer's plan mode, rendered as the server renders it,
// and the queued defence in words (GameView's `moveText`, the page's plan list), en and de.
import { render } from 'svelte/server';
import { afterAll, describe, expect, test } from 'vitest';
import { cloneJson } from '$lib/engine';
import { moa, planView } from '$lib/games/moa';
import type { MoaState } from '$lib/games/moa/types';
import { getLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import Composer from './Composer.svelte';
import { moveText } from './GameView.svelte';

const name = (seat: number) => ['Ana', 'Ben', 'Caro'][seat];
const locale = getLocale();
afterAll(() => overwriteGetLocale(() => locale));

/** Seat 2's turn, the last of the round (seat 1 has acted); seat 1 has 2 birds in region 4 and waits. */
function waiting(f: (s: MoaState) => void = () => {}): MoaState {
	const r = moa.start({ players: 3, startPlayer: 0, colours: ['red', 'yellow', 'green'] }, 'moa-plan-ui');
	if (!r.ok) throw new Error(r.message);
	const s = cloneJson(r.value.state);
	for (const g of s.regions) g.mammal = null;
	s.regions[3].birds[1] = 2;
	s.phase = { kind: 'turn', seat: 2, acted: false };
	s.tasks = [{ t: 'roundEnd' }];
	f(s);
	return s;
}

describe('moveText (the plan list)', () => {
	test('M-6.4, M-6.5: a declined and a paid defence in short words, en and de', () => {
		overwriteGetLocale(() => 'en');
		expect(moveText({ type: 'decline' }, null, name)).toBe('Decline the defence');
		expect(moveText({ type: 'defend', pay: { cards: ['B01', 'B02'], tiles: [] } }, null, name)).toMatch(/^Defend with .+ \(6 combat\)$/);
		overwriteGetLocale(() => 'de');
		expect(moveText({ type: 'decline' }, null, name)).toBe('Verteidigung ablehnen');
		expect(moveText({ type: 'defend', pay: { cards: ['B01'], tiles: ['L07'] } }, null, name)).toMatch(/^Verteidigen mit .+ \(5 Kampf\)$/);
	});
});

describe('Composer in plan mode', () => {
	test('a waiting seat plans its next defence: hint, the defence, "Plan this move" instead of Confirm', () => {
		overwriteGetLocale(() => 'en');
		const v = moa.view(waiting(), 1);
		const plan = planView(v, 1);
		expect(plan).not.toBeNull();
		const { body } = render(Composer, { props: { view: v, seat: 1, busy: false, name, onconfirm: () => {}, plan, queue: [], setQueue: () => {} } });
		expect(body).toContain('Plan ahead');
		expect(body).toContain('data-testid="plan-defence"');
		expect(body).toContain('the first region a mammal could take from you is 4');
		expect(body).toContain('Played for you when you are next asked to defend, if still possible; otherwise you are woken.');
		expect(body).toMatch(/data-testid="plan-add"[^>]*disabled/); // nothing chosen yet
		expect(body).not.toContain('data-testid="plan-or"'); // the queue is empty
		expect(body).not.toContain('data-testid="confirm"');
	});

	test('"…or else this" once the queue has a step', () => {
		overwriteGetLocale(() => 'en');
		const v = moa.view(waiting(), 1);
		const { body } = render(Composer, { props: { view: v, seat: 1, busy: false, name, onconfirm: () => {}, plan: planView(v, 1), queue: [[{ type: 'decline' }]], setQueue: () => {} } });
		expect(body).toContain('data-testid="plan-or"');
		expect(body).toContain('…or else this');
	});

	test('M-6.4: the request under way is named when it will reach the seat', () => {
		overwriteGetLocale(() => 'en');
		const s = waiting((x) => {
			x.regions[3].birds[0] = 3;
			x.regions[3].mammal = { kind: 'dog', side: 'attack', combat: 6, vp: 4 };
			x.phase = { kind: 'defend', seat: 0, region: 4, card: 'M01', order: [1] };
		});
		const v = moa.view(s, 1);
		const { body } = render(Composer, { props: { view: v, seat: 1, busy: false, name, onconfirm: () => {}, plan: planView(v, 1), queue: [], setQueue: () => {} } });
		expect(body).toContain('the dog in region 4 (combat 6) asks you next');
	});

	test('without a plan (spectator, or nothing to plan) the composer is the usual one', () => {
		overwriteGetLocale(() => 'en');
		const v = moa.view(waiting(), 0);
		const { body } = render(Composer, { props: { view: v, seat: 0, busy: false, name, onconfirm: () => {} } });
		expect(body).toContain('data-testid="confirm"');
		expect(body).not.toContain('data-testid="plan-add"');
	});
});
