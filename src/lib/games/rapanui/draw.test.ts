// R-6 drawing (refills, the uncovered card, the end by refill) and R-7 scoring the uncovered type.
import { describe, expect, it } from 'vitest';
import { playOut, isOver } from '$lib/engine';
import { rapanui } from './index';
import { rapanuiKind } from './kind';
import { legalMoves } from './legal';
import { DECK } from './rules';
import { arrange, holding, must, positioned, refused, types } from './test-helpers';
import type { RapaNuiEntry, RapaNuiState } from './types';

/**
 * Seat 0 (of `players`) in step 3 with `left` draws to go; column 0 is `col0` (back → front); the
 * other columns hold a priest each unless given. Displays are set per seat.
 */
function drawing(players: number, o: { left?: number; col0: string[]; cols?: string[][]; displays?: string[][]; pile?: string[] }, f?: (s: RapaNuiState) => void): RapaNuiState {
	return arrange(players, (s) => {
		const left = o.left ?? 1;
		s.hands[0] = s.hands[0].slice(0, 3 - left);
		s.columns = [o.col0, ...(o.cols ?? [['priest-7'], ['priest-8'], ['priest-9']])];
		if (o.displays) o.displays.forEach((d, i) => (s.displays[i] = d));
		if (o.pile) {
			s.secret.pile = o.pile;
			s.pileLeft = o.pile.length;
		}
		s.phase = { kind: 'draw', left, uncovered: null };
		f?.(s);
	});
}

const WC = (c: string) => `start-${c}-woodcutter`;

describe('R-6 drawing', () => {
	it('R-6.1: as many draws as cards were played (1–3)', () => {
		// Written as a position (position.ts): the three fish in hand, the start cards in the display.
		const YG = (k: string) => `start-yellow_green-${k}`;
		const s = positioned(2, {
			phase: { kind: 'turn', step: 2 },
			players: [{ hand: ['fish-1', 'fish-2', 'fish-3'], display: [YG('woodcutter'), YG('paper_mulberry'), YG('sweet_potato'), YG('grain')], wood: 5 }, null]
		});
		expect(must(s, 0, { type: 'play', card: 'fish', count: 3 }).state.phase).toEqual({ kind: 'draw', left: 3, uncovered: null });
	});

	it('R-1.6, R-6.2: only front cards are drawn, one at a time, each seen before the next', () => {
		const s = drawing(2, { left: 2, col0: ['grain-1', 'moai-1', 'fish-1'] });
		expect(legalMoves(s, 0)).toEqual([0, 1, 2, 3].map((column) => ({ type: 'draw', column })));
		refused(s, 0, { type: 'draw', column: 4 }, 'BAD_COLUMN');
		refused(s, 1, { type: 'draw', column: 0 }, 'NOT_YOUR_TURN');
		const r = must(s, 0, { type: 'draw', column: 0 });
		expect(r.state.hands[0].at(-1)).toBe('fish-1');
		expect(r.state.columns[0]).toEqual(['grain-1', 'moai-1']);
		expect(r.state.phase).toEqual({ kind: 'draw', left: 1, uncovered: 'moai-1' });
		expect(r.log).toEqual([{ type: 'draw', seat: 0, column: 0, card: 'fish-1', uncovered: 'moai-1', refill: null }]);
	});

	it('R-6.3: an emptied column is refilled at once with 4 cards, the first at the back', () => {
		const s = drawing(2, { left: 2, col0: ['fish-1'], pile: ['grain-1', 'grain-2', 'grain-3', 'priest-1', 'moai-1', 'moai-2'] });
		const r = must(s, 0, { type: 'draw', column: 0 });
		expect(r.state.columns[0]).toEqual(['grain-1', 'grain-2', 'grain-3', 'priest-1']);
		expect(r.state.pileLeft).toBe(2);
		expect(r.log[0]).toMatchObject({ refill: ['grain-1', 'grain-2', 'grain-3', 'priest-1'], uncovered: 'priest-1' });
	});

	it('R-6.3 settled: a short refill lays what is left', () => {
		const s = drawing(2, { left: 2, col0: ['fish-1'], pile: ['grain-1', 'grain-2'] });
		const r = must(s, 0, { type: 'draw', column: 0 });
		expect(r.state.columns[0]).toEqual(['grain-1', 'grain-2']);
		expect(r.state.pileLeft).toBe(0);
	});

	it('R-6.4 settled: only the card uncovered by the last draw is scored', () => {
		// First draw uncovers a moai, the second a priest: priests are scored, not moai.
		let s = drawing(2, { left: 2, col0: ['fish-1', 'moai-1', 'grain-1'], cols: [['priest-1', 'woodcutter-1'], ['priest-8'], ['priest-9']], displays: [[WC('yellow_green'), 'priest-2'], [WC('light_blue'), 'moai-2']] });
		s = must(s, 0, { type: 'draw', column: 0 }).state;
		const r = must(s, 0, { type: 'draw', column: 1 });
		expect(r.log.filter((e) => e.type === 'score')).toEqual([{ type: 'score', card: 'priest' }]);
		expect(r.state.fame).toEqual([1, 0]);
	});

	it('R-6.5, R-8.1: a refill that empties the pile ends the game at once: no more draws, no scoring', () => {
		const s = drawing(2, { left: 2, col0: ['fish-1'], pile: ['grain-1', 'priest-1'] });
		const r = must(s, 0, { type: 'draw', column: 0 });
		expect(types(r.log)).toEqual(['draw', 'end', 'reveal']);
		expect(isOver(rapanuiKind, r.state)).toBe(true);
		expect(r.state.hands[0]).toHaveLength(2);
		expect(rapanui.activeSeats(r.state)).toEqual([]);
		refused(r.state, 0, { type: 'draw', column: 1 }, 'GAME_OVER');
	});

	it('R-6.6: the 34 cards after the deal are 8 full refills and one of 2, which ends the game', () => {
		for (const players of [2, 3, 4]) {
			const out = playOut(rapanuiKind, { config: { players }, seed: `r66-${players}` });
			const refills = out.log.flatMap((b) => b.log as RapaNuiEntry[]).flatMap((e) => (e.type === 'draw' && e.refill ? [e.refill.length] : []));
			expect(refills).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 2]);
			expect(out.over).toBe(true);
			expect(out.state.pileLeft).toBe(0);
			expect(new Set([...out.state.columns.flat(), ...out.state.hands.flat(), ...out.state.displays.flat(), ...out.state.box].filter((id) => !id.startsWith('start-'))).size).toBe(DECK.length);
		}
	});

	it('R-6.7 example 1: Stefan draws the front grain; the moai behind it is uncovered and scored', () => {
		const s = drawing(2, { col0: ['priest-1', 'moai-1', 'grain-1'], displays: [[WC('yellow_green'), 'moai-2'], [WC('light_blue')]] });
		const r = must(s, 0, { type: 'draw', column: 0 });
		expect(r.log.slice(1)).toEqual([{ type: 'score', card: 'moai' }]);
		expect(r.state.phase).toEqual({ kind: 'moai', waiting: [0], choosers: [0] });
	});

	it('R-6.7 example 2: Patrick draws a moai, then the last priest of a column; the refill’s last card, a woodcutter, is scored', () => {
		let s = drawing(2, { left: 2, col0: ['fish-1', 'moai-1'], cols: [['priest-1'], ['priest-8'], ['priest-9']], pile: ['grain-1', 'grain-2', 'fish-2', 'woodcutter-1', 'moai-2'] });
		s = must(s, 0, { type: 'draw', column: 0 }).state;
		const r = must(s, 0, { type: 'draw', column: 1 });
		expect(r.log[0]).toMatchObject({ card: 'priest-1', refill: ['grain-1', 'grain-2', 'fish-2', 'woodcutter-1'], uncovered: 'woodcutter-1' });
		expect(r.log[1]).toEqual({ type: 'score', card: 'woodcutter' });
		expect(r.state.hands[0].slice(-2)).toEqual(['moai-1', 'priest-1']);
	});
});

/** Scores `type` by drawing a card that uncovers it (seat 0's turn, 1 draw). */
function scoring(players: number, type: string, displays: string[][], f?: (s: RapaNuiState) => void) {
	const s = drawing(players, { col0: [type, 'priest-9'], cols: [['priest-1'], ['priest-2'], ['priest-3']], displays }, f);
	return must(s, 0, { type: 'draw', column: 0 });
}

describe('R-7 scoring the uncovered type', () => {
	it('R-7.1: exactly one type is scored; for hunter-gatherers only that kind', () => {
		const r = scoring(2, 'grain-1', [[WC('yellow_green'), 'grain-2', 'fish-1'], [WC('light_blue'), 'fish-2']]);
		expect(r.log.filter((e) => e.type === 'score')).toEqual([{ type: 'score', card: 'grain' }]);
		expect(r.log.filter((e) => e.type === 'offering')).toEqual([{ type: 'offering', seat: 0, kind: 'grain', bonus: false, substitute: false }]);
		expect(r.log.at(-1)).toEqual({ type: 'turn', seat: 1, turn: 2 });
	});

	it('R-7.2: the bonus needs at least 2 cards and strictly more than every other player', () => {
		const tie = scoring(3, 'woodcutter-9', [[WC('yellow_green'), 'woodcutter-1'], [WC('light_blue'), 'woodcutter-2'], [WC('red')]]);
		expect(tie.state.wood.map((w, i) => w - [2, 3, 4][i])).toEqual([2, 2, 1]);
		const alone = scoring(2, 'priest-9', [[WC('yellow_green'), 'priest-1'], [WC('light_blue')]]);
		expect(alone.log.filter((e) => e.type === 'gain')).toEqual([{ type: 'gain', seat: 0, amount: 1, resource: 'fame', bonus: false }]);
		const two = scoring(2, 'priest-9', [[WC('yellow_green'), 'priest-1', 'priest-2'], [WC('light_blue'), 'priest-3']]);
		expect(two.state.fame).toEqual([3, 1]);
	});

	it('R-7.3 (rulebook): Stefan alone has 2 woodcutters and gains 3; every other player gains 1', () => {
		const r = scoring(4, 'woodcutter-9', [[WC('yellow_green'), 'woodcutter-1'], [WC('light_blue')], [WC('red')], [WC('purple')]]);
		expect(r.log.filter((e) => e.type === 'gain').map((e) => (e as { amount: number }).amount)).toEqual([3, 1, 1, 1]);
	});

	it('R-7.4 (rulebook): Patrick alone has 1 priest: 1 fame, no bonus', () => {
		const r = scoring(3, 'priest-8', [[WC('yellow_green')], [WC('light_blue'), 'priest-1'], [WC('red')]]);
		expect(r.state.fame).toEqual([0, 1, 0]);
	});

	it('R-7.5 (rulebook), R-0.5: Sandra (1 moai) and Arne (2 moai) choose sealed; 1 and 3 of the chosen resource', () => {
		const r = scoring(3, 'moai-9', [[WC('yellow_green'), 'moai-1'], [WC('light_blue'), 'moai-2', 'moai-3'], [WC('red')]]);
		expect(r.state.phase).toEqual({ kind: 'moai', waiting: [0, 1], choosers: [0, 1] });
		expect(rapanui.activeSeats(r.state)).toEqual([0, 1]);
		refused(r.state, 2, { type: 'moai', choice: 'fame' }, 'NOT_CHOOSING');
		let s = must(r.state, 1, { type: 'moai', choice: 'wood' }).state;
		// Sealed: the others see only who has chosen.
		const other = rapanui.view(s, 0);
		expect(other.chosen).toEqual([1]);
		expect(other.secret.moai).toEqual([null, null, null]);
		expect(rapanui.view(s, 1).secret.moai[1]).toBe('wood');
		expect(rapanui.view(s, 2).secret.moai).toEqual([null, null, null]);
		expect(rapanui.view(s, null).secret.moai).toEqual([null, null, null]);
		// Replaced before the last choice is in.
		const again = must(s, 1, { type: 'moai', choice: 'fame' });
		expect(again.log).toEqual([{ type: 'chose', seat: 1, again: true }]);
		s = again.state;
		const done = must(s, 0, { type: 'moai', choice: 'wood' });
		expect(done.log.filter((e) => e.type === 'gain')).toEqual([
			{ type: 'gain', seat: 0, amount: 1, resource: 'wood', bonus: false },
			{ type: 'gain', seat: 1, amount: 3, resource: 'fame', bonus: true }
		]);
		expect(done.state.fame[1]).toBe(3);
		expect(done.state.wood[0]).toBe(s.wood[0] + 1);
		expect(done.state.secret.moai).toEqual([null, null, null]);
	});

	it('R-7.5: nobody with a moai: no choice, the turn ends', () => {
		const r = scoring(2, 'moai-9', [[WC('yellow_green')], [WC('light_blue')]]);
		expect(r.log.at(-1)).toEqual({ type: 'turn', seat: 1, turn: 2 });
	});

	it('R-7.6: one card per player with the kind, from the active player clockwise, the bonus right after the base card', () => {
		const r = scoring(3, 'fish-5', [[WC('yellow_green'), 'fish-1'], [WC('light_blue'), 'fish-2', 'fish-3', 'fish-4'], [WC('red')]], (s) => {
			s.active = 0;
		});
		expect(r.log.filter((e) => e.type === 'offering')).toEqual([
			{ type: 'offering', seat: 0, kind: 'fish', bonus: false, substitute: false },
			{ type: 'offering', seat: 1, kind: 'fish', bonus: false, substitute: false },
			{ type: 'offering', seat: 1, kind: 'fish', bonus: true, substitute: false }
		]);
		expect(r.state.ledger[1].fish).toBe(3);
	});

	it('R-7.7: an empty pile: each due card may be replaced from any pile, card by card, or declined', () => {
		const r = scoring(2, 'fish-5', [[WC('yellow_green'), 'fish-1', 'fish-2'], [WC('light_blue'), 'fish-3']], (s) => {
			s.supply = { fish: 1, paper_mulberry: 3, sweet_potato: 0, grain: 2 };
		});
		// Seat 0's base card takes the last fish; its bonus card must be replaced.
		expect(r.log.filter((e) => e.type === 'offering')).toEqual([{ type: 'offering', seat: 0, kind: 'fish', bonus: false, substitute: false }]);
		expect(r.state.phase).toEqual({ kind: 'substitute', scored: 'fish', due: [{ seat: 0, bonus: true }, { seat: 1, bonus: false }] });
		expect(legalMoves(r.state, 0)).toEqual([
			{ type: 'substitute', kind: 'paper_mulberry' },
			{ type: 'substitute', kind: 'grain' },
			{ type: 'substitute', kind: null }
		]);
		refused(r.state, 0, { type: 'substitute', kind: 'sweet_potato' }, 'PILE_EMPTY');
		refused(r.state, 1, { type: 'substitute', kind: 'grain' }, 'NOT_YOUR_TURN');
		const a = must(r.state, 0, { type: 'substitute', kind: 'grain' });
		expect(a.log).toEqual([{ type: 'offering', seat: 0, kind: 'grain', bonus: true, substitute: true }]);
		const b = must(a.state, 1, { type: 'substitute', kind: null });
		expect(b.log[0]).toEqual({ type: 'noOffering', seat: 1, bonus: false, declined: true });
		expect(b.state.ledger[1]).toEqual(r.state.ledger[1]);
	});

	it('R-7.7: with every pile empty nobody is asked and nothing is taken', () => {
		const r = scoring(2, 'fish-5', [[WC('yellow_green'), 'fish-1'], [WC('light_blue'), 'fish-3']], (s) => {
			s.supply = { fish: 0, paper_mulberry: 0, sweet_potato: 0, grain: 0 };
		});
		expect(r.log.filter((e) => e.type === 'noOffering')).toEqual([
			{ type: 'noOffering', seat: 0, bonus: false, declined: false },
			{ type: 'noOffering', seat: 1, bonus: false, declined: false }
		]);
		expect(r.state.phase).toEqual({ kind: 'turn', step: 2 });
	});

	it('R-7.8 (rulebook): grain is scored; Patrick and Sandra have 2 grain each: one grain each, no bonus', () => {
		const r = scoring(4, 'grain-5', [[WC('yellow_green')], [WC('light_blue'), 'grain-1', 'grain-2'], [WC('red'), 'grain-3', 'grain-4'], [WC('purple')]], (s) => holding(s, 0, { fish: 1 }));
		expect(r.log.filter((e) => e.type === 'offering')).toEqual([
			{ type: 'offering', seat: 1, kind: 'grain', bonus: false, substitute: false },
			{ type: 'offering', seat: 2, kind: 'grain', bonus: false, substitute: false }
		]);
	});
});
