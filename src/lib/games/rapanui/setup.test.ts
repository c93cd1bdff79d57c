// R-1 components and R-2 setup, with R-0.3's provable shuffle.
import { describe, expect, it } from 'vitest';
import { below, commitSeed, seedRng, startState } from '$lib/engine';
import { rapanui } from './index';
import { draws, shuffle } from './engine';
import { COLOURS, DECK, pileTypes, typeOf } from './rules';
import { fresh } from './test-helpers';
import type { Colour, RapaNuiState } from './types';

const setup = (players: number, seed = 'seed-1', extra = {}) => {
	const r = rapanui.start({ players, ...extra }, seed);
	if (!r.ok) throw new Error(r.message);
	return r.value;
};

describe('R-1 components', () => {
	it('R-1.1: 50 Rapa Nui cards: 9 moai, 9 priests, 12 woodcutters, 5 hunter-gatherers of each kind', () => {
		const count = (t: string) => DECK.filter((id) => typeOf(id) === t).length;
		expect(DECK.length).toBe(50);
		expect([count('moai'), count('priest'), count('woodcutter')]).toEqual([9, 9, 12]);
		for (const k of ['fish', 'paper_mulberry', 'sweet_potato', 'grain']) expect(count(k)).toBe(5);
	});

	it('R-1.2: 4 start cards per colour: 1 woodcutter and 3 hunter-gatherers of three different kinds', () => {
		const s = fresh(4);
		for (let seat = 0; seat < 4; seat++) {
			expect(s.displays[seat].map(typeOf)).toEqual(['woodcutter']);
			expect(new Set(s.hands[seat].map(typeOf)).size).toBe(3);
			expect(s.hands[seat].every((id) => !['woodcutter', 'priest', 'moai'].includes(typeOf(id)))).toBe(true);
		}
	});

	it('R-1.3, R-2.4: 25 offering cards per kind; each player starts with 1 of each kind', () => {
		for (const n of [2, 3, 4]) {
			const s = fresh(n);
			for (const k of ['fish', 'paper_mulberry', 'sweet_potato', 'grain'] as const) {
				expect(s.supply[k]).toBe(25 - n);
				for (let seat = 0; seat < n; seat++) expect([s.ledger[seat][k], s.secret.collections[seat][k]]).toEqual([1, 1]);
			}
		}
	});

	it('R-1.4: wood and fame are plain numbers without a cap', () => {
		const s = fresh(2);
		expect(s.fame).toEqual([0, 0]);
		expect(typeof s.wood[0]).toBe('number');
	});
});

describe('R-2 setup', () => {
	it('R-2.1: 2 to 4 players; other counts are refused', () => {
		for (const n of [1, 5, 0, 2.5]) expect(startState(rapanui, { players: n }, 'x').ok).toBe(false);
		for (const n of [2, 3, 4]) expect(startState(rapanui, { players: n }, 'x').ok).toBe(true);
	});

	it('R-2.1: chosen colours are kept; the others are drawn from the colours left', () => {
		const s = setup(3, 'colours', { colours: [null, 'purple', null] }).state;
		expect(s.colours[1]).toBe('purple');
		expect(new Set(s.colours).size).toBe(3);
		expect(startState(rapanui, { players: 2, colours: ['red', 'red'] }, 'x').ok).toBe(false);
		expect(startState(rapanui, { players: 2, colours: ['gold' as Colour] }, 'x').ok).toBe(false);
	});

	it('R-2.2: each player lays their woodcutter and takes their 3 hunter-gatherers; other colours leave the game', () => {
		const s = fresh(2);
		expect(s.displays).toEqual([['start-yellow_green-woodcutter'], ['start-light_blue-woodcutter']]);
		expect(s.hands[0]).toEqual(['start-yellow_green-paper_mulberry', 'start-yellow_green-sweet_potato', 'start-yellow_green-grain']);
		expect(JSON.stringify(s)).not.toContain('start-red');
	});

	it('R-2.3: the top 16 cards fill columns 1–4 in order, the first of each column at the back; 34 stay in the pile', () => {
		const { state: s, log } = setup(2, 'deal');
		const { pile } = draws({ players: 2 }, 'deal');
		expect(s.columns).toEqual([pile.slice(0, 4), pile.slice(4, 8), pile.slice(8, 12), pile.slice(12, 16)]);
		expect(s.pileLeft).toBe(34);
		expect(s.secret.pile).toEqual(pile.slice(16));
		expect(log[0]).toEqual({ type: 'start', startPlayer: s.startPlayer, colours: s.colours, display: s.columns });
	});

	it('R-2.5: starting wood 2, 3, 4, 5 from the start player clockwise; fame 0', () => {
		const s = setup(4, 'wood', { startPlayer: 2 }).state;
		expect(s.wood).toEqual([4, 5, 2, 3]);
		expect(s.active).toBe(2);
		expect(setup(2, 'w', { startPlayer: 1 }).state.wood).toEqual([3, 2]);
	});

	it('R-2.6: only the colours and seats differ by player count: same deck, display and supply rules', () => {
		for (const n of [2, 3, 4]) {
			const s = fresh(n);
			expect(s.columns.flat().length + s.pileLeft).toBe(50);
			expect(s.hands.length).toBe(n);
		}
	});
});

describe('R-0.3 provable shuffle', () => {
	it('draws the start player, then the free colours from seat 1 clockwise, then Fisher–Yates from the end', () => {
		const seed = 'prove-me';
		const rng = seedRng(seed);
		const startPlayer = below(rng, 3);
		const free = [...COLOURS];
		const colours: Colour[] = [];
		for (let k = 0; k < 3; k++) colours[(startPlayer + k) % 3] = free.splice(below(rng, free.length), 1)[0];
		const pile = [...DECK];
		for (let i = pile.length - 1; i >= 1; i--) {
			const j = below(rng, i + 1);
			[pile[i], pile[j]] = [pile[j], pile[i]];
		}
		const s: RapaNuiState = setup(3, seed).state;
		expect(s.startPlayer).toBe(startPlayer);
		expect(s.colours).toEqual(colours);
		expect([...s.columns.flat(), ...s.secret.pile]).toEqual(pile);
		expect(s.seedCommitment).toBe(commitSeed(seed));
	});

	it('a creator-fixed order uses no draw for the start player', () => {
		const fixed = draws({ players: 2, startPlayer: 1 }, 's');
		const rng = seedRng('s');
		const free = [...COLOURS];
		const c1 = free.splice(below(rng, free.length), 1)[0];
		expect(fixed.colours[1]).toBe(c1);
		expect(shuffle([1, 2, 3], seedRng('a'))).toHaveLength(3);
	});

	it('R-0.1: the pile composition is public: 50 minus every card laid out', () => {
		const s = fresh(2);
		const t = pileTypes(s);
		expect(Object.values(t).reduce((a, b) => a + b, 0)).toBe(34);
		expect(t.moai).toBe(0); // the canonical deck deals all 9 moai first
		expect(t.priest).toBe(9 - 7);
	});
});
