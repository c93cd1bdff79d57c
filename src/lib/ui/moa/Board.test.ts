// Moa's board, counters, players, composer, log and score sheet, rendered as the server renders them
// (the interaction itself — pick, pay, Confirm, Undo — is driven in a real browser by
// tests/e2e/moa.e2e.ts).
import { render } from 'svelte/server';
import { beforeAll, describe, expect, test } from 'vitest';
import { cloneJson, playOut } from '$lib/engine';
import { moa } from '$lib/games/moa';
import { moaKind } from '$lib/games/moa/kind';
import { standings } from '$lib/games/moa/score';
import type { MoaEntry, MoaState } from '$lib/games/moa/types';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { logLines } from '$lib/ui/gameSocket.svelte';
import Board from './Board.svelte';
import Composer from './Composer.svelte';
import GameLog from './GameLog.svelte';
import Players from './Players.svelte';
import ScoreSheet from './ScoreSheet.svelte';
import Status from './Status.svelte';

const NAMES = ['Ana', 'Ben', 'Caro', 'Dev', 'Eve'];
const name = (seat: number) => NAMES[seat];

function fresh(players = 3): MoaState {
	const r = moa.start({ players, startPlayer: 0, colours: ['red', 'yellow', 'green', 'blue', 'black'].slice(0, players) as never }, 'moa-ui-test');
	if (!r.ok) throw new Error(r.message);
	return r.value.state;
}

beforeAll(() => overwriteGetLocale(() => 'en'));

describe('Board', () => {
	test('all 12 regions from the data, with terrain and values; targets are buttons', () => {
		const s = cloneJson(fresh());
		s.volcano = 0;
		const { body } = render(Board, { props: { view: moa.view(s, 0), name, targets: new Set([1, 5]) } });
		expect(body.match(/data-region="/g)).toHaveLength(12);
		expect(body).toContain('Region 1, coast, 7/3 VP');
		expect(body).toContain('Region 12, volcano, 10/5 VP');
		expect(body.match(/role="button"/g)).toHaveLength(2);
		expect(body).toContain('The board as a list');
	});

	test('pieces, leaders, tiles and strongholds are drawn and said (M-0.1)', () => {
		const s = cloneJson(fresh());
		s.regions[3].birds[1] = 3;
		s.regions[3].leader = 1;
		s.regions[3].stronghold = true;
		s.regions[0].mammal = { kind: 'weasel', side: 'attack', combat: 5, vp: 3 };
		s.regions[7].mammal = { kind: 'dog', side: 'trade', combat: 6, vp: 4 };
		s.regions[7].sale = { seller: 2, scored: false };
		s.regions[7].birds[2] = 1;
		const { body } = render(Board, { props: { view: moa.view(s, null), name } });
		expect(body).toContain('Ben: 3 birds and the leader');
		expect(body).toContain('a stronghold');
		expect(body).toContain('invaded by a weasel (combat 5, 3 VP)');
		expect(body).toContain('sold to a dog by Caro');
	});

	test('the erupted volcano says so and region 12 is scored lower before it (M-9.6)', () => {
		const s = cloneJson(fresh());
		s.volcano = 3;
		expect(render(Board, { props: { view: moa.view(s, null), name } }).body).toContain('Region 12, volcano, 7/2 VP');
		s.erupted = true;
		expect(render(Board, { props: { view: moa.view(s, null), name } }).body).toContain('erupted: closed for the rest of the game');
	});
});

describe('Status and players', () => {
	test('terrain cards, volcano, display, piles and the karakia for sale', () => {
		const s = fresh();
		const { body } = render(Status, { props: { view: moa.view(s, 0) } });
		expect(body).toContain('left:');
		expect(body).toContain('Active terrain:');
		expect(body).toContain('Not yet seen this period');
		expect(body).toMatch(/Volcano marker at \d of 5: region 12 scores \d less/);
		expect(body).toContain('Bird cards: 33 in the draw pile');
		expect(body).toContain('Draw a card: 2 karakia, 3 left');
	});

	test("the viewer's hand is shown; another seat's cards never are (M-0.2.1)", () => {
		const s = fresh();
		const { body } = render(Players, { props: { view: moa.view(s, 0), name, yourSeat: 0, active: [0] } });
		for (const c of s.secret.hands[0]) expect(body).toContain(`data-card="${c}"`);
		for (const c of [...s.secret.hands[1], ...s.secret.hands[2]]) expect(body).not.toContain(`data-card="${c}"`);
		expect(body).toContain('9 cards in hand');
		expect(body).toContain('Supply: 16 birds, 4 leaders (0 out of the game)');
	});
});

describe('Composer', () => {
	test('the actions come from the legal moves; nothing is sent before a choice', () => {
		const s = fresh();
		const seat = (s.phase as { seat: number }).seat;
		const v = moa.view(s, seat);
		const { body } = render(Composer, { props: { view: v, seat, busy: false, name, onconfirm: () => {} } });
		expect(body).toContain('value="place"');
		expect(body).toContain('value="pass"');
		expect(body).toContain('Choose an action first.');
		expect(body).toMatch(/data-testid="confirm"[^>]*disabled/);
	});

	test('a defence shows both sides before it is resolved (M-6.4, M-6.5)', () => {
		const s = cloneJson(fresh());
		s.regions[0].birds[1] = 2;
		s.regions[0].mammal = { kind: 'dog', side: 'attack', combat: 6, vp: 4 };
		s.phase = { kind: 'defend', seat: 1, region: 1, card: 'M01', order: [] };
		const v = moa.view(s, 1);
		const { body } = render(Composer, { props: { view: v, seat: 1, busy: false, name, onconfirm: () => {} } });
		expect(body).toContain('A dog invades region 1: defend?');
		expect(body).toContain('The dog has combat 6. Your selection: 0 combat.');
		expect(body).toContain('Decline');
	});
});

describe('a finished game', () => {
	const done = playOut(moaKind, { config: { players: 4 }, seed: 'moa-ui-finished' });

	test('the score sheet has each period and the totals of the standings (M-9, M-10.5)', () => {
		expect(done.over).toBe(true);
		const v = moa.view(done.state, null);
		const { body } = render(ScoreSheet, { props: { view: v, name } });
		expect(body).toContain('Period 1');
		expect(body).toContain('Period 2');
		for (const r of standings(v)) expect(body).toMatch(new RegExp(`class="total[^"]*">${r.total}</td>`));
	});

	test('the log groups by round, newest first, every entry a sentence', () => {
		const lines = logLines(done.log as { version: number; log: MoaEntry[] }[]);
		const { body } = render(GameLog, { props: { lines, name } });
		expect(body).toContain('The game is over.');
		expect(body).toContain('Round 7 of period 2');
		// Each round's heading above its lines, newest first.
		expect(body.indexOf('Round 7 of period 2')).toBeLessThan(body.indexOf('The game is over.'));
		expect(body.indexOf('The game is over.')).toBeLessThan(body.indexOf('Round 6 of period 2'));
		expect(body).toContain('Show the whole log');
		expect(body).not.toContain('undefined');
	});
});
