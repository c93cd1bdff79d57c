// M-11 the 2-player variant: the d12, the neutral's placement (1 or 2 birds, a leader; mandatory,
// automatic when forced), and the neutral in majorities, sales, invasions, defence and victory.
import { describe, expect, it } from 'vitest';
import { below, playOut } from '$lib/engine';
import { neutralOptions } from './checks';
import { moa } from './index';
import { legalMoves } from './legal';
import { moaKind } from './kind';
import { regionData, scoreRegion, TERRAIN_CARDS } from './rules';
import { standings } from './score';
import { arrange, atTurn, birds, display, entries, erupted, giveKarakia, hand, mammals, mammalTop, nextRound, pay, play, put, refused, terrain, tile, types } from './test-helpers';
import type { MoaEntry, MoaState, Terrain } from './types';

const N = 2; // the neutral's owner index in a 2-player game

/** Seat `seat` places for the neutral after rolling `roll`; seat 1's turn and the round's end follow. */
function placing(roll: number, f: (s: MoaState) => void = () => {}, seat = 0): MoaState {
	return arrange(2, (x) => {
		f(x);
		atTurn(x, seat);
		x.tasks = x.tasks.filter((t) => t.t !== 'neutral');
		x.phase = { kind: 'neutral', seat, roll };
	});
}

/** Two active terrain cards of types other than `t` (and not the volcano unless asked). */
function activeOtherThan(s: MoaState, t: Terrain): void {
	const [a, b] = TERRAIN_CARDS.filter((c) => c.terrain !== t && c.terrain !== 'volcano').map((c) => c.id);
	terrain(s, a, b);
}

/** The roll the next d12 will show (M-0.3: 1 + below(12) from the game's generator). */
const nextRoll = (s: MoaState) => 1 + below([...s.secret.rng] as never, 12);

describe('M-11.1, M-11.3 the neutral and the 2-player game', () => {
	it('M-11.1: a third colour not in play, 16 birds and 4 leaders; no hand, no tiles, no VP', () => {
		const s = arrange(2);
		expect(s.neutral).toBe(true);
		expect(s.colours).toEqual(['red', 'yellow', 'green']);
		expect([s.supplyBirds[N], s.supplyLeaders[N]]).toEqual([16, 4]);
		expect([s.vp.length, s.secret.hands.length, s.karakia.length, s.leaderTiles.length]).toEqual([2, 2, 2, 2]);
		expect(s.regions[0].birds).toHaveLength(3);
	});

	it('M-11.3: 9 cards each, 2 periods of 7 rounds, 2 terrain cards a round, the start player alternates', () => {
		const out = playOut(moaKind, { config: { players: 2, startPlayer: 0 }, seed: 'two' });
		const log = out.log.flatMap((b) => b.log as MoaEntry[]);
		expect(entries(log, 'round').map((e) => e.startPlayer)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
		expect(entries(log, 'terrain')).toHaveLength(14);
		expect(out.state.phase.kind).toBe('over');
		expect(arrange(2).handSize).toEqual([9, 9]);
		// M-11.2: one roll after every turn.
		expect(entries(log, 'roll')).toHaveLength(entries(log, 'turn').length);
	});
});

describe('M-11.2 after every turn: the d12 and the neutral placement', () => {
	it('M-11.2, M-0.3: after the turn the engine rolls 1 + below(12); the same player places on or next to the rolled region', () => {
		const s = arrange(2, (x) => hand(x, 0, birds('pukeko', 1)));
		const roll = nextRoll(s);
		const r = play(s, 0, { type: 'pass' });
		expect(r.log.slice(0, 2)).toEqual([
			{ type: 'pass', seat: 0, auto: false },
			{ type: 'roll', seat: 0, roll }
		]);
		expect(r.state.phase).toEqual({ kind: 'neutral', seat: 0, roll });
		const regions = new Set(legalMoves(r.state, 0).map((m) => (m.type === 'neutral' ? m.region : 0)));
		expect(regions).toEqual(new Set([roll, ...regionData(roll).adjacent]));
		refused(r.state, 1, { type: 'neutral', region: roll, what: 'bird' }, 'NOT_YOUR_TURN');
		refused(r.state, 0, { type: 'pass' }, 'WRONG_PHASE');
		const far = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find((id) => !regions.has(id))!;
		refused(r.state, 0, { type: 'neutral', region: far, what: 'bird' }, 'BAD_NEUTRAL');
		const p = play(r.state, 0, { type: 'neutral', region: roll, what: 'bird' });
		expect(p.log[0]).toEqual({ type: 'neutral', seat: 0, region: roll, birds: 1, leader: false, leaderTile: null, auto: false });
		expect(p.state.regions[roll - 1].birds[N]).toBe(1);
		expect(p.state.phase).toEqual({ kind: 'turn', seat: 1, acted: false });
	});

	it('M-11.2: the turn includes the karakia tiles used with its action; the roll follows the end of the turn', () => {
		const s = arrange(2, (x) => {
			hand(x, 0, birds('pukeko', 1));
			giveKarakia(x, 0, 'K10');
			put(x, 3, 0, 1);
		});
		const r = play(s, 0, { type: 'pass' });
		expect(types(r.log)).toEqual(['pass']);
		const e = play(r.state, 0, { type: 'end' });
		expect(types(e.log)[0]).toBe('roll');
	});

	it('M-11.2: an automatic pass (M-0.4) is a turn too: a roll follows', () => {
		const s = arrange(2, (x) => {
			x.startPlayer = 1; // player order 1, 0
			atTurn(x, 1);
			hand(x, 0, []);
		});
		const p = play(s, 1, { type: 'pass' }).state;
		const r = p.phase.kind === 'neutral' ? play(p, 1, neutralMove(p)) : play(s, 1, { type: 'pass' });
		expect(r.log).toContainEqual({ type: 'pass', seat: 0, auto: true });
		const i = r.log.findIndex((e) => e.type === 'pass' && e.auto);
		expect(r.log[i + 1]).toMatchObject({ type: 'roll', seat: 0 });
	});

	it('M-11.2 (Settled): 2 birds, into one region, only if the rolled region is active; the player may choose 1; active terrain otherwise does not matter', () => {
		const s = placing(3, (x) => terrain(x, 'T14', 'T08')); // 3 is plains; adjacent 1 (coast), 4 (forest), 7 (mountains)
		const opts = neutralOptions(s, 3);
		expect(opts.filter((o) => o.what === 'birds').map((o) => o.region)).toEqual([3, 1, 4, 7]);
		const two = play(s, 0, { type: 'neutral', region: 1, what: 'birds' });
		expect(two.state.regions[0].birds[N]).toBe(2);
		expect(two.state.supplyBirds[N]).toBe(14);
		expect(play(s, 0, { type: 'neutral', region: 4, what: 'bird' }).state.regions[3].birds[N]).toBe(1);
		// Rolled region 1 (coast) is not active: 1 bird only, even into active region 3 next to it.
		const t = placing(1, (x) => terrain(x, 'T14', 'T08'));
		expect(neutralOptions(t, 1).some((o) => o.what === 'birds')).toBe(false);
		refused(t, 0, { type: 'neutral', region: 3, what: 'birds' }, 'BAD_NEUTRAL');
	});

	it('M-11.2 (Settled): the rolled region’s printed terrain counts even if it is the erupted region 12, which takes nothing itself', () => {
		const s = placing(12, (x) => {
			terrain(x, 'T27', 'T08');
			erupted(x);
		});
		const opts = neutralOptions(s, 12);
		expect(opts.some((o) => o.region === 12)).toBe(false);
		expect(opts.filter((o) => o.what === 'birds').map((o) => o.region)).toEqual([8, 9, 10, 11]);
	});

	it('M-11.2: never where a mammal tile lies (invaded or sold)', () => {
		const s = placing(6, (x) => {
			tile(x, 6, 'rat');
			tile(x, 2, 'dog', 'trade', 1);
			put(x, 2, 1, 1);
		});
		expect(new Set(neutralOptions(s, 6).map((o) => o.region))).toEqual(new Set([5]));
	});

	it('M-11.2: a neutral leader instead, under M-7.4’s conditions, for no honour; the leader tile there leaves the game', () => {
		const s = placing(5, (x) => {
			activeOtherThan(x, 'plains');
			put(x, 5, N, 2);
			put(x, 5, 0, 2); // a tie is enough
			put(x, 4, N, 1);
			put(x, 4, 1, 2); // seat 1 has more: no neutral leader here
			hand(x, 0, []);
		});
		const leaders = neutralOptions(s, 5).filter((o) => o.what === 'leader');
		expect(leaders.map((o) => o.region)).toEqual([5]);
		const r = play(s, 0, { type: 'neutral', region: 5, what: 'leader' });
		expect(r.log[0]).toEqual({ type: 'neutral', seat: 0, region: 5, birds: 0, leader: true, leaderTile: 'L07', auto: false });
		expect(r.state.regions[4]).toMatchObject({ leader: N, leaderTile: null });
		expect(r.state.supplyLeaders[N]).toBe(3);
		expect(r.state.leaderTilesOut).toContain('L07');
		expect(r.state.leaderTiles).toEqual([[], []]);
	});

	it('M-11.2 (Settled): the placement is mandatory: nothing else may be done while it waits', () => {
		const s = placing(5);
		expect(legalMoves(s, 0).every((m) => m.type === 'neutral')).toBe(true);
		expect(moa.activeSeats(s)).toEqual([0]);
		refused(s, 0, { type: 'end' }, 'WRONG_PHASE');
	});

	it('M-11.2, M-0.4: exactly one possible placement is made automatically; none possible: nothing is placed', () => {
		const one = arrange(2, (x) => {
			hand(x, 0, birds('pukeko', 1));
			const roll = nextRoll(x);
			activeOtherThan(x, regionData(roll).terrain);
			for (const id of regionData(roll).adjacent) tile(x, id, 'rat');
			if (roll === 12) terrain(x, 'T01', 'T08');
		});
		const roll = nextRoll(one);
		const r = play(one, 0, { type: 'pass' });
		expect(r.log[2]).toEqual({ type: 'neutral', seat: 0, region: roll, birds: 1, leader: false, leaderTile: null, auto: true });
		expect(r.state.phase).toMatchObject({ kind: 'turn', seat: 1 });

		const noneLeft = arrange(2, (x) => {
			hand(x, 0, birds('pukeko', 1));
			const roll = nextRoll(x);
			for (const id of [roll, ...regionData(roll).adjacent]) tile(x, id, 'rat');
		});
		const n = play(noneLeft, 0, { type: 'pass' });
		expect(types(n.log).slice(0, 3)).toEqual(['pass', 'roll', 'noNeutral']);
		const empty = arrange(2, (x) => {
			hand(x, 0, birds('pukeko', 1));
			put(x, 7, N, 16);
			x.supplyLeaders[N] = 0;
			x.leadersOut[N] = 4;
		});
		expect(types(play(empty, 0, { type: 'pass' }).log).slice(0, 3)).toEqual(['pass', 'roll', 'noNeutral']);
	});
});

describe('M-11.4 neutral pieces count as another player’s', () => {
	it('M-11.4, M-7.4: the neutral is a player for the leader condition', () => {
		const s = arrange(2, (x) => {
			terrain(x, 'T14', 'T08');
			hand(x, 0, birds('kiwi', 1));
			put(x, 3, 0, 2);
			put(x, 3, N, 3);
		});
		refused(s, 0, { type: 'leader', region: 3, pay: pay(birds('kiwi', 1)) }, 'NO_LEADER_HERE');
	});

	it('M-11.4, M-9.1: the neutral is ranked in the majorities; its points are not recorded', () => {
		const s = arrange(2, (x) => {
			put(x, 1, N, 3);
			put(x, 1, 0, 2);
			put(x, 1, 1, 1);
		});
		expect(scoreRegion(s, s.regions[0])).toEqual([3, 0, 7]);
		const end = arrange(2, (x) => {
			put(x, 1, N, 3);
			put(x, 1, 0, 2);
			x.round = 7;
			atTurn(x, 1);
		});
		const r = play(end, 1, { type: 'pass' });
		const placed = r.state.phase.kind === 'neutral' ? play(r.state, 1, neutralMove(r.state)) : r;
		const sc = entries(placed.log, 'scoring')[0];
		expect(sc.regions[0].points.slice(0, 2)).toEqual([3, 0]);
		expect(placed.state.vp).toHaveLength(2);
	});

	it('M-11.4, M-7.6 b) (Settled): in a sale the neutral’s birds stay and its leader goes back to its supply', () => {
		const s = arrange(2, (x) => {
			terrain(x, 'T01', 'T08');
			hand(x, 0, birds('kiwi', 2));
			display(x, ['M05']);
			put(x, 1, 0, 1);
			put(x, 1, N, 3, true);
		});
		const r = play(s, 0, { type: 'sell', region: 1, kind: 'possum', pay: pay(birds('kiwi', 2)) });
		expect(r.state.regions[0]).toMatchObject({ birds: [1, 0, 3], leader: null });
		expect([r.state.supplyLeaders[N], r.state.leadersOut[N]]).toEqual([4, 0]);
	});

	it('M-11.4, M-6.4: in an invasion the neutral never defends; its birds go back and its leader leaves the game', () => {
		const { s, seat } = nextRound(
			2,
			'T01',
			'T27',
			(x) => {
				mammalTop(x, mammals('weasel', 1));
				put(x, 1, N, 4, true);
				put(x, 1, 1, 1);
				hand(x, 1, birds('haasts_eagle', 2));
			},
			{}
		);
		// seat 1 ends the round; the neutral placement after its pass comes first.
		let r = play(s, seat, { type: 'pass' });
		if (r.state.phase.kind === 'neutral') r = play(r.state, seat, neutralMove(r.state, [1]));
		expect(r.state.phase).toMatchObject({ kind: 'defend', seat: 1, region: 1, order: [] });
		r = play(r.state, 1, { type: 'decline' });
		const inv = entries(r.log, 'invaded')[0];
		expect(inv.leader).toBe(N);
		expect(r.state.leadersOut[N]).toBe(1);
		expect(r.state.regions[0].birds).toEqual([0, 0, 0]);
	});

	it('M-11.4, M-10.5: the neutral is skipped in the victory tie-break', () => {
		const s = arrange(2, (x) => {
			x.phase = { kind: 'over' };
			x.vp = [9, 9];
			put(x, 1, 0, 2);
			put(x, 2, 1, 2);
			put(x, 3, N, 10);
		});
		expect(standings(s).map((x) => x.rank)).toEqual([1, 1]);
		expect(moaKind.outcome(s)?.places).toEqual([1, 1]);
	});
});

/** A neutral placement avoiding `avoid` (the first legal one otherwise). */
function neutralMove(s: MoaState, avoid: number[] = []) {
	const p = s.phase as Extract<MoaState['phase'], { kind: 'neutral' }>;
	const legal = legalMoves(s, p.seat).filter((m) => m.type === 'neutral');
	return legal.find((m) => m.type === 'neutral' && !avoid.includes(m.region)) ?? legal[0];
}
