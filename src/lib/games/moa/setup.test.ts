// M-0.3 provable randomness (the order of the draws), M-1 components, M-2 setup, M-4 phase 1.
import { describe, expect, it } from 'vitest';
import { below, commitSeed, seedRng, type RngState, startState } from '$lib/engine';
import { moa } from './index';
import {
	BIRD_CARDS,
	BIRD_DECK,
	C,
	COLOURS as DATA_COLOURS,
	KARAKIA_TILES,
	KARAKIA_TYPES,
	LEADER_TILES,
	MAMMAL_CARDS,
	MAMMAL_DECK,
	MAMMAL_KINDS,
	PER_COLOUR,
	REGIONS,
	SPECIES,
	TERRAIN_CARDS,
	TERRAIN_DECK,
	VOLCANO_TRACK,
	activeTerrains,
	isActive,
	pieces,
	strongholdsLeft
} from './rules';
import { arrange, COLOURS, fresh, lastTurn, play, put, started, terrain, tile } from './test-helpers';
import type { MoaEntry, MoaState } from './types';

/** An independent Fisher–Yates from the end (M-0.3, Settled: the algorithms). */
function fy<T>(items: readonly T[], rng: RngState): T[] {
	const a = [...items];
	for (let i = a.length - 1; i >= 1; i--) {
		const j = below(rng, i + 1);
		[a[i], a[j]] = [a[j], a[i]];
	}
	return a;
}

const setup = (players: number, seed: string, extra = {}) => {
	const r = moa.start({ players, ...extra }, seed);
	if (!r.ok) throw new Error(r.message);
	return r.value;
};

describe('M-0.3 provable randomness', () => {
	it('M-0.3 (Settled: order of the draws): leader tiles, mammal deck, colours, start player, then the bird and terrain shuffles of period 1', () => {
		const seed = 'draw-order';
		const { state: s, log } = setup(4, seed, { colours: [null, 'green', null, null] });
		const rng = seedRng(seed);
		const leaders = fy(
			LEADER_TILES.map((t) => t.id),
			rng
		);
		const deck = fy(MAMMAL_DECK, rng);
		// Colours as: in seat order, one below() over the free colours in the data's order.
		const free = DATA_COLOURS.filter((c) => c !== 'green');
		const colours = [0, 1, 2, 3].map((seat) => (seat === 1 ? 'green' : free.splice(below(rng, free.length), 1)[0]));
		const first = below(rng, 4);
		const birds = fy(BIRD_DECK, rng);
		const terrainCards = fy(TERRAIN_DECK, rng);

		expect(log[0]).toEqual({ type: 'start', colours, firstPlayer: first, leaderTiles: leaders, neutral: false });
		expect(s.colours).toEqual(colours);
		expect(s.firstPlayer).toBe(first);
		// M-2.2: the i-th tile goes to region i (round 1 may have removed one by an invasion).
		s.regions.forEach((r, i) => expect([leaders[i], null]).toContain(r.leaderTile));
		// M-4.1: blocks of 9 from the top, from the start player clockwise; index 0 is the top.
		for (let k = 0; k < 4; k++) expect(s.secret.hands[(first + k) % 4]).toEqual(birds.slice(9 * k, 9 * k + 9));
		expect(s.secret.birdPile).toEqual(birds.slice(36));
		// M-4.2: the first 16 set aside, the other 14 the deck, top first; round 1 drew the top two.
		expect(s.secret.terrainAside).toEqual(terrainCards.slice(0, 16));
		expect(log.find((e) => e.type === 'terrain')).toEqual({ type: 'terrain', left: terrainCards[16], right: terrainCards[17] });
		expect(s.secret.terrainDeck).toEqual(terrainCards.slice(18));
		// M-2.5: the mammal deck, drawn from the top.
		const drawn = log.filter((e): e is Extract<MoaEntry, { type: 'mammal' }> => e.type === 'mammal').map((e) => e.card);
		expect([...drawn, ...s.secret.mammalDeck]).toEqual(deck);
	});

	it('M-0.3: a fixed start player draws nothing, so the shuffles after it move up by one draw', () => {
		const seed = 'fixed-start';
		const { state: s } = setup(3, seed, { startPlayer: 1, colours: ['red', 'yellow', 'green'] });
		const rng = seedRng(seed);
		fy(LEADER_TILES, rng);
		fy(MAMMAL_DECK, rng);
		const birds = fy(BIRD_DECK, rng);
		expect(s.startPlayer).toBe(1);
		expect(s.secret.hands[1]).toEqual(birds.slice(0, 9));
		expect(s.secret.hands[2]).toEqual(birds.slice(9, 18));
		expect(s.secret.hands[0]).toEqual(birds.slice(18, 27));
	});

	it('M-0.3 (Settled): every d12 roll is 1 + below(12), drawn when it happens', () => {
		const seed = 'd12';
		const { state: s } = setup(2, seed, { startPlayer: 0, colours: ['red', 'yellow'] });
		const rng = seedRng(seed);
		fy(LEADER_TILES, rng);
		fy(MAMMAL_DECK, rng);
		fy(BIRD_DECK, rng);
		fy(TERRAIN_DECK, rng);
		// Round 1 of this seed draws no mammal reshuffle; seat 0's turn is the first decision.
		expect(s.phase).toMatchObject({ kind: 'turn', seat: 0 });
		const r = play(s, 0, { type: 'pass' });
		const roll = r.log.find((e) => e.type === 'roll') as Extract<MoaEntry, { type: 'roll' }>;
		expect(roll.roll).toBe(1 + below(rng, 12));
	});

	it('M-0.3 (Settled: full shuffles are fresh piles): period 2 deals the same whatever pile each card lay in', () => {
		const base = arrange(3, (s) => {
			s.round = 7;
			lastTurn(s);
		});
		const other = structuredClone(base);
		// The same cards, in other piles and another order.
		other.birdDiscard.push(...other.secret.birdPile.splice(0, 20).reverse());
		other.birdPileLeft = other.secret.birdPile.length;
		const a = play(base, 2, { type: 'pass' }).state;
		const b = play(other, 2, { type: 'pass' }).state;
		expect(a.period).toBe(2);
		expect(b.secret.hands).toEqual(a.secret.hands);
		expect(b.secret.birdPile).toEqual(a.secret.birdPile);
		expect(b.secret.terrainAside).toEqual(a.secret.terrainAside);
		expect(b.secret.terrainDeck).toEqual(a.secret.terrainDeck);
	});

	it('M-0.3 commitment: the state publishes SHA-256 of the seed; no view holds the seed before the end', () => {
		const { state: s, log } = started(3);
		expect(s.seedCommitment).toBe(commitSeed('moa-test-seed'));
		for (const v of [null, 0, 1, 2]) expect(JSON.stringify(moa.view(s, v))).not.toContain('moa-test-seed');
		expect(JSON.stringify(log)).not.toContain('moa-test-seed');
		expect(moa.view(s, 0).secret.seed).toBeNull();
	});

	it('M-0.3: the same seed and config give the same game; another seed another', () => {
		expect(JSON.stringify(fresh(4))).toBe(JSON.stringify(fresh(4)));
		expect(fresh(4, {}, 'other').secret.hands).not.toEqual(fresh(4).secret.hands);
	});
});

describe('M-1 components and terms', () => {
	it('M-1.1: 12 regions numbered 1–12 of coast, mountains, plains, forest; region 12 the volcano; two VP values each', () => {
		expect(REGIONS.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
		for (const r of REGIONS.slice(0, 11)) expect(['coast', 'mountains', 'plains', 'forest']).toContain(r.terrain);
		expect(REGIONS[11].terrain).toBe('volcano');
		for (const r of REGIONS) expect(r.primaryVP).toBeGreaterThan(r.secondaryVP);
		// Sourced terrains (the rulebook's examples).
		expect([REGIONS[0].terrain, REGIONS[4].terrain, REGIONS[7].terrain]).toEqual(['coast', 'plains', 'forest']);
		expect(VOLCANO_TRACK.start).toBe(0);
	});

	it('M-1.2: 60 bird cards of 8 species, each with bird, combat, honour and karakia symbols', () => {
		expect(BIRD_CARDS).toHaveLength(60);
		expect(new Set(BIRD_CARDS.map((c) => c.species)).size).toBe(8);
		expect(SPECIES.reduce((a, x) => a + x.count, 0)).toBe(60);
		for (const c of BIRD_CARDS) expect(Object.keys(c.symbols).sort()).toEqual(['bird', 'combat', 'honour', 'karakia']);
	});

	it('M-1.3: 20 mammal cards of dog, possum, rat, weasel with combat, honour and VP; the weasel has no honour', () => {
		expect(MAMMAL_CARDS).toHaveLength(20);
		expect(new Set(MAMMAL_CARDS.map((c) => c.kind))).toEqual(new Set(['dog', 'possum', 'rat', 'weasel']));
		for (const c of MAMMAL_CARDS) expect(c.honour === null).toBe(c.kind === 'weasel');
		expect(MAMMAL_CARDS.find((c) => c.kind === 'dog')!.combat).toBe(6);
	});

	it('M-1.4: 28 printed mammal tiles; the weasel tile has no trade side and never enters the display', () => {
		expect(MAMMAL_KINDS.reduce((a, k) => a + k.printedTiles, 0)).toBe(28);
		const w = MAMMAL_KINDS.find((k) => k.id === 'weasel')!;
		expect([w.tradeSide, w.entersDisplay]).toEqual([false, false]);
	});

	it('M-1.5: 30 terrain cards of the 5 types, each with a list of instructions (one each in the reconstruction)', () => {
		expect(TERRAIN_CARDS).toHaveLength(30);
		expect(new Set(TERRAIN_CARDS.map((c) => c.terrain)).size).toBe(5);
		for (const c of TERRAIN_CARDS) expect(c.instructions).toHaveLength(1);
		expect(TERRAIN_CARDS.some((c) => c.instructions.some((i) => i.kind === 'mammals_attack' && i.mammal === 'weasel'))).toBe(false);
	});

	it('M-1.6, M-1.7: 12 leader tiles (VP or symbols, one with 2 combat); 13 karakia tiles of 6 types with costs', () => {
		expect(LEADER_TILES).toHaveLength(12);
		for (const t of LEADER_TILES) expect((t.vp === undefined) !== (t.symbols === undefined)).toBe(true);
		expect(LEADER_TILES.some((t) => t.symbols?.combat === 2)).toBe(true);
		expect(KARAKIA_TILES).toHaveLength(13);
		expect(KARAKIA_TYPES).toHaveLength(6);
		for (const k of KARAKIA_TYPES) expect(KARAKIA_TILES.filter((t) => t.type === k.id)).toHaveLength(k.count);
	});

	it('M-1.8: 5 colours, 16 birds and 4 leaders each (setup F, not the misprinted 16 leaders); 12 strongholds', () => {
		expect(DATA_COLOURS).toHaveLength(5);
		expect(PER_COLOUR).toEqual({ birds: 16, leaders: 4 });
		expect(C.strongholds).toBe(12);
	});

	it('M-1.9: a piece is a bird or a leader; invaded and sold regions; active regions follow the two terrain cards', () => {
		const s = arrange(3, (x) => {
			put(x, 3, 0, 2, true);
			tile(x, 1, 'weasel');
			tile(x, 2, 'dog', 'trade', 1);
			terrain(x, 'T01', 'T26'); // coast and forest
		});
		expect(pieces(s.regions[2], 0)).toBe(3);
		expect(s.regions[0].mammal?.side).toBe('attack');
		expect(s.regions[1].mammal?.side).toBe('trade');
		expect(activeTerrains(s)).toEqual(['coast', 'forest']);
		expect(REGIONS.filter((r) => isActive(s, r.id)).map((r) => r.id)).toEqual([1, 2, 4, 6, 8, 10]);
	});
});

describe('M-2 setup', () => {
	it('M-2.1: 3 to 5 players, or 2 with the neutral (M-11); other counts refused', () => {
		for (const n of [0, 1, 6, 2.5]) expect(startState(moa, { players: n }, 'x').ok).toBe(false);
		for (const n of [2, 3, 4, 5]) expect(startState(moa, { players: n }, 'x').ok).toBe(true);
		expect(fresh(2).neutral).toBe(true);
		expect(fresh(3).neutral).toBe(false);
	});

	it('M-2.1: chosen colours are kept, the others drawn from the colours left; duplicates and unknown colours refused', () => {
		const s = setup(4, 'colours', { colours: [null, 'black', null] }).state;
		expect(s.colours[1]).toBe('black');
		expect(new Set(s.colours).size).toBe(4);
		expect(startState(moa, { players: 3, colours: ['red', 'red', null] }, 'x').ok).toBe(false);
		expect(startState(moa, { players: 3, colours: ['gold' as never] }, 'x').ok).toBe(false);
		expect(startState(moa, { players: 3, startPlayer: 3 }, 'x').ok).toBe(false);
	});

	it('M-2.1: the start player is drawn unless fixed, and takes the marker; seating is the lobby order', () => {
		const seen = new Set<number>();
		for (let i = 0; i < 30; i++) seen.add(setup(4, `start-${i}`).state.firstPlayer);
		expect(seen.size).toBe(4);
		const s = fresh(4, { startPlayer: 2 });
		expect([s.firstPlayer, s.startPlayer]).toEqual([2, 2]);
		expect(s.colours).toEqual(COLOURS.slice(0, 4));
	});

	it('M-2.2: one leader tile face up in each region (public in every view)', () => {
		const { state: s, log } = started(5);
		const dealt = (log[0] as Extract<MoaEntry, { type: 'start' }>).leaderTiles;
		expect(new Set(dealt)).toEqual(new Set(LEADER_TILES.map((t) => t.id)));
		expect(moa.view(s, 3).regions.map((r) => r.leaderTile)).toEqual(s.regions.map((r) => r.leaderTile));
	});

	it('M-2.3, M-2.4, M-2.5, M-2.6, M-2.7: volcano at 0; karakia stacks by type; mammal deck of 20; 16 birds, 4 leaders, 0 VP each; 12 strongholds in the supply', () => {
		const { state: s, log } = started(3);
		const x = arrange(3);
		expect(x.volcano).toBe(0);
		expect(s.karakiaSupply).toEqual({
			draw_card: ['K01', 'K02', 'K03'],
			exchange_three: ['K04', 'K05'],
			double_combat: ['K06', 'K07'],
			any_region: ['K08', 'K09'],
			move_birds: ['K10', 'K11'],
			stronghold: ['K12', 'K13']
		});
		const drawn = log.filter((e) => e.type === 'mammal').length;
		expect(s.mammalDeckLeft + drawn).toBe(20);
		expect(s.supplyBirds).toEqual([16, 16, 16]);
		expect(s.supplyLeaders).toEqual([4, 4, 4]);
		expect(s.vp).toEqual([0, 0, 0]);
		expect(strongholdsLeft(x)).toBe(12);
		expect(x.display).toEqual({ dog: [], possum: [], rat: [] });
		expect(x.mammalDiscard).toEqual([]);
	});
});

describe('M-4 phase 1: bird cards and terrain cards', () => {
	it('M-4.1: 9 cards each, the rest the draw pile; the discard pile empty; hand sizes public, hands secret', () => {
		for (const n of [2, 3, 4, 5]) {
			const s = fresh(n);
			expect(s.handSize).toEqual(new Array(n).fill(9));
			expect(s.birdPileLeft).toBe(60 - 9 * n);
			expect(s.birdDiscard).toEqual([]);
			const v = moa.view(s, 0);
			expect(v.secret.hands[0]).toEqual(s.secret.hands[0]);
			expect(v.secret.hands.slice(1).every((h) => h === null)).toBe(true);
		}
	});

	it('M-4.1: period 2 shuffles all 60 cards again, the draw and discard piles included; the hands are empty after clean-up', () => {
		const s = arrange(4, (x) => {
			x.round = 7;
			lastTurn(x);
		});
		const r = play(s, 3, { type: 'pass' });
		const p2: MoaState = r.state;
		expect(p2.period).toBe(2);
		expect(p2.birdDiscard).toEqual([]);
		expect(p2.handSize).toEqual([9, 9, 9, 9]);
		expect(new Set([...p2.secret.hands.flat(), ...p2.secret.birdPile]).size).toBe(60);
		// M-3.3: the marker passed after round 7, so period 2's deal starts at seat 1.
		expect(p2.startPlayer).toBe(1);
		expect(r.log.filter((e) => e.type === 'period')).toEqual([{ type: 'period', period: 2 }]);
	});

	it('M-4.2: 16 terrain cards set aside and 14 in the deck, neither seen by anyone; 2 drawn in round 1', () => {
		const s = fresh(3);
		expect(s.secret.terrainAside).toHaveLength(16);
		expect(s.secret.terrainDeck).toHaveLength(12);
		expect(s.terrainDrawn).toHaveLength(2);
		for (const v of [null, 0, 1, 2]) {
			const view = moa.view(s, v);
			expect([view.secret.terrainAside, view.secret.terrainDeck]).toEqual([null, null]);
		}
	});
});
