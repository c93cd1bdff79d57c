// R-3 the turn, R-4 buying, R-5 playing and the sacrifice round, with R-0.4's automatic steps.
import { describe, expect, it } from 'vitest';
import { rapanui } from './index';
import { legalMoves } from './legal';
import { buyCost, playCost, typeOf } from './rules';
import { arrange, cards, holding, must, refused, types } from './test-helpers';
import type { RapaNuiState } from './types';

/** Seat 0 to move in step 1 with this hand, display and wood (seat 0 holds 1 of each offering). */
function turn(players: number, o: { hand: string[]; display?: string[]; wood?: number; step?: 1 | 2 }, f?: (s: RapaNuiState) => void): RapaNuiState {
	return arrange(players, (s) => {
		s.hands[0] = o.hand;
		if (o.display) s.displays[0] = o.display;
		s.wood[0] = o.wood ?? 10;
		s.phase = { kind: 'turn', step: o.step ?? 1 };
		f?.(s);
	});
}

describe('R-3 the turn', () => {
	it('R-3.1: turns go clockwise from the start player, one at a time', () => {
		let s = turn(3, { hand: ['fish-1', 'priest-1', 'grain-1'] });
		s = must(s, 0, { type: 'play', card: 'priest', count: 1 }).state;
		const r = must(s, 0, { type: 'draw', column: 3 });
		expect(r.log.at(-1)).toEqual({ type: 'turn', seat: 1, turn: 2 });
		expect(rapanui.activeSeats(r.state)).toEqual([1]);
	});

	it('R-3.2: buy, then play, then draw — never back', () => {
		let s = turn(2, { hand: ['fish-1', 'priest-1', 'grain-1'] });
		s = must(s, 0, { type: 'buy', kind: 'fish' }).state;
		refused(s, 0, { type: 'buy', kind: 'grain' }, 'ALREADY_BOUGHT');
		refused(s, 0, { type: 'draw', column: 0 }, 'WRONG_PHASE');
		s = must(s, 0, { type: 'play', card: 'priest', count: 1 }).state;
		expect(s.phase.kind).toBe('draw');
		refused(s, 0, { type: 'buy', kind: 'grain' }, 'WRONG_PHASE');
		refused(s, 0, { type: 'play', card: 'fish', count: 1 }, 'WRONG_PHASE');
	});
});

describe('R-4 buying an offering card', () => {
	it('R-4.1: at most one card per turn; buying none is simply playing', () => {
		const s = turn(2, { hand: ['fish-1', 'priest-1', 'grain-1'] });
		const r = must(s, 0, { type: 'buy', kind: 'grain' });
		expect(r.state.ledger[0].grain).toBe(2);
		expect(r.state.secret.collections[0].grain).toBe(2);
		expect(r.state.supply.grain).toBe(22);
		expect(r.log).toEqual([{ type: 'buy', seat: 0, kind: 'grain', cost: 5 }]);
		expect(legalMoves(r.state, 0).some((m) => m.type === 'buy')).toBe(false);
		expect(must(s, 0, { type: 'play', card: 'fish', count: 1 }).state.phase.kind).toBe('draw');
	});

	it('R-4.2: 5 wood less 1 per hunter-gatherer of the kind in the display, never below 0; cards in hand do not count', () => {
		const s = turn(2, { hand: ['fish-1', 'fish-2', 'fish-3'], display: ['start-yellow_green-woodcutter', 'fish-4', 'grain-1', 'grain-2', 'grain-3', 'grain-4', 'grain-5'] });
		expect(buyCost(s, 0, 'fish')).toBe(4);
		expect(buyCost(s, 0, 'grain')).toBe(0);
		expect(buyCost(s, 0, 'sweet_potato')).toBe(5);
		const poor = { ...s, wood: [3, 3] };
		refused(poor, 0, { type: 'buy', kind: 'fish' }, 'NOT_ENOUGH_WOOD');
		expect(must(poor, 0, { type: 'buy', kind: 'grain' }).state.wood[0]).toBe(3);
		const paid = must(s, 0, { type: 'buy', kind: 'fish' });
		expect(paid.state.wood[0]).toBe(6);
	});

	it('R-4.3: an empty pile cannot be bought, and no other kind takes its place', () => {
		const s = turn(2, { hand: ['fish-1', 'priest-1', 'grain-1'] }, (x) => {
			x.supply.fish = 0;
		});
		refused(s, 0, { type: 'buy', kind: 'fish' }, 'PILE_EMPTY');
		expect(legalMoves(s, 0).filter((m) => m.type === 'buy').map((m) => (m as { kind: string }).kind)).toEqual(['paper_mulberry', 'sweet_potato', 'grain']);
	});

	it('R-4.4 (rulebook): Sandra, 7 wood, 1 woodcutter, 1 paper mulberry and 2 grain in her display', () => {
		const s = turn(2, { hand: ['fish-1', 'priest-1', 'grain-3'], wood: 7, display: ['start-yellow_green-woodcutter', 'paper_mulberry-1', 'grain-1', 'grain-2'] });
		expect([buyCost(s, 0, 'paper_mulberry'), buyCost(s, 0, 'grain'), buyCost(s, 0, 'fish'), buyCost(s, 0, 'sweet_potato')]).toEqual([4, 3, 5, 5]);
		const legal = legalMoves(s, 0);
		expect(legal.filter((m) => m.type === 'buy')).toHaveLength(4);
		expect(legal.some((m) => m.type === 'play')).toBe(true); // she may also buy nothing
	});

	it('R-0.4: step 1 is skipped when nothing can be bought', () => {
		const s = turn(2, { hand: ['fish-1', 'priest-1', 'grain-1'], wood: 4, step: 2 });
		const r = must(s, 0, { type: 'play', card: 'priest', count: 1 });
		const next = must(r.state, 0, { type: 'draw', column: 3 });
		// Seat 1 has 3 wood and no discount: it cannot buy, so its turn starts in step 2.
		expect(next.state.phase).toEqual({ kind: 'turn', step: 2 });
		expect(legalMoves(next.state, 1).every((m) => m.type === 'play')).toBe(true);
	});
});

describe('R-5 playing cards', () => {
	it('R-5.1: the plays and their costs', () => {
		expect([playCost('woodcutter', 1), playCost('priest', 1), playCost('moai', 1), playCost('fish', 1), playCost('fish', 2), playCost('fish', 3)]).toEqual([0, 0, 7, 0, 1, 2]);
		expect([playCost('moai', 2), playCost('priest', 2), playCost('fish', 4), playCost('fish', 0)].every(Number.isNaN)).toBe(true);
		const s = turn(2, { hand: ['fish-1', 'fish-2', 'priest-1'], wood: 1 });
		refused(s, 0, { type: 'play', card: 'priest', count: 2 }, 'BAD_PLAY');
		refused(s, 0, { type: 'play', card: 'grain', count: 1 }, 'NOT_IN_HAND');
		const r = must(s, 0, { type: 'play', card: 'fish', count: 2 });
		expect(r.state.wood[0]).toBe(0);
		expect(r.log[0]).toEqual({ type: 'play', seat: 0, card: 'fish', count: 2, cost: 1 });
		expect(r.state.phase).toEqual({ kind: 'draw', left: 2, uncovered: null });
	});

	it('R-5.1: only one type per turn: hunter-gatherers of different kinds are separate plays', () => {
		const s = turn(2, { hand: ['fish-1', 'grain-1', 'priest-1'] });
		const plays = legalMoves(s, 0).filter((m) => m.type === 'play');
		expect(plays).toEqual([
			{ type: 'play', card: 'priest', count: 1 },
			{ type: 'play', card: 'fish', count: 1 },
			{ type: 'play', card: 'grain', count: 1 }
		]);
	});

	it('R-5.2: played cards stay in the personal display', () => {
		const s = turn(2, { hand: ['fish-1', 'grain-1', 'priest-1'] });
		const r = must(s, 0, { type: 'play', card: 'priest', count: 1 });
		expect(r.state.displays[0]).toEqual([...s.displays[0], 'priest-1']);
		expect(r.state.hands[0]).toEqual(['fish-1', 'grain-1']);
	});

	it('R-5.3 (rulebook): Stefan plays 2 fish and pays 1 wood; his fish in the display changes nothing', () => {
		const s = turn(2, { hand: ['fish-1', 'fish-2', 'priest-1'], display: ['start-yellow_green-woodcutter', 'fish-3'], wood: 4 });
		expect(must(s, 0, { type: 'play', card: 'fish', count: 2 }).state.wood[0]).toBe(3);
	});

	it('R-5.4: playing is mandatory and must be paid for', () => {
		const s = turn(2, { hand: ['moai-1', 'moai-2', 'priest-1'], wood: 6 });
		refused(s, 0, { type: 'skip' }, 'MUST_PLAY');
		refused(s, 0, { type: 'play', card: 'moai', count: 1 }, 'NOT_ENOUGH_WOOD');
		expect(legalMoves(s, 0).filter((m) => m.type === 'play')).toEqual([{ type: 'play', card: 'priest', count: 1 }]);
	});

	it('R-0.4: a forced play is made by itself once step 1 is over', () => {
		const s = turn(2, { hand: ['moai-1', 'moai-2', 'priest-1'], wood: 6 });
		const r = must(s, 0, { type: 'buy', kind: 'fish' }); // 1 wood left: only the priest can be played
		expect(types(r.log)).toEqual(['buy', 'play']);
		expect(r.state.phase).toEqual({ kind: 'draw', left: 1, uncovered: null });
	});

	it('R-5.5: 3 moai and less than 7 wood: nothing played, a moai back to the box, one draw — by itself', () => {
		const s = turn(2, { hand: ['moai-1', 'moai-2', 'moai-3'], wood: 6 });
		// Step 1 is still open (fish costs 5): she may buy or go on without buying.
		expect(legalMoves(s, 0).map((m) => m.type)).toEqual(['buy', 'buy', 'buy', 'buy', 'skip']);
		const r = must(s, 0, { type: 'skip' });
		expect(r.log).toEqual([{ type: 'return', seat: 0, card: 'moai-1' }]);
		expect(r.state.box).toEqual(['moai-1']);
		expect(r.state.hands[0]).toEqual(['moai-2', 'moai-3']);
		expect(r.state.displays[0]).toEqual(s.displays[0]);
		expect(r.state.phase).toEqual({ kind: 'draw', left: 1, uncovered: null });
	});

	it('R-5.5: a purchase that brings wood below 7 is allowed, and then the rule applies', () => {
		const s = turn(2, { hand: ['moai-1', 'moai-2', 'moai-3'], wood: 9 });
		const r = must(s, 0, { type: 'buy', kind: 'grain' });
		expect(types(r.log)).toEqual(['buy', 'return']);
		expect(r.state.wood[0]).toBe(4);
	});

	it('R-5.5: with 7 or more wood the moai must be built (forced when nothing can be bought)', () => {
		const s = turn(2, { hand: ['moai-1', 'moai-2', 'moai-3'], wood: 7, step: 2 }, (x) => {
			for (const k of ['fish', 'paper_mulberry', 'sweet_potato', 'grain'] as const) x.supply[k] = 0;
		});
		expect(legalMoves(s, 0)).toEqual([{ type: 'play', card: 'moai', count: 1 }]);
		// The opponent's turn ends; this seat's turn starts with only the moai to play: built by itself.
		const before = arrange(2, (x) => {
			Object.assign(x, JSON.parse(JSON.stringify(s)));
			x.active = 1;
			x.hands[1] = ['priest-2', 'priest-3'];
			x.columns[0] = ['priest-4', 'woodcutter-1'];
			x.phase = { kind: 'draw', left: 1, uncovered: null };
		});
		const r = must(before, 1, { type: 'draw', column: 0 });
		expect(types(r.log)).toContain('play');
		expect(r.log.find((e) => e.type === 'play')).toEqual({ type: 'play', seat: 0, card: 'moai', count: 1, cost: 7 });
	});

	it('R-5.5 applies only to exactly that hand', () => {
		const s = turn(2, { hand: ['moai-1', 'moai-2', 'priest-1'], wood: 3 });
		refused(s, 0, { type: 'skip' }, 'MUST_PLAY');
	});
});

describe('R-5.6, R-5.7 the sacrifice round', () => {
	/** 4 players: Arne (0) builds; Stefan (1), Patrick (2), Sandra (3) hold two kinds each. */
	function arne(): RapaNuiState {
		return turn(4, { hand: ['moai-1', 'fish-1', 'grain-1'], wood: 9, step: 2 }, (s) => {
			holding(s, 0, { fish: 1, paper_mulberry: 1 });
			holding(s, 1, { sweet_potato: 1, grain: 1 });
			holding(s, 2, { grain: 2, fish: 1 });
			holding(s, 3, { grain: 1, fish: 1 });
		});
	}

	it('R-5.7 (rulebook): Arne builds; Stefan, Patrick, Sandra each lay a card face up; Arne one face down and one from the supply', () => {
		let s = arne();
		let r = must(s, 0, { type: 'play', card: 'moai', count: 1 });
		expect(r.state.wood[0]).toBe(2);
		expect(r.state.phase).toEqual({ kind: 'sacrifice', round: 1, part: 'a', queue: [1, 2, 3] });
		expect(rapanui.activeSeats(r.state)).toEqual([1]);
		s = must(r.state, 1, { type: 'sacrifice', kind: 'sweet_potato' }).state;
		refused(s, 3, { type: 'sacrifice', kind: 'grain' }, 'NOT_YOUR_TURN');
		s = must(s, 2, { type: 'sacrifice', kind: 'grain' }).state;
		s = must(s, 3, { type: 'sacrifice', kind: 'grain' }).state;
		expect(s.phase).toEqual({ kind: 'sacrifice', round: 1, part: 'b', queue: [0] });
		r = must(s, 0, { type: 'sacrifice', kind: 'fish' });
		expect(r.log).toEqual([{ type: 'sacrifice', seat: 0, round: 1, kind: null, faceUp: false, fromSupply: false }]);
		expect(r.state.phase).toEqual({ kind: 'sacrifice', round: 1, part: 'c', queue: [0] });
		r = must(r.state, 0, { type: 'supply', kind: 'paper_mulberry' });
		const stone = r.state.stone;
		expect(stone.map((c) => [c.seat, c.kind, c.faceUp])).toEqual([
			[1, 'sweet_potato', true],
			[2, 'grain', true],
			[3, 'grain', true],
			[0, null, false],
			[0, 'paper_mulberry', true]
		]);
		expect(stone.at(-1)!.fromSupply).toBe(true); // the top card
		expect(r.state.supply.paper_mulberry).toBe(arne().supply.paper_mulberry - 1);
		expect(r.state.phase.kind).toBe('draw');
		expect(r.state.rounds).toBe(1);
		// the ledger loses face-up cards only; face-down ones are counted apart.
		expect(r.state.ledger[0]).toEqual({ fish: 1, paper_mulberry: 1, sweet_potato: 0, grain: 0 });
		expect(r.state.faceDowns[0]).toBe(1);
		expect(r.state.ledger[1].sweet_potato).toBe(0);
	});

	it('R-5.7 a, b: a player without offering cards is skipped; R-0.4: a ledger with one kind sacrifices by itself', () => {
		const s = turn(3, { hand: ['moai-1', 'fish-1', 'grain-1'], wood: 9, step: 2 }, (x) => {
			holding(x, 0, {});
			holding(x, 1, {});
			holding(x, 2, { grain: 3 });
		});
		const r = must(s, 0, { type: 'play', card: 'moai', count: 1 });
		expect(r.log.slice(1)).toEqual([
			{ type: 'noSacrifice', seat: 1, round: 1, part: 'a' },
			{ type: 'sacrifice', seat: 2, round: 1, kind: 'grain', faceUp: true, fromSupply: false },
			{ type: 'noSacrifice', seat: 0, round: 1, part: 'b' }
		]);
		expect(r.state.phase).toEqual({ kind: 'sacrifice', round: 1, part: 'c', queue: [0] });
	});

	it('R-5.7 c: the supply card is mandatory; laid by itself when one pile is left; nothing when all are empty', () => {
		const one = turn(2, { hand: ['moai-1', 'fish-1', 'grain-1'], wood: 9, step: 2 }, (x) => {
			holding(x, 0, {});
			holding(x, 1, {});
			x.supply = { fish: 0, paper_mulberry: 0, sweet_potato: 2, grain: 0 };
		});
		const r1 = must(one, 0, { type: 'play', card: 'moai', count: 1 });
		expect(r1.log.at(-1)).toEqual({ type: 'sacrifice', seat: 0, round: 1, kind: 'sweet_potato', faceUp: true, fromSupply: true });
		expect(r1.state.phase.kind).toBe('draw');
		const none = arrange(2, (x) => Object.assign(x, JSON.parse(JSON.stringify(one)), { supply: { fish: 0, paper_mulberry: 0, sweet_potato: 0, grain: 0 } }));
		const r0 = must(none, 0, { type: 'play', card: 'moai', count: 1 });
		expect(r0.log.at(-1)).toEqual({ type: 'noSacrifice', seat: 0, round: 1, part: 'c' });
		expect(r0.state.stone).toEqual([]);
	});

	it('R-0.4 settled: a sacrifice forced only by the builder’s secret face-down cards is still asked', () => {
		// Seat 1 laid its only fish face down earlier: its collection holds grain only, its ledger shows fish and grain.
		const s = turn(2, { hand: ['moai-1', 'fish-1', 'grain-1'], wood: 9, step: 2 }, (x) => {
			holding(x, 1, { grain: 1 });
			x.ledger[1].fish = 1;
			x.faceDowns[1] = 1;
			x.secret.faceDown = ['fish'];
			x.stone = [{ seat: 1, round: 1, faceUp: false, fromSupply: false, kind: null }];
			x.rounds = 1;
			x.supply.fish -= 1;
		});
		const r = must(s, 0, { type: 'play', card: 'moai', count: 1 });
		expect(r.state.phase).toEqual({ kind: 'sacrifice', round: 2, part: 'a', queue: [1] });
		expect(legalMoves(r.state, 1)).toEqual([{ type: 'sacrifice', kind: 'grain' }]);
		refused(r.state, 1, { type: 'sacrifice', kind: 'fish' }, 'NO_SUCH_OFFERING');
	});

	it('R-5.6: a moai in the display is worth 4 at the end', () => {
		const s = turn(2, { hand: ['moai-1', 'fish-1', 'grain-1'], wood: 9, step: 2 });
		const r = must(s, 0, { type: 'play', card: 'moai', count: 1 });
		expect(r.state.displays[0].map(typeOf)).toContain('moai');
	});
});
