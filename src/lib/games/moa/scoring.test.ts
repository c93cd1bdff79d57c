// M-9 scoring (the four M-9.9 examples exactly), M-10 clean-up, the end and the standings.
import { resultOf } from '$lib/engine';
import { describe, expect, it } from 'vitest';
import { moa } from './index';
import { moaKind } from './kind';
import { regionValues, scoreRegion, VOLCANO_TRACK } from './rules';
import { scores, standings } from './score';
import { arrange, entries, erupted, giveKarakia, giveLeaderTile, lastTurn, play, put, tile, types } from './test-helpers';
import type { MoaState, Region } from './types';

/** Region `id` of a 4-player board with these pieces per seat (and the leader's owner). */
function region(id: number, birds: number[], leader: number | null = null, volcano = 0): { s: MoaState; r: Region } {
	const s = arrange(4, (x) => {
		birds.forEach((b, seat) => put(x, id, seat, leader === seat ? b - 1 : b, leader === seat));
		x.volcano = volcano;
	});
	return { s, r: s.regions[id - 1] };
}
const points = (id: number, birds: number[], leader: number | null = null, volcano = 0) => {
	const { s, r } = region(id, birds, leader, volcano);
	return scoreRegion(s, r);
};

/** The end of period `period`: the last turn of round 7 with `f`'s board; its pass scores. */
function endOfPeriod(players: number, f: (s: MoaState) => void, period = 1) {
	const s = arrange(players, (x) => {
		x.period = period;
		x.round = 7;
		f(x);
		lastTurn(x);
	});
	const seat = (s.phase as { seat: number }).seat;
	return play(s, seat, { type: 'pass' });
}

describe('M-9.9 the scoring examples, exactly', () => {
	it('M-9.9 a) region 5 (6/3): A 3 with the leader, B 3, C 2 → A 6, B 3, C 0', () => {
		expect(points(5, [3, 3, 2, 0], 0)).toEqual([6, 3, 0, 0]);
	});
	it('M-9.9 b) region 5, no leader: A 3, B 3, C 2, D 2 → A 3, B 3, C 1, D 1', () => {
		expect(points(5, [3, 3, 2, 2])).toEqual([3, 3, 1, 1]);
	});
	it('M-9.9 c) region 7 (5/2): A 4, B 2, C 2, D 2 → A 5; B, C, D 0 each (⌊2/3⌋; M-9.4: "2 points split among 3 players")', () => {
		expect(points(7, [4, 2, 2, 2])).toEqual([5, 0, 0, 0]);
	});
	it('M-9.9 d) region 12 (10/5), volcano marker at 3: A 2, B 1 → A 7, B 2', () => {
		expect(points(12, [2, 1, 0, 0], null, 3)).toEqual([7, 2, 0, 0]);
	});
	it('M-9.9: the same four, scored by the engine at the end of a period', () => {
		const r = endOfPeriod(4, (x) => {
			put(x, 5, 0, 2, true);
			put(x, 5, 1, 3);
			put(x, 5, 2, 2);
			put(x, 7, 0, 4);
			put(x, 7, 1, 2);
			put(x, 7, 2, 2);
			put(x, 7, 3, 2);
			put(x, 12, 2, 2);
			put(x, 12, 3, 1);
			x.volcano = 3;
		});
		const sc = entries(r.log, 'scoring')[0];
		const by = (id: number) => sc.regions.find((g) => g.region === id)!.points;
		expect([by(5), by(7), by(12)]).toEqual([
			[6, 3, 0, 0],
			[5, 0, 0, 0],
			[0, 0, 7, 2]
		]);
		expect(r.state.vp).toEqual([11, 3, 7, 2]);
	});
});

describe('M-9.1–M-9.5 regions', () => {
	it('M-9.1: every region is scored in number order, whatever lies in it, except an erupted region 12', () => {
		const r = endOfPeriod(3, (x) => {
			tile(x, 1, 'weasel');
			erupted(x);
		});
		expect(entries(r.log, 'scoring')[0].regions.map((g) => g.region)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
	});

	it('M-9.2: one player with the most takes the primary value; the next lower count is second', () => {
		expect(points(1, [5, 2, 1, 2])).toEqual([7, 1, 0, 1]);
		expect(points(1, [1, 0, 0, 0])).toEqual([7, 0, 0, 0]);
	});

	it('M-9.3 (Settled): a tie for the most with the leader: the leader’s holder takes it all, the other tied are second, lower counts nothing', () => {
		expect(points(1, [3, 3, 3, 2], 1)).toEqual([1, 7, 1, 0]);
	});

	it('M-9.3: a tie without the leader among the tied splits the primary value rounded down; the next lower count is second', () => {
		expect(points(1, [3, 3, 3, 2], 3 /* the leader is among the 2s */)).toEqual([2, 2, 2, 3]);
	});

	it('M-9.4: up to four players score in one region; players tied for first can get fewer than one in second', () => {
		const p = points(6, [3, 3, 3, 1]); // 7/3: ⌊7/3⌋ = 2 each, the second 3
		expect(p).toEqual([2, 2, 2, 3]);
		expect(p.filter((x) => x > 0)).toHaveLength(4);
	});

	it('M-9.4: the secondary value is split among all second players whether or not one of them has the leader', () => {
		expect(points(3, [4, 2, 2, 0], 1)).toEqual([4, 1, 1, 0]);
	});

	it('M-9.4 (rulebook): "2 Punkte unter 3 Spielern" — 2 points split among 3 players gives each of them nothing', () => {
		expect(points(2, [3, 1, 1, 1])).toEqual([5, 0, 0, 0]); // region 2 is 5/2
	});

	it('M-9.5, M-7.6: a sold region is scored like any other; the sale marker counts as a piece', () => {
		const { s } = region(1, [1, 1, 0, 0]);
		tile(s, 1, 'dog', 'trade', 0);
		s.regions[0].leader = null;
		expect(scoreRegion(s, s.regions[0])).toEqual([3, 3, 0, 0]);
		s.regions[0].birds[1] = 0;
		expect(scoreRegion(s, s.regions[0])).toEqual([7, 0, 0, 0]);
	});

	it('M-9.6 (Settled): region 12’s values are lowered by the number beside the marker, never below 0', () => {
		const s = arrange(3);
		const at = (space: number) => regionValues({ ...s, volcano: space }, 12);
		expect([0, 1, 2, 3, 4].map(at)).toEqual([
			{ primary: 10, secondary: 5 },
			{ primary: 9, secondary: 4 },
			{ primary: 8, secondary: 3 },
			{ primary: 7, secondary: 2 },
			{ primary: 6, secondary: 1 }
		]);
		expect(regionValues({ ...s, volcano: 4 }, 11)).toEqual({ primary: 6, secondary: 3 });
		const space = VOLCANO_TRACK.spaces[4] as { reduction: number };
		const keep = space.reduction;
		try {
			space.reduction = 7; // a printed track with a larger number: the secondary value stops at 0
			expect(at(4)).toEqual({ primary: 3, secondary: 0 });
		} finally {
			space.reduction = keep;
		}
	});
});

describe('M-9.7, M-9.8 mammals and leader tiles', () => {
	it('M-9.7: each player scores the tiles taken by defence or attack and the cards taken by selling; the cards go to the discard pile in player order', () => {
		const r = endOfPeriod(3, (x) => {
			x.startPlayer = 0; // the marker passes after round 7 (M-3.3): scoring's player order is 1, 2, 0
			x.taken[0] = { tiles: [{ kind: 'weasel', vp: 3 }], cards: ['M09', 'M02'] };
			x.taken[1] = { tiles: [], cards: ['M10'] };
			x.taken[2] = { tiles: [{ kind: 'dog', vp: 4 }], cards: [] };
			x.secret.mammalDeck = x.secret.mammalDeck.filter((c) => !['M09', 'M02', 'M10'].includes(c));
		});
		const sc = entries(r.log, 'scoring')[0];
		expect(sc.mammals).toEqual([3 + 3 + 4, 2, 4]);
		expect(r.state.periodScores[0].map((p) => p.mammals)).toEqual([10, 2, 4]);
		expect(r.state.taken).toEqual([
			{ tiles: [], cards: [] },
			{ tiles: [], cards: [] },
			{ tiles: [], cards: [] }
		]);
		// Player order 1, 2, 0, ascending ids each (M-0.3); period 2's first round draws from the deck, not this pile.
		expect(r.state.mammalDiscard.slice(0, 3)).toEqual(['M10', 'M02', 'M09']);
	});

	it('M-9.7: a sale scores once: its tile stays, flagged scored, and counts nothing in period 2', () => {
		const p1 = endOfPeriod(3, (x) => {
			tile(x, 10, 'rat', 'trade', 0);
			put(x, 10, 0, 1);
			x.sales = 1;
			x.taken[0].cards = ['M10'];
			x.secret.mammalDeck = x.secret.mammalDeck.filter((c) => c !== 'M10');
		});
		expect(entries(p1.log, 'scoring')[0].mammals[0]).toBe(2);
		expect(p1.state.regions[9]).toMatchObject({ mammal: { kind: 'rat', side: 'trade' }, sale: { seller: 0, scored: true } });
		const p2 = endOfPeriod(
			3,
			(x) => {
				tile(x, 10, 'rat', 'trade', 0);
				put(x, 10, 0, 1);
				x.regions[9].sale = { seller: 0, scored: true };
				x.sales = 1;
			},
			2
		);
		expect(entries(p2.log, 'scoring')[0].mammals).toEqual([0, 0, 0]);
	});

	it('M-9.8: each VP leader tile scores and leaves the game; symbol tiles score nothing', () => {
		const r = endOfPeriod(3, (x) => {
			giveLeaderTile(x, 1, 'L01');
			giveLeaderTile(x, 1, 'L04');
			giveLeaderTile(x, 1, 'L08', true);
		});
		expect(entries(r.log, 'scoring')[0].leaderTiles).toEqual([0, 5, 0]);
		expect(r.state.leaderTiles[1].map((t) => t.id)).toEqual(['L08']);
		expect(r.state.leaderTilesOut).toEqual(expect.arrayContaining(['L01', 'L04']));
	});

	it('the score sheet shows each period’s points by source', () => {
		const r = endOfPeriod(3, (x) => {
			put(x, 1, 0, 1);
			giveLeaderTile(x, 0, 'L03');
			x.taken[0].tiles = [{ kind: 'rat', vp: 2 }];
		});
		expect(r.state.periodScores[0][0]).toEqual({ regions: 7, mammals: 2, leaderTiles: 3 });
		expect(scores(r.state)[0].items.slice(0, 3)).toEqual([
			{ kind: 'regions', points: 7, detail: { period: 1 } },
			{ kind: 'mammals', points: 2, detail: { period: 1 } },
			{ kind: 'leaderTiles', points: 3, detail: { period: 1 } }
		]);
	});
});

describe('M-10 clean-up and the end', () => {
	it('M-10.1, M-10.2: hands go face up to the discard pile in player order (ascending ids each); strongholds go back', () => {
		const s = arrange(3, (x) => {
			x.round = 7;
			x.startPlayer = 2;
			x.regions[3].stronghold = true;
			x.regions[8].stronghold = true;
			lastTurn(x);
		});
		const hands = s.secret.hands.map((h) => [...h].sort());
		const seat = (s.phase as { seat: number }).seat;
		const r = play(s, seat, { type: 'pass' });
		const c = entries(r.log, 'cleanup')[0];
		expect(c.discarded).toEqual(hands);
		expect(types(r.log).indexOf('cleanup')).toBeGreaterThan(types(r.log).indexOf('scoring'));
		// Strongholds back: period 2's round 1 may lay new tiles, but no stronghold is left from period 1.
		expect(r.state.regions.filter((g) => g.stronghold)).toEqual([]);
	});

	it('M-10.3 (Settled): everything else stays — pieces, mammal tiles, leader tiles, display, held tiles, volcano, VP; all 30 terrain cards are shuffled again', () => {
		const r = endOfPeriod(3, (x) => {
			put(x, 3, 0, 2, true);
			put(x, 11, 1, 3);
			tile(x, 9, 'rat');
			tile(x, 10, 'dog', 'trade', 2);
			put(x, 10, 2, 1);
			giveKarakia(x, 2, 'K03');
			giveLeaderTile(x, 2, 'L09');
			x.display.rat = ['M10'];
			x.secret.mammalDeck = x.secret.mammalDeck.filter((c) => c !== 'M10');
			x.volcano = 2;
			x.vp = [5, 6, 7];
		});
		const s = r.state;
		expect(s.period).toBe(2);
		expect(s.regions[2]).toMatchObject({ birds: [2, 0, 0], leader: 0 });
		expect(s.regions[10].birds).toEqual([0, 3, 0]);
		expect(s.regions[8].mammal).toMatchObject({ kind: 'rat', side: 'attack' });
		expect(s.regions[9].mammal).toMatchObject({ kind: 'dog', side: 'trade' });
		expect(s.regions[3].leaderTile).toBe('L04');
		expect(s.karakia[2].map((t) => t.id)).toEqual(['K03']);
		expect(s.leaderTiles[2].map((t) => t.id)).toEqual(['L09']);
		expect(s.display.rat[0]).toBe('M10');
		expect(s.volcano).toBeGreaterThanOrEqual(2);
		expect(s.vp[0]).toBeGreaterThanOrEqual(5);
		expect(s.terrainDrawn.length + s.secret.terrainDeck.length + s.secret.terrainAside.length).toBe(30);
		expect(s.secret.terrainAside).toHaveLength(16);
	});

	it('M-10.4: the game ends after period 2’s scoring with no clean-up; every secret is revealed (M-0.2)', () => {
		const r = endOfPeriod(3, () => {}, 2);
		expect(types(r.log).slice(-3)).toEqual(['scoring', 'end', 'reveal']);
		expect(entries(r.log, 'cleanup')).toEqual([]);
		expect(r.state.phase).toEqual({ kind: 'over' });
		expect(r.state.handSize).toEqual([9, 9, 9]);
		const reveal = entries(r.log, 'reveal')[0];
		expect(reveal.hands).toEqual(r.state.secret.hands);
		expect(JSON.stringify(r.log)).not.toContain('moa-test-seed');
		const v = moa.view(r.state, 1);
		expect(v.secret).toMatchObject({ seed: 'moa-test-seed', hands: r.state.secret.hands, mammalDeck: r.state.secret.mammalDeck, terrainAside: r.state.secret.terrainAside });
	});

	it('M-10.5: the most VP wins; a tie goes to the most own pieces on the board (sale markers included); still tied, shared (1, 1, 3)', () => {
		const s = arrange(4, (x) => {
			x.phase = { kind: 'over' };
			x.vp = [20, 20, 20, 12];
			put(x, 1, 0, 2);
			put(x, 2, 0, 0, true); // 3 pieces: 2 birds and a leader
			put(x, 3, 1, 3);
			tile(x, 4, 'dog', 'trade', 2);
			put(x, 4, 2, 1); // a sale marker
			put(x, 5, 3, 9);
		});
		expect(standings(s).map((x) => x.rank)).toEqual([1, 1, 3, 4]);
		expect(resultOf(moaKind.outcome(s)!)).toMatchObject({ reason: 'periods', rounds: 14, result: 'shared', scores: [20, 20, 20, 12], winners: [0, 1], places: [1, 1, 3, 4] });
		s.regions[3].birds[2] = 3;
		expect(standings(s).map((x) => x.rank)).toEqual([1, 1, 1, 4]);
		expect(resultOf(moaKind.outcome(s)!).winners).toEqual([0, 1, 2]);
	});
});
