// M-3 the course of the game, M-5 step A: terrain cards, mammals, the volcano and its eruption.
import { describe, expect, it } from 'vitest';
import { playOut } from '$lib/engine';
import { shuffle } from './setup';
import { moa } from './index';
import { moaKind } from './kind';
import { activeTerrains, salePrice } from './rules';
import { birds, entries, erupted, giveLeaderTile, hand, mammals, mammalTop, nextRound, play, put, refused, tile, types } from './test-helpers';
import type { MoaEntry, MoaState } from './types';

const beforeRound = (players: number, left: string, right: string, f: (s: MoaState) => void = () => {}) => nextRound(players, left, right, f);

describe('M-3 the course of the game', () => {
	it('M-3.1: 2 periods of cards, 7 action rounds, scoring and clean-up; no clean-up after period 2 (M-10.4)', () => {
		const out = playOut(moaKind, { config: { players: 3 }, seed: 'course' });
		const log = out.log.flatMap((b) => b.log as MoaEntry[]);
		expect(entries(log, 'period').map((e) => e.period)).toEqual([1, 2]);
		expect(entries(log, 'round').map((e) => `${e.period}.${e.round}`)).toEqual(['1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7', '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7']);
		expect(entries(log, 'scoring').map((e) => e.period)).toEqual([1, 2]);
		expect(entries(log, 'cleanup')).toHaveLength(1);
		const order = types(log).filter((t) => ['period', 'scoring', 'cleanup', 'end'].includes(t));
		expect(order).toEqual(['period', 'scoring', 'cleanup', 'period', 'scoring', 'end']);
		expect(out.state.phase.kind).toBe('over');
	});

	it('M-3.2: a round is A terrain cards, B one action each in player order, C the marker passes', () => {
		const { s, seat } = beforeRound(4, 'T08', 'T14', (x) => mammalTop(x, ['M01', 'M05'])); // mountains and plains: draw 1 mammal each
		const r = play(s, seat, { type: 'pass' });
		const t = types(r.log);
		expect(t.slice(0, 5)).toEqual(['pass', 'round', 'terrain', 'mammal', 'mammal']);
		expect(r.state.startPlayer).toBe(1);
		expect(r.state.round).toBe(2);
		// B: the new start player first, then clockwise.
		let x = r.state;
		const seen: number[] = [];
		while (x.round === 2) {
			const p = x.phase as Extract<MoaState['phase'], { kind: 'turn' }>;
			expect(p.kind).toBe('turn');
			seen.push(p.seat);
			x = play(x, p.seat, { type: 'pass' }).state;
		}
		expect(seen).toEqual([1, 2, 3, 0]);
		expect(x.startPlayer).toBe(2);
	});

	it('M-3.3: the marker passes after round 7 too and is never reset, so period 2 starts with the next player', () => {
		const out = playOut(moaKind, { config: { players: 3, startPlayer: 0 }, seed: 'marker' });
		const rounds = entries(
			out.log.flatMap((b) => b.log as MoaEntry[]),
			'round'
		).map((e) => e.startPlayer);
		expect(rounds).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]);
	});
});

describe('M-5.1–M-5.3 terrain cards', () => {
	it('M-5.1: the top card goes left, the next right; the previous two stay drawn (terrain discard)', () => {
		const { s, seat } = beforeRound(3, 'T27', 'T08');
		const before = s.active!;
		const r = play(s, seat, { type: 'pass' });
		expect(r.state.active).toEqual(['T27', 'T08']);
		expect(r.log).toContainEqual({ type: 'terrain', left: 'T27', right: 'T08' });
		expect(r.state.terrainDrawn.slice(-4)).toEqual([...before, 'T27', 'T08']);
		expect(r.state.terrainDeckLeft).toBe(s.terrainDeckLeft - 2);
	});

	it('M-5.2: the left card is resolved completely, its defence included, before the right card', () => {
		const { s, seat } = beforeRound(3, 'T01', 'T27', (x) => {
			mammalTop(x, mammals('weasel', 1));
			put(x, 1, 1, 2);
			hand(x, 1, birds('haasts_eagle', 2));
		});
		const r = play(s, seat, { type: 'pass' });
		// Both cards lie face up; the weasel waits for seat 1; the volcano has not moved yet.
		expect(r.state.active).toEqual(['T01', 'T27']);
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 1, region: 1 });
		expect(r.state.volcano).toBe(0);
		const d = play(r.state, 1, { type: 'decline' });
		expect(types(d.log).slice(0, 3)).toEqual(['declined', 'invaded', 'volcano']);
		expect(d.state.volcano).toBe(1);
	});

	it('M-5.3: the two cards’ types are active until the next step A; one type if both share it', () => {
		const { s, seat } = beforeRound(3, 'T20', 'T21'); // forest, forest
		const r = play(s, seat, { type: 'pass' });
		expect(activeTerrains(r.state)).toEqual(['forest']);
		const x = r.state;
		refused(x, x.phase.kind === 'turn' ? x.phase.seat : 1, { type: 'place', region: 1, birds: 1, pay: { cards: [], tiles: [] } }, 'REGION_NOT_ACTIVE');
	});
});

describe('M-5.4 drawing mammal cards', () => {
	it('M-5.4: dogs, possums and rats go into the display on their kind’s space, behind the cards there', () => {
		const { s, seat } = beforeRound(3, 'T03', 'T12', (x) => {
			mammalTop(x, ['M02', 'M05', 'M01']); // coast: draw 2; mountains: all possums attack
			x.secret.mammalDeck = x.secret.mammalDeck.filter((c) => c !== 'M04');
			x.display.dog = ['M04'];
		});
		const r = play(s, seat, { type: 'pass' });
		expect(entries(r.log, 'mammal').map((e) => e.card)).toEqual(['M02', 'M05']);
		// T12 then made the possum attack (region 1 is empty: invaded at once).
		expect(r.state.display.dog).toEqual(['M04', 'M02']);
		expect(r.state.display.possum).toEqual([]);
		expect(r.state.regions[0].mammal).toEqual({ kind: 'possum', side: 'attack', combat: 4, vp: 3 });
		expect(r.state.secret.mammalDeck[0]).toBe('M01');
	});

	it('M-5.4 (Settled: one at a time): a weasel attacks at once and is resolved, defence included, before the next card is drawn', () => {
		const { s, seat } = beforeRound(3, 'T03', 'T08', (x) => {
			mammalTop(x, ['M16', 'M01', 'M10']);
			put(x, 1, 0, 1);
			hand(x, 0, birds('haasts_eagle', 2));
		});
		const r = play(s, seat, { type: 'pass' });
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 0, region: 1, card: 'M16' });
		expect(r.state.display.dog).toEqual([]);
		expect(r.state.mammalDeckLeft).toBe(s.mammalDeckLeft - 1);
		const d = play(r.state, 0, { type: 'defend', pay: { cards: birds('haasts_eagle', 2), tiles: [] } });
		expect(entries(d.log, 'mammal').map((e) => e.card)).toEqual(['M01', 'M10']);
		expect(d.state.display).toEqual({ dog: ['M01'], possum: [], rat: ['M10'] });
		// The weasel never enters the display; its card is discarded as its tile is laid (M-6.3).
		expect(d.state.mammalDiscard).toEqual(['M16']);
	});

	it('M-5.4 (Settled): an empty deck is refilled from the shuffled discard pile when a card must be drawn', () => {
		const { s, seat } = beforeRound(3, 'T08', 'T14', (x) => {
			// The deck holds M11 only; the discard pile M12–M15; every other card is in the display or taken.
			display(x);
			x.display.rat = ['M10'];
			x.secret.mammalDeck = ['M11'];
			x.mammalDiscard = ['M12', 'M13', 'M14', 'M15'];
		});
		const discard = [...s.mammalDiscard];
		const r = play(s, seat, { type: 'pass' });
		const drawn = entries(r.log, 'mammal').map((e) => e.card);
		expect(drawn[0]).toBe('M11');
		expect(r.log).toContainEqual({ type: 'mammalReshuffle', cards: discard.length });
		expect(types(r.log).indexOf('mammalReshuffle')).toBeLessThan(types(r.log).lastIndexOf('mammal'));
		// The new deck is the engine's shuffle of the discard pile in its order (M-0.3).
		expect(discard).toContain(drawn[1]);
	});

	it('M-5.4: with deck and discard pile both empty, no more cards are drawn', () => {
		const { s, seat } = beforeRound(3, 'T03', 'T08', (x) => {
			display(x);
		});
		const r = play(s, seat, { type: 'pass' });
		expect(entries(r.log, 'noMammal').length).toBeGreaterThan(0);
		expect(entries(r.log, 'mammal')).toEqual([]);
	});
});

/** Every mammal card but the weasels into the display, the weasels taken by seat 0 (deck and discard empty). */
function display(x: MoaState): void {
	for (const c of x.secret.mammalDeck) {
		const kind = c <= 'M04' ? 'dog' : c <= 'M09' ? 'possum' : c <= 'M15' ? 'rat' : null;
		if (kind) x.display[kind].push(c);
		else x.taken[0].cards.push(c);
	}
	for (const k of Object.keys(x.display)) x.display[k].sort();
	x.secret.mammalDeck = [];
	x.mammalDiscard = [];
}

describe('M-5.5 all dogs / possums / rats attack', () => {
	it('M-5.5: every card of the kind in the display attacks, oldest first; none of the kind: nothing happens', () => {
		const { s, seat } = beforeRound(3, 'T05', 'T13', (x) => {
			// Two dogs, the younger with the lower id; no rat in the display.
			x.secret.mammalDeck = x.secret.mammalDeck.filter((c) => c !== 'M03' && c !== 'M01');
			x.display.dog = ['M03', 'M01'];
		});
		const r = play(s, seat, { type: 'pass' });
		expect(entries(r.log, 'invasion')).toEqual([
			{ type: 'invasion', card: 'M03', region: 1 },
			{ type: 'invasion', card: 'M01', region: 2 }
		]);
		expect(r.state.display.dog).toEqual([]);
		expect(r.state.mammalDiscard).toEqual(['M03', 'M01']);
		// T13 (all rats attack) found no rat: no further invasion.
		expect(entries(r.log, 'invasion')).toHaveLength(2);
	});
});

describe('M-5.6, M-5.7 the volcano', () => {
	it('M-5.6: the marker moves up one space per card', () => {
		const { s, seat } = beforeRound(3, 'T27', 'T28');
		const r = play(s, seat, { type: 'pass' });
		expect(r.state.volcano).toBe(2);
		expect(entries(r.log, 'volcano').map((e) => e.space)).toEqual([1, 2]);
	});

	it('M-5.7: reaching the top space erupts region 12: pieces back to their supplies (leaders not lost), the mammal tile and stronghold back, the leader tile out', () => {
		const { s, seat } = beforeRound(3, 'T27', 'T08', (x) => {
			x.volcano = 4;
			put(x, 12, 0, 3, true);
			put(x, 12, 1, 2);
			x.regions[11].stronghold = true;
		});
		const tile12 = s.regions[11].leaderTile;
		const r = play(s, seat, { type: 'pass' });
		expect(r.state.erupted).toBe(true);
		expect(r.log).toContainEqual({ type: 'eruption', birds: [3, 2, 0], leader: 0, leaderTile: tile12, mammal: null, stronghold: true });
		const v = r.state.regions[11];
		expect([v.birds, v.leader, v.leaderTile, v.stronghold, v.mammal]).toEqual([[0, 0, 0], null, null, false, null]);
		expect(r.state.supplyBirds.slice(0, 2)).toEqual([16, 16]);
		expect(r.state.supplyLeaders[0]).toBe(4);
		expect(r.state.leadersOut[0]).toBe(0);
		expect(r.state.leaderTilesOut).toContain(tile12);
	});

	it('M-5.7 (Settled): a mammal tile on region 12 goes back; a sale of region 12 still counts in the price (M-7.6)', () => {
		const { s, seat } = beforeRound(3, 'T27', 'T08', (x) => {
			x.volcano = 4;
			tile(x, 12, 'dog', 'trade', 1);
			put(x, 12, 1, 1);
			x.sales = 1;
		});
		const r = play(s, seat, { type: 'pass' });
		expect(entries(r.log, 'eruption')[0].mammal).toBe('dog');
		expect(r.state.regions[11].mammal).toBeNull();
		expect(r.state.regions[11].sale).toBeNull();
		expect(r.state.sales).toBe(1);
		expect(salePrice(r.state, 'dog')).toBe(3);
	});

	it('M-5.6 (Settled), M-5.7: after the eruption the instruction does nothing; region 12 takes no action and suffers no invasion', () => {
		const { s, seat } = beforeRound(3, 'T27', 'T29', (x) => {
			erupted(x);
			for (let id = 1; id <= 11; id++) tile(x, id, 'weasel');
			mammalTop(x, mammals('weasel', 1));
		});
		const r = play(s, seat, { type: 'pass' });
		expect(r.state.volcano).toBe(5);
		expect(entries(r.log, 'volcano')).toEqual([]);
		const x = r.state;
		const turnSeat = (x.phase as { seat: number }).seat;
		hand(x, turnSeat, birds('pukeko', 1));
		refused(x, turnSeat, { type: 'place', region: 12, birds: 1, pay: { cards: birds('pukeko', 1), tiles: [] } }, 'ERUPTED');
		expect(moa.legalMoves(x, turnSeat).some((m) => 'region' in m && m.region === 12)).toBe(false);
	});

	it('M-5.7: an invasion never targets the erupted region 12', () => {
		const { s, seat } = beforeRound(3, 'T01', 'T08', (x) => {
			erupted(x);
			for (let id = 1; id <= 11; id++) tile(x, id, 'rat');
			x.regions[10].mammal = null;
			x.regions[10].stronghold = true; // region 11: the only free region holds a stronghold
			mammalTop(x, mammals('weasel', 1));
		});
		const r = play(s, seat, { type: 'pass' });
		expect(r.log).toContainEqual({ type: 'strongholdsBack' });
		expect(entries(r.log, 'invasion')).toEqual([{ type: 'invasion', card: 'M16', region: 11 }]);
	});

	it('M-5.7: mammal cards and tiles already taken are not affected by an eruption', () => {
		const { s, seat } = beforeRound(3, 'T27', 'T08', (x) => {
			x.volcano = 4;
			x.taken[1].tiles.push({ kind: 'rat', vp: 2 });
			giveLeaderTile(x, 1, x.regions[0].leaderTile!);
		});
		const r = play(s, seat, { type: 'pass' });
		expect(r.state.taken[1].tiles).toEqual([{ kind: 'rat', vp: 2 }]);
		expect(r.state.leaderTiles[1]).toHaveLength(1);
	});
});

describe('M-0.3 reshuffles use the engine shuffle of the discard pile in its order', () => {
	it('M-5.4: the refilled mammal deck equals shuffle(discard pile) with the game’s generator', () => {
		const { s, seat } = beforeRound(3, 'T08', 'T27', (x) => {
			display(x);
			// Return the display to the discard pile, in a known order.
			x.mammalDiscard = [...x.display.rat, ...x.display.dog];
			x.display.rat = [];
			x.display.dog = [];
		});
		const expected = shuffle(s.mammalDiscard, [...s.secret.rng] as never);
		const r = play(s, seat, { type: 'pass' });
		expect(entries(r.log, 'mammal')[0].card).toBe(expected[0]);
		expect(r.state.secret.mammalDeck).toEqual(expected.slice(1));
	});
});
