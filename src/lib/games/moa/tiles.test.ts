// M-8.3–M-8.10 leader tiles and karakia tiles: once only, freshness, the six karakia types, "any
// time", the empty draw pile, hands and public discards; M-0.5 whom the game waits for.
import { describe, expect, it } from 'vitest';
import { shuffle } from './setup';
import { moa } from './index';
import { legalMoves } from './legal';
import {
	arrange,
	atTurn,
	birds,
	entries,
	erupted,
	giveKarakia,
	giveLeaderTile,
	hand,
	lastTurn,
	mammals,
	mammalTop,
	nextRound,
	pay,
	pileTop,
	play,
	put,
	refused,
	thinPile,
	terrainTop,
	tile,
	turn,
	types
} from './test-helpers';
import type { MoaState } from './types';

const B = (species: string, n = 1, skip = 0) => birds(species, n + skip).slice(skip);
const COAST_FOREST: [string, string] = ['T01', 'T20'];

describe('M-8.3 leader tiles', () => {
	it('M-8.3 (Settled): a symbol leader tile pays once and leaves the game', () => {
		const s = turn(3, COAST_FOREST, [], (x) => giveLeaderTile(x, 0, 'L05')); // 3 bird symbols
		const r = play(s, 0, { type: 'place', region: 1, birds: 3, pay: pay([], ['L05']) });
		expect(r.state.leaderTiles[0]).toEqual([]);
		expect(r.state.leaderTilesOut).toEqual(['L05']);
		expect(r.state.regions[0].birds[0]).toBe(3);
	});

	it('M-8.3 (Settled): a tile stays with its taker when their leader is removed by an invasion', () => {
		const { s, seat } = nextRound(3, 'T01', 'T27', (x) => {
			mammalTop(x, mammals('weasel', 1));
			put(x, 1, 1, 1, true);
			giveLeaderTile(x, 1, 'L12');
			hand(x, 1, []);
		});
		const r = play(s, seat, { type: 'pass' });
		expect(r.state.leadersOut[1]).toBe(1);
		expect(r.state.leaderTiles[1]).toEqual([{ id: 'L12', fresh: false }]);
	});

	it('M-8.3 (Settled): unused symbol tiles are kept into period 2; VP tiles score and leave (M-9.8)', () => {
		const s = arrange(3, (x) => {
			x.round = 7;
			lastTurn(x);
			giveLeaderTile(x, 0, 'L07');
			giveLeaderTile(x, 0, 'L03');
			giveKarakia(x, 0, 'K01');
		});
		const r = play(s, 2, { type: 'pass' });
		expect(r.state.period).toBe(2);
		expect(r.state.leaderTiles[0].map((t) => t.id)).toEqual(['L07']);
		expect(r.state.karakia[0].map((t) => t.id)).toEqual(['K01']); // M-8.5: kept across periods
		expect(r.state.leaderTilesOut).toContain('L03');
	});
});

describe('M-8.4 when a gained tile becomes usable', () => {
	it('M-8.4: a karakia tile bought now is not usable in the same turn, even an "any time" one', () => {
		const s = turn(3, COAST_FOREST, B('morepork', 2), (x) => {
			giveKarakia(x, 0, 'K10'); // a usable move tile keeps the turn open
			put(x, 3, 0, 1);
		});
		const r = play(s, 0, { type: 'buy', types: ['draw_card'], pay: pay(B('morepork')) });
		expect(r.state.phase).toEqual({ kind: 'turn', seat: 0, acted: true });
		refused(r.state, 0, { type: 'drawCard', tile: 'K01' }, 'NOT_YOUR_TILE');
		expect(legalMoves(r.state, 0).some((m) => m.type === 'drawCard')).toBe(false);
		const later = play(r.state, 0, { type: 'end' }).state;
		refused(later, 0, { type: 'drawCard', tile: 'K01' }, 'NOT_YOUR_TILE'); // still not during other turns
	});

	it('M-8.4 (Settled): not usable in a defence before the next own turn — the next step A is too early', () => {
		// Round 1: seat 2 (last) buys a double-combat tile; round 2 starts with a weasel on seat 2's region.
		const s = arrange(3, (x) => {
			atTurn(x, 2);
			put(x, 1, 2, 2);
			hand(x, 2, [...B('kiwi'), ...B('haasts_eagle'), ...B('kea')]);
			terrainTop(x, ['T01', 'T27']);
			mammalTop(x, mammals('weasel', 1));
		});
		const r = play(s, 2, { type: 'buy', types: ['double_combat'], pay: pay(B('kiwi')) });
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 2, region: 1 });
		expect(r.state.karakia[2]).toEqual([{ id: 'K06', fresh: true }]);
		refused(r.state, 2, { type: 'defend', pay: pay([...B('kea')], ['K06']) }, 'NOT_YOUR_TILE');
		expect(legalMoves(r.state, 2).filter((m) => m.type === 'defend')).toEqual([{ type: 'defend', pay: pay([...B('haasts_eagle'), ...B('kea')]) }]);
		// After seat 2's next turn begins the tile is usable.
		let x = play(r.state, 2, { type: 'decline' }).state;
		while (!(x.phase.kind === 'turn' && x.phase.seat === 2)) x = play(x, (x.phase as { seat: number }).seat, { type: 'pass' }).state;
		expect(x.karakia[2]).toEqual([{ id: 'K06', fresh: false }]);
	});

	it('M-8.4: a tile bought in round 7 of period 1 becomes usable in period 2, at its holder’s first turn', () => {
		const s = arrange(3, (x) => {
			x.round = 7;
			lastTurn(x);
			hand(x, 2, B('morepork'));
		});
		const r = play(s, 2, { type: 'buy', types: ['draw_card'], pay: pay(B('morepork')) });
		expect(r.state.period).toBe(2);
		// Period 2 starts with seat 1 (M-3.3): seat 2's tile is still fresh until its own turn.
		expect(r.state.karakia[2]).toEqual([{ id: 'K01', fresh: true }]);
		let x = r.state;
		while (!(x.phase.kind === 'turn' && x.phase.seat === 2)) x = play(x, (x.phase as { seat: number }).seat, x.phase.kind === 'defend' ? { type: 'decline' } : { type: 'pass' }).state;
		expect(x.karakia[2]).toEqual([{ id: 'K01', fresh: false }]);
		expect(play(x, 2, { type: 'drawCard', tile: 'K01' }).state.handSize[2]).toBe(10);
	});
});

describe('M-8.5 karakia tiles after use', () => {
	it('M-8.5 (Settled): a used tile goes back onto its stack and can be bought again; several at once, of one type too', () => {
		const { s, seat } = nextRound(3, 'T01', 'T27', (x) => {
			mammalTop(x, mammals('weasel', 1));
			put(x, 1, 0, 1);
			hand(x, 0, B('tui'));
			giveKarakia(x, 0, 'K06');
			giveKarakia(x, 0, 'K07');
		});
		let r = play(s, seat, { type: 'pass' });
		r = play(r.state, 0, { type: 'defend', pay: pay(B('tui'), ['K06', 'K07']) }); // 1 + 2 + 2 = 5
		expect(r.state.karakia[0]).toEqual([]);
		expect(r.state.karakiaSupply.double_combat).toEqual(['K06', 'K07']);
		expect(r.state.taken[0].tiles).toEqual([{ kind: 'weasel', vp: 3 }]);
	});
});

describe('M-8.6 draw a card, exchange three', () => {
	it('M-8.6, M-0.5: draw a card at any time, outside one’s turn; the game still waits for the same player; the log hides the card', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 2, 'K01');
			pileTop(x, ['B05']);
		});
		expect(moa.activeSeats(s)).toEqual([0]);
		const r = play(s, 2, { type: 'drawCard', tile: 'K01' });
		expect(r.log).toEqual([{ type: 'drawCard', seat: 2, tile: 'K01', cards: 1 }]);
		expect(r.state.secret.hands[2].at(-1)).toBe('B05');
		expect(r.state.handSize[2]).toBe(10); // M-8.9: no hand limit
		expect(r.state.phase).toEqual(s.phase);
		expect(r.state.karakiaSupply.draw_card).toEqual(['K01', 'K02', 'K03']);
		for (const v of [null, 0, 1]) expect(JSON.stringify(moa.view(r.state, v))).not.toContain('B05');
	});

	it('M-8.6: exchange three: draw 3, then discard any 3 face up before any other move of that player; the game waits for the discard', () => {
		const s = turn(3, COAST_FOREST, B('pukeko', 2), (x) => {
			giveKarakia(x, 0, 'K04');
			pileTop(x, ['B01', 'B02', 'B23']);
		});
		const r = play(s, 0, { type: 'exchange', tile: 'K04' });
		expect(r.log).toEqual([{ type: 'exchange', seat: 0, tile: 'K04', cards: 3 }]);
		const x = r.state;
		expect(x.owe[0]).toBe(3);
		expect(x.secret.hands[0]).toEqual([...B('pukeko', 2), 'B01', 'B02', 'B23']);
		expect(moa.activeSeats(x)).toEqual([0]);
		expect(legalMoves(x, 0).every((m) => m.type === 'discard')).toBe(true);
		refused(x, 0, { type: 'pass' }, 'DISCARD_FIRST');
		refused(x, 0, { type: 'discard', cards: ['B01', 'B02'] }, 'DISCARD_COUNT');
		refused(x, 0, { type: 'discard', cards: ['B01', 'B01', 'B02'] }, 'NOT_YOUR_CARDS');
		refused(x, 0, { type: 'discard', cards: ['B01', 'B02', 'B60'] }, 'NOT_YOUR_CARDS');
		const d = play(x, 0, { type: 'discard', cards: ['B23', ...B('pukeko', 2)] }); // the new ones included
		expect(d.log).toEqual([{ type: 'discard', seat: 0, cards: ['B23', ...B('pukeko', 2)] }]);
		expect(d.state.birdDiscard).toEqual(['B23', ...B('pukeko', 2)]); // M-8.10: face up, ascending ids
		expect(d.state.secret.hands[0]).toEqual(['B01', 'B02']);
		expect(d.state.phase).toEqual(s.phase);
		for (const v of [null, 1, 2]) expect(moa.view(d.state, v).birdDiscard).toEqual(['B23', ...B('pukeko', 2)]);
	});

	it('M-0.5, M-8.6: a player who owes a discard outside their turn is awaited beside the player asked', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => giveKarakia(x, 1, 'K05'));
		const r = play(s, 1, { type: 'exchange', tile: 'K05' });
		expect(moa.activeSeats(r.state)).toEqual([1, 0]);
		expect(play(r.state, 0, { type: 'pass' }).state.phase).toMatchObject({ kind: 'turn', seat: 1 });
		const hand1 = r.state.secret.hands[1].slice(0, 3);
		const after = play(play(r.state, 0, { type: 'pass' }).state, 1, { type: 'discard', cards: hand1 });
		expect(after.state.owe[1]).toBe(0);
	});

	it('M-8.6 (Settled): with fewer than 3 cards to draw, draw as many as possible and discard that many', () => {
		const t = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 0, 'K04');
			x.secret.hands[1].push(...x.secret.birdPile.splice(2)); // 2 cards left to draw, none discarded
		});
		const r = play(t, 0, { type: 'exchange', tile: 'K04' });
		expect(r.log).toEqual([{ type: 'exchange', seat: 0, tile: 'K04', cards: 2 }]);
		expect(r.state.owe[0]).toBe(2);
	});

	it('M-8.6 (Settled): neither can be used while no card can be drawn; M-8.8: an empty pile is refilled from the shuffled discard pile', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 0, 'K01');
			giveKarakia(x, 0, 'K05');
			x.secret.hands[1].push(...x.secret.birdPile.splice(0));
		});
		refused(s, 0, { type: 'drawCard', tile: 'K01' }, 'NOTHING_TO_DRAW');
		refused(s, 0, { type: 'exchange', tile: 'K05' }, 'NOTHING_TO_DRAW');
		expect(legalMoves(s, 0).some((m) => m.type === 'drawCard' || m.type === 'exchange')).toBe(false);
		const t = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 0, 'K01');
			thinPile(x, 0); // the whole pile onto the discard pile
		});
		const expected = shuffle(t.birdDiscard, [...t.secret.rng] as never);
		const r = play(t, 0, { type: 'drawCard', tile: 'K01' });
		expect(types(r.log)).toEqual(['birdReshuffle', 'drawCard']);
		expect(r.log[0]).toEqual({ type: 'birdReshuffle', cards: t.birdDiscard.length });
		expect(r.state.secret.hands[0].at(-1)).toBe(expected[0]);
		expect(r.state.secret.birdPile).toEqual(expected.slice(1));
		expect(r.state.birdDiscard).toEqual([]);
	});
});

describe('M-8.6 any region, move birds, stronghold', () => {
	it('M-8.6 any region: this turn’s action may target any terrain, an active one too; every other condition still holds; the tile returns', () => {
		const s = turn(3, COAST_FOREST, B('pukeko', 2), (x) => {
			giveKarakia(x, 0, 'K08');
			tile(x, 9, 'rat');
		});
		// The tile may be used on an active region too (no rule forbids it): it is spent for nothing.
		const needless = play(s, 0, { type: 'place', region: 1, birds: 4, pay: pay(B('pukeko')), anyRegion: 'K08' });
		expect(needless.log[0]).toMatchObject({ type: 'place', region: 1, anyRegion: 'K08' });
		expect(needless.state.karakia[0]).toEqual([]);
		expect(needless.state.karakiaSupply.any_region).toEqual(['K08', 'K09']);
		refused(s, 0, { type: 'place', region: 9, birds: 1, pay: pay(B('pukeko')), anyRegion: 'K08' }, 'REGION_CLOSED');
		refused(s, 0, { type: 'place', region: 3, birds: 1, pay: pay(B('pukeko')), anyRegion: 'K09' }, 'NOT_YOUR_TILE');
		const r = play(s, 0, { type: 'place', region: 3, birds: 4, pay: pay(B('pukeko')), anyRegion: 'K08' });
		expect(r.log[0]).toMatchObject({ type: 'place', region: 3, anyRegion: 'K08' });
		expect(r.state.karakia[0]).toEqual([]);
		expect(r.state.karakiaSupply.any_region).toEqual(['K08', 'K09']);
	});

	it('M-8.6 move birds: before the action, 1 or 2 own birds from one region to another, ignoring terrain; leaders never move', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 0, 'K10');
			put(x, 3, 0, 3, true);
		});
		refused(s, 0, { type: 'move', tile: 'K10', from: 3, to: 3, count: 1 }, 'BAD_REGION');
		refused(s, 0, { type: 'move', tile: 'K10', from: 3, to: 7, count: 3 }, 'BAD_COUNT');
		refused(s, 0, { type: 'move', tile: 'K10', from: 7, to: 3, count: 1 }, 'NO_BIRDS_THERE');
		refused(s, 0, { type: 'move', tile: 'K10', from: 3, to: 13, count: 1 }, 'BAD_REGION');
		const r = play(s, 0, { type: 'move', tile: 'K10', from: 3, to: 7, count: 2 }); // plains to mountains: neither active
		expect(r.state.regions[2]).toMatchObject({ birds: [1, 0, 0], leader: 0 });
		expect(r.state.regions[6].birds).toEqual([2, 0, 0]);
		expect(r.state.phase).toEqual({ kind: 'turn', seat: 0, acted: false }); // the action is still to come
		expect(r.log).toEqual([{ type: 'move', seat: 0, tile: 'K10', from: 3, to: 7, count: 2 }]);
	});

	it('M-8.6 (Settled) move birds: out of and into sold and invaded regions; a sale marker may leave and the region stays sold; never region 12 once erupted', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 0, 'K10');
			giveKarakia(x, 0, 'K11');
			tile(x, 2, 'dog', 'trade', 0);
			put(x, 2, 0, 1);
			tile(x, 4, 'weasel');
			put(x, 5, 0, 2);
			erupted(x);
		});
		let r = play(s, 0, { type: 'move', tile: 'K10', from: 2, to: 4, count: 1 });
		expect(r.state.regions[1]).toMatchObject({ birds: [0, 0, 0], sale: { seller: 0, scored: false } });
		expect(r.state.regions[3].birds[0]).toBe(1);
		refused(r.state, 0, { type: 'move', tile: 'K11', from: 5, to: 12, count: 1 }, 'ERUPTED');
		r = play(r.state, 0, { type: 'move', tile: 'K11', from: 5, to: 2, count: 2 });
		expect(r.state.regions[1].birds[0]).toBe(2);
	});

	it('M-8.6 stronghold: any region ignoring terrain, but not one with a stronghold, a mammal tile or the erupted region 12', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 0, 'K12');
			x.regions[2].stronghold = true;
			tile(x, 5, 'rat');
			erupted(x);
		});
		for (const region of [3, 5, 12]) refused(s, 0, { type: 'stronghold', tile: 'K12', region }, 'NO_STRONGHOLD_HERE');
		const r = play(s, 0, { type: 'stronghold', tile: 'K12', region: 7 });
		expect(r.state.regions[6].stronghold).toBe(true);
		expect(r.state.karakiaSupply.stronghold).toEqual(['K12', 'K13']);
	});

	it('M-8.6 (Settled), M-0.5: after the action the turn waits for usable move/stronghold tiles; several, of one type too; the last one used ends it', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 0, 'K12');
			giveKarakia(x, 0, 'K13');
		});
		let r = play(s, 0, { type: 'place', region: 1, birds: 4, pay: pay(B('pukeko')) });
		expect(r.state.phase).toEqual({ kind: 'turn', seat: 0, acted: true });
		refused(r.state, 0, { type: 'pass' }, 'ALREADY_ACTED');
		refused(r.state, 0, { type: 'place', region: 2, birds: 1, pay: pay([]) }, 'ALREADY_ACTED');
		r = play(r.state, 0, { type: 'stronghold', tile: 'K12', region: 1 });
		expect(r.state.phase).toEqual({ kind: 'turn', seat: 0, acted: true });
		r = play(r.state, 0, { type: 'stronghold', tile: 'K13', region: 2 });
		expect(r.state.phase).toEqual({ kind: 'turn', seat: 1, acted: false });
		expect([r.state.regions[0].stronghold, r.state.regions[1].stronghold]).toEqual([true, true]);
	});

	it('M-8.6 (Settled), M-7.8: passing is an action, so the tiles may be used with it; "end" ends the turn instead', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 0, 'K10');
			put(x, 3, 0, 2);
		});
		const r = play(s, 0, { type: 'pass' });
		expect(r.state.phase).toEqual({ kind: 'turn', seat: 0, acted: true });
		expect(legalMoves(r.state, 0).map((m) => m.type)).toContain('end');
		const e = play(r.state, 0, { type: 'end' });
		expect(e.state.phase).toEqual({ kind: 'turn', seat: 1, acted: false });
		expect(e.state.karakia[0]).toEqual([{ id: 'K10', fresh: false }]);
		refused(e.state, 0, { type: 'move', tile: 'K10', from: 3, to: 4, count: 1 }, 'NOT_YOUR_TURN');
		// A move tile with no own bird on the board cannot be used: the turn does not wait for it.
		const t = turn(3, COAST_FOREST, B('pukeko'), (x) => giveKarakia(x, 0, 'K10'));
		expect(play(t, 0, { type: 'pass' }).state.phase).toMatchObject({ seat: 1 });
	});
});

describe('M-8.7 "at any time"', () => {
	it('M-8.7: a player may draw a card and then answer a defence request with it', () => {
		const { s, seat } = nextRound(3, 'T01', 'T27', (x) => {
			mammalTop(x, mammals('weasel', 1));
			put(x, 1, 1, 1);
			hand(x, 1, B('haasts_eagle'));
			giveKarakia(x, 1, 'K01');
			pileTop(x, B('kea'));
		});
		let r = play(s, seat, { type: 'pass' });
		// 1 card + 1 draw tile: (1 + 1) × 3 ≥ 5, so asked (M-0.4).
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 1 });
		r = play(r.state, 1, { type: 'drawCard', tile: 'K01' });
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 1 });
		r = play(r.state, 1, { type: 'defend', pay: pay([...B('haasts_eagle'), ...B('kea')]) });
		expect(r.state.taken[1].tiles).toHaveLength(1);
	});

	it('M-8.7: not after the game is over', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'), (x) => {
			giveKarakia(x, 1, 'K01');
			x.phase = { kind: 'over' };
		});
		refused(s, 1, { type: 'drawCard', tile: 'K01' }, 'GAME_OVER');
	});
});

describe('M-8.9, M-8.10 hands and discards', () => {
	it('M-8.9: the 9 cards must last the period: nothing refills a hand but karakia tiles', () => {
		const s = turn(3, COAST_FOREST, B('pukeko'));
		let x: MoaState = play(s, 0, { type: 'place', region: 1, birds: 4, pay: pay(B('pukeko')) }).state;
		x = play(x, 1, { type: 'pass' }).state;
		x = play(x, 2, { type: 'pass' }).state;
		expect(x.handSize[0]).toBe(0);
		expect(x.round).toBe(2);
	});

	it('M-8.10, M-10.1: every discarded card is public, with who discarded it: played, exchanged and cleaned up', () => {
		const s = arrange(3, (x) => {
			x.round = 7;
			lastTurn(x);
		});
		const hands = s.secret.hands.map((h) => [...h].sort());
		const r = play(s, 2, { type: 'pass' });
		const cleanup = entries(r.log, 'cleanup')[0];
		expect(cleanup.discarded).toEqual(hands);
	});
});
