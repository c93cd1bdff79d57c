import { render } from 'svelte/server';
import { beforeAll, describe, expect, test } from 'vitest';
import { giants, type GiantsView } from '$lib/games/giants';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { playGreedy, type PlayedGame } from './fixtures';
import Players from './Players.svelte';
import RoundInfo from './RoundInfo.svelte';
import { startState } from '$lib/engine';

const NAMES = ['Ana', 'Ben', 'Caro', 'Dev'];
const name = (seat: number) => NAMES[seat];
const count = (html: string, s: string) => html.split(s).length - 1;
const active = (v: GiantsView) => giants.activeSeats(v as never);

let g: PlayedGame;
/** Round 1 phase 2 of a fresh game after seat 0 (only) has bid, seen by seat 0 and by seat 1. */
let sealed: GiantsView;
let other: GiantsView;
beforeAll(() => {
	overwriteGetLocale(() => 'en');
	g = playGreedy(4);
	const s = startState(giants, { players: 4, startPlayer: 2 }, 'panels');
	if (!s.ok) throw new Error(s.message);
	const a = giants.apply(s.value, 0, { type: 'bid', markers: 1, workers: 1, chief: true });
	if (!a.ok) throw new Error(a.message);
	sealed = giants.view(a.value.state, 0);
	other = giants.view(a.value.state, 1);
});

describe('Players', () => {
	test('a card per seat in seat order, with colour in words, you and the start player', () => {
		const { body } = render(Players, { props: { view: sealed, name, yourSeat: 0, active: active(sealed) } });
		const at = NAMES.map((n) => body.indexOf(`>${n}<`));
		expect(at.every((i) => i > 0)).toBe(true);
		expect([...at].sort((a, b) => a - b)).toEqual(at);
		for (const c of ['blue', 'green', 'red', 'yellow']) expect(body).toContain(`, ${c}`);
		expect(count(body, '>you<')).toBe(1);
		expect(count(body, 'start player')).toBe(1);
		// the start player's badge sits in seat 2's card, after its name and before seat 3's
		const start = body.indexOf('start player');
		expect(start > at[2] && start < at[3]).toBe(true);
	});

	test('sealed bids: who has bid and who still has to (never what)', () => {
		const { body } = render(Players, { props: { view: other, name, yourSeat: 1, active: active(other) } });
		expect(count(body, 'has bid')).toBe(1);
		expect(count(body, 'still to bid')).toBe(3);
		expect(body).not.toContain('1 marker, 1 worker');
	});

	test('supplies of every player in words: behind the screen and in the bag (G-0.1)', () => {
		const v = g.views.transport!;
		const { body } = render(Players, { props: { view: v, name, yourSeat: null, active: active(v) } });
		for (const p of v.players) {
			expect(body).toContain(`>${p.behind.pedestals} pedestal`);
			expect(body).toContain(`>${p.bag.workers} worker`);
		}
		expect(count(body, 'to move')).toBe(1);
		expect(body).not.toContain('>you<');
	});

	test('German', () => {
		overwriteGetLocale(() => 'de');
		const { body } = render(Players, { props: { view: sealed, name, yourSeat: 0, active: active(sealed) } });
		overwriteGetLocale(() => 'en');
		expect(body).toContain('Startspieler');
		expect(body).toContain('Hinter dem Sichtschirm');
	});
});

describe('RoundInfo', () => {
	test('the viewer sees their own sealed bid in words; others do not', () => {
		const mine = render(RoundInfo, { props: { view: sealed, name, yourSeat: 0 } }).body;
		expect(mine).toContain('Your bid: 1 marker, 1 worker, chief');
		expect(mine).toContain('Waiting for bids from Ben, Caro, Dev.');
		const theirs = render(RoundInfo, { props: { view: other, name, yourSeat: 1 } }).body;
		expect(theirs).not.toContain('Your bid');
	});

	test('dice and display in phase 2, each die in words', () => {
		const { body } = render(RoundInfo, { props: { view: sealed, name, yourSeat: 0 } });
		expect(count(body, 'class="die ')).toBe(sealed.dice.length);
		expect(count(body, '(size ')).toBeGreaterThanOrEqual(sealed.display.length);
		expect(body).toContain('aria-current="step"');
	});

	test('carving: the revealed bids in auction order and whose pick it is', () => {
		const v = g.views.carve!;
		if (v.phase.kind !== 'carve') throw new Error('not carve');
		const { body } = render(RoundInfo, { props: { view: v, name, yourSeat: 0 } });
		const rows = v.phase.order.map((seat) => body.indexOf(`${NAMES[seat]}`, body.indexOf('<tbody')));
		expect([...rows].sort((a, b) => a - b)).toEqual(rows);
		expect(count(body, '▸ choosing a moai')).toBe(1);
		expect(body).toContain(`${name(v.phase.turn)} chooses a moai.`);
	});

	test('later phases: no dice; the game over says so', () => {
		const t = render(RoundInfo, { props: { view: g.views.transport!, name, yourSeat: 0 } }).body;
		expect(t).not.toContain('class="die ');
		expect(t).toContain('is to move.');
		expect(render(RoundInfo, { props: { view: g.views.choice!, name, yourSeat: 0 } }).body).toContain('end-of-round choice of');
		expect(render(RoundInfo, { props: { view: g.views.over!, name, yourSeat: 0 } }).body).toContain('The game is over.');
	});
});
