/**
 * What a move costs and brings, as Rapa Nui's composer asks it (offers.ts; issue 29: the UI knows no
 * rules): R-4.2, R-5.1, R-5.3 costs, R-5.5's warning, R-7.5's moai amount with R-7.2's bonus.
 */
import { describe, expect, it } from 'vitest';
import { leadsToThreeMoai, moaiAmount, woodCost } from './offers';
import { arrange } from './test-helpers';
import type { RapaNuiState } from './types';

const at = (o: { hand: string[]; wood: number; display?: string[] }, f?: (s: RapaNuiState) => void): RapaNuiState =>
	arrange(2, (s) => {
		s.hands[0] = o.hand;
		if (o.display) s.displays[0] = o.display;
		s.wood[0] = o.wood;
		s.phase = { kind: 'turn', step: 1 };
		f?.(s);
	});

describe('offers (issue 29)', () => {
	it('R-4.2: a purchase costs 5 wood less 1 per own hunter-gatherer of its kind; R-5.1, R-5.3: a play its printed cost', () => {
		const s = at({ hand: ['moai-1'], wood: 10, display: ['fish-1', 'fish-2'] });
		expect(woodCost(s, 0, { type: 'buy', kind: 'fish' })).toBe(3);
		expect(woodCost(s, 0, { type: 'buy', kind: 'grain' })).toBe(5);
		expect(woodCost(s, 0, { type: 'play', card: 'moai', count: 1 })).toBe(7);
		expect(woodCost(s, 0, { type: 'play', card: 'priest', count: 1 })).toBe(0);
		expect(woodCost(s, 0, { type: 'skip' })).toBe(0);
	});

	it('R-5.5: warns of a purchase that leaves 3 moai in hand with less than 7 wood, and of nothing else', () => {
		const moai = ['moai-1', 'moai-2', 'moai-3'];
		expect(leadsToThreeMoai(at({ hand: moai, wood: 9 }), 0, { type: 'buy', kind: 'grain' })).toBe(true);
		expect(leadsToThreeMoai(at({ hand: moai, wood: 12 }), 0, { type: 'buy', kind: 'grain' })).toBe(false);
		expect(leadsToThreeMoai(at({ hand: ['moai-1', 'moai-2', 'priest-1'], wood: 5 }), 0, { type: 'buy', kind: 'grain' })).toBe(false);
		expect(leadsToThreeMoai(at({ hand: moai, wood: 6 }), 0, { type: 'skip' })).toBe(false);
	});

	it('R-7.5, R-7.2: one per moai in the display, one more with the moai bonus', () => {
		const s = at({ hand: [], wood: 0, display: ['moai-1', 'moai-2'] }, (x) => (x.displays[1] = ['moai-3']));
		expect(moaiAmount(s, 0)).toBe(3);
		expect(moaiAmount(s, 1)).toBe(1);
	});
});
