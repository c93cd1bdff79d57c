// Rapa Nui's table, composer, players and score sheet, rendered as the server renders them (the
// interaction itself — pick, Confirm, Undo — is driven in a real browser by tests/e2e/rapanui.e2e.ts).
import { render } from 'svelte/server';
import { beforeAll, describe, expect, test } from 'vitest';
import { playOut } from '$lib/engine';
import { rapanui } from '$lib/games/rapanui';
import { rapanuiKind } from '$lib/games/rapanui/kind';
import { legalMoves } from '$lib/games/rapanui/legal';
import { scores, standings } from '$lib/games/rapanui/score';
import { arrange, holding, must } from '$lib/games/rapanui/test-helpers';
import type { RapaNuiEntry, RapaNuiState } from '$lib/games/rapanui/types';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import Composer from './Composer.svelte';
import GameLog from './GameLog.svelte';
import { logLines } from '$lib/ui/gameSocket.svelte';
import Players from './Players.svelte';
import ScoreSheet from './ScoreSheet.svelte';
import Table from './Table.svelte';

const NAMES = ['Ana', 'Ben', 'Caro', 'Dev'];
const name = (seat: number) => NAMES[seat];
const radios = (html: string) => html.match(/name="rapanui-move"/g)?.length ?? 0;

/** Ana (seat 0) has built a moai; Ben and Caro laid face up; Ana laid a grain face down. */
function afterFaceDown(): RapaNuiState {
	const s = arrange(3, (x) => {
		x.hands[0] = ['moai-1', 'fish-1', 'grain-1'];
		x.wood[0] = 9;
		x.phase = { kind: 'turn', step: 2 };
		holding(x, 0, { fish: 1, grain: 2 });
		holding(x, 1, { sweet_potato: 1, grain: 1 });
		holding(x, 2, { fish: 2, paper_mulberry: 1 });
	});
	let t = must(s, 0, { type: 'play', card: 'moai', count: 1 }).state;
	t = must(t, 1, { type: 'sacrifice', kind: 'grain' }).state;
	t = must(t, 2, { type: 'sacrifice', kind: 'fish' }).state;
	return must(t, 0, { type: 'sacrifice', kind: 'grain' }).state;
}

beforeAll(() => overwriteGetLocale(() => 'en'));

describe('Table', () => {
	test('every column card, the front marked, the pile and the supply', () => {
		const s = arrange(2, () => {});
		const { body } = render(Table, { props: { view: rapanui.view(s, 0), name } });
		expect(body.match(/data-column=/g)).toHaveLength(4);
		expect(body.match(/class="card[^"]*"/g)!.length).toBeGreaterThanOrEqual(16);
		expect(body).toContain('Draw pile: 34 cards');
		expect(body).toContain('fish: 23 cards');
		expect(body).not.toContain('data-testid="draw-'); // nothing drawable outside step 3
	});

	test('in step 3 the front cards are the draw buttons', () => {
		const s = arrange(2, (x) => {
			x.hands[0] = x.hands[0].slice(0, 2);
			x.phase = { kind: 'draw', left: 1, uncovered: null };
		});
		const v = rapanui.view(s, 0);
		const drawable = legalMoves(v, 0).map((m) => (m as { column: number }).column);
		const { body } = render(Table, { props: { view: v, name, drawable } });
		expect(body.match(/data-testid="draw-\d"/g)).toHaveLength(4);
	});

	test('R-0.2: a face-down card says who and when; only its builder sees the kind', () => {
		const s = afterFaceDown();
		const own = render(Table, { props: { view: rapanui.view(s, 0), name } }).body;
		expect(own).toContain('face down — yours: grain, sacrifice round 1');
		for (const viewer of [1, 2, null]) {
			const other = render(Table, { props: { view: rapanui.view(s, viewer), name } }).body;
			expect(other).toContain('face down — Ana, sacrifice round 1');
			expect(other).not.toContain('yours:');
		}
	});
});

describe('Players', () => {
	test('R-0.1: hands and displays open, the ledger and exact totals public, the exact collection only to its owner', () => {
		const s = afterFaceDown();
		const ben = render(Players, { props: { view: rapanui.view(s, 1), name, yourSeat: 1 } }).body;
		expect(ben).toContain('data-testid="hand-0"');
		expect(ben).toContain('ledger; 1 card sacrificed face down — 2 held');
		expect(ben).not.toContain('Yours exactly');
		const ana = render(Players, { props: { view: rapanui.view(s, 0), name, yourSeat: 0 } }).body;
		expect(ana).toContain('Yours exactly');
	});
});

describe('Composer', () => {
	test('offers exactly the legal moves, with costs, and nothing is chosen before the player picks', () => {
		const s = arrange(2, (x) => {
			x.hands[0] = ['fish-1', 'fish-2', 'moai-1'];
			x.wood[0] = 8;
			x.phase = { kind: 'turn', step: 1 };
		});
		const v = rapanui.view(s, 0);
		const legal = legalMoves(v, 0);
		const { body } = render(Composer, { props: { view: v, seat: 0, legal, busy: false, name, onconfirm: () => {} } });
		expect(radios(body)).toBe(legal.length);
		expect(body).toContain('fish for 5 wood');
		expect(body).toContain('2 fish hunter-gatherers — 1 wood');
		expect(body).toContain('1 moai — 7 wood');
		expect(body).toContain('Building a moai starts a sacrifice round.');
		expect(body).toMatch(/<button[^>]*data-testid="confirm"[^>]*disabled/);
		expect(body).not.toContain('checked');
	});

	test('R-5.5: a purchase that would leave 3 moai with less than 7 wood is warned about', () => {
		const s = arrange(2, (x) => {
			x.hands[0] = ['moai-1', 'moai-2', 'moai-3'];
			x.wood[0] = 9;
			x.phase = { kind: 'turn', step: 1 };
		});
		const v = rapanui.view(s, 0);
		const { body } = render(Composer, { props: { view: v, seat: 0, legal: legalMoves(v, 0), busy: false, name, onconfirm: () => {} } });
		expect(body.match(/a moai goes back to the box and nothing is played/g)).toHaveLength(4);
	});

	test('the face-down sacrifice says so; the sealed moai choice shows only one’s own', () => {
		const s = afterFaceDown();
		const t = arrange(3, (x) => Object.assign(x, JSON.parse(JSON.stringify(s)), { phase: { kind: 'sacrifice', round: 1, part: 'b', queue: [0] } }));
		const v = rapanui.view(t, 0);
		const { body } = render(Composer, { props: { view: v, seat: 0, legal: legalMoves(v, 0), busy: false, name, onconfirm: () => {} } });
		expect(body).toContain('your card face down');
		expect(body).toContain('Only you see its kind until the end of the game.');
	});
});

describe('ScoreSheet', () => {
	test('the totals and places are the engine’s', () => {
		const out = playOut(rapanuiKind, { config: { players: 3 }, seed: 'sheet' });
		const v = rapanui.view(out.state, null);
		const { body } = render(ScoreSheet, { props: { view: v, name } });
		const sheets = scores(v);
		for (const r of standings(v)) {
			const row = body.slice(body.indexOf(`data-seat="${r.seat}"`));
			expect(row.match(/data-testid="total"[^>]*>(\d+)</)![1]).toBe(String(sheets[r.seat].total));
			expect(row.match(/<td[^>]*>(\d+)<\/td>/)![1]).toBe(String(r.rank));
		}
	});
});

describe('GameLog', () => {
	test('newest first, grouped by turn: each turn’s heading stands above that turn’s own moves', () => {
		const out = playOut(rapanuiKind, { config: { players: 2 }, seed: 'log-groups', maxMoves: 4 });
		const { body } = render(GameLog, { props: { lines: logLines<RapaNuiEntry>(out.log as never), name } });
		const text = body.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, '\n').split('\n').map((x) => x.trim()).filter(Boolean);
		const turn = (n: number) => text.findIndex((t) => t.startsWith(`Turn ${n}:`));
		expect(turn(1)).toBeGreaterThan(turn(2));
		// Between the heading of turn 1 and the start line: turn 1's play, by its player.
		const first = out.state.startPlayer;
		const own = text.slice(turn(1) + 1).find((t) => / plays /.test(t));
		expect(own?.startsWith(NAMES[first])).toBe(true);
		expect(text.at(-1)).toBe(`${NAMES[first]} is the start player.`);
	});
});

describe('offering values (issue 30)', () => {
	test('a running game says what they would be; a finished one says the final values', () => {
		const run = playOut(rapanuiKind, { config: { players: 3 }, seed: 'values', maxMoves: 30 });
		const end = playOut(rapanuiKind, { config: { players: 3 }, seed: 'values' });
		const running = render(Table, { props: { view: rapanui.view(run.state, null), name, drawable: [], chosenColumn: null, onpick: () => {} } }).body;
		const over = render(Table, { props: { view: rapanui.view(end.state, null), name, drawable: [], chosenColumn: null, onpick: () => {} } }).body;
		expect(run.over).toBe(false);
		expect(running).not.toContain('Final offering values');
		expect(over).toContain('Final offering values');
		expect(over).not.toContain('if the game ended now');
	});
});
