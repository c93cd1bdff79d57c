// Issue 29: a Moa game in progress as a position (position.ts, docs/positions.md § Moa): it starts
// the game there, derives the bookkeeping, hides what views hide, and refuses what no game reaches
// (M-1.2–M-1.8 conservation, M-4.2 and M-5.1 counts, M-3, M-6.3, M-10.4, M-11.2 decisions).
import { describe, expect, it } from 'vitest';
import { commitSeed, playOut, randomLegal, replay, seedRng } from '$lib/engine';
import { moa } from './index';
import { moaKind } from './kind';
import { invariantErrors } from './invariants';
import { BIRD_CARDS } from './rules';
import { positioned, refusedPosition, SEED, startedAt } from './test-helpers';
import { writePosition, type MoaPosition } from './position';
import type { Colour, MoaState } from './types';

const B = (from: number, count: number) => BIRD_CARDS.slice(from, from + count).map((c) => c.id);

/** Round 3 of period 1: yellow holds the start player marker; green's turn, red's follows. */
const MIDGAME: MoaPosition = {
	period: 1,
	round: 3,
	startPlayer: 'yellow',
	phase: { kind: 'turn', seat: 'green' },
	terrainDrawn: ['T01', 'T14', 'T08', 'T20', 'T05', 'T15'],
	regions: {
		'1': { birds: { red: 3, yellow: 1 }, leader: 'red' },
		'3': { birds: { green: 2 }, mammal: { kind: 'dog', side: 'attack' } },
		'5': { birds: { yellow: 2 }, stronghold: true }
	},
	display: { possum: ['M05'], rat: ['M10', 'M11'] },
	mammalDiscard: ['M01'],
	hands: { red: B(0, 7), yellow: B(10, 8), green: B(20, 9) },
	birdDiscard: B(40, 2),
	leaderTiles: { red: ['L01'] },
	karakia: { yellow: [{ id: 'K01', fresh: true }] },
	vp: [4, 0, 2]
};

describe('a position starts the game there', () => {
	it('the board, the hands and the tracks are as written; piles, counts and supplies are derived (M-1.8)', () => {
		const { state: s, log } = startedAt(3, MIDGAME);
		expect([s.period, s.round, s.startPlayer, s.phase]).toEqual([1, 3, 1, { kind: 'turn', seat: 2, acted: false }]);
		// M-7.1: red's turn follows green's (player order from yellow), then the end of the round.
		expect(s.tasks).toEqual([{ t: 'turns', seats: [0] }, { t: 'roundEnd' }]);
		expect(s.regions[0]).toMatchObject({ birds: [3, 1, 0], leader: 0 });
		expect(s.regions[2].mammal).toEqual({ kind: 'dog', side: 'attack', combat: 6, vp: 4 }); // the kind's values (M-6.3)
		expect(s.supplyBirds).toEqual([13, 13, 14]);
		expect(s.supplyLeaders).toEqual([3, 4, 4]);
		expect(s.active).toEqual(['T05', 'T15']); // M-5.1: the last two drawn
		expect(s.terrainDeckLeft).toBe(30 - 16 - 6);
		expect(s.handSize).toEqual([7, 8, 9]);
		expect(s.birdPileLeft).toBe(60 - 24 - 2);
		expect(s.mammalDeckLeft).toBe(20 - 4);
		// L01 left the region setup dealt it to: a tile lies in one place.
		expect(s.regions.some((r) => r.leaderTile === 'L01')).toBe(false);
		expect(s.karakiaSupply.draw_card).toEqual(['K02', 'K03']);
		expect(log).toEqual([{ type: 'start', colours: ['red', 'yellow', 'green'], firstPlayer: 0, leaderTiles: s.regions.map((r) => r.leaderTile), neutral: false }]);
	});

	it('M-0.2: views hide a position’s secrets as they hide any game’s', () => {
		const s = positioned(3, MIDGAME);
		const spectator = moa.view(s, null);
		expect(spectator.secret).toEqual({ seed: null, hands: [null, null, null], birdPile: null, terrainDeck: null, terrainAside: null, mammalDeck: null });
		const red = moa.view(s, 0);
		expect(red.secret.hands).toEqual([B(0, 7), null, null]);
		expect(JSON.stringify(red)).not.toContain(B(20, 1)[0] + '"'); // green's first card
		expect(JSON.stringify(spectator)).not.toContain(SEED);
	});

	it('the game goes on from it by the rules', () => {
		const s = positioned(3, MIDGAME);
		expect(moa.activeSeats(s)).toEqual([2]);
		expect(moaKind.timeoutMove(s, 2)).toMatchObject({ move: { type: 'pass' } });
		const r = moa.apply(s, 2, { type: 'pass' });
		if (!r.ok) throw new Error(r.message);
		expect(r.value.state.phase).toMatchObject({ kind: 'turn', seat: 0 });
		expect(moa.apply(s, 0, { type: 'pass' }).ok).toBe(false); // not red's turn yet
	});

	it('the 2-player game: seats and the neutral by colour; the neutral’s roll follows a turn (M-11.2)', () => {
		const s = positioned(2, { round: 1, phase: { kind: 'turn', seat: 'yellow' }, regions: { '2': { birds: { green: 3 } } } });
		expect(s.colours).toEqual(['red', 'yellow', 'green']);
		expect(s.regions[1].birds).toEqual([0, 0, 3]);
		expect(s.tasks).toEqual([{ t: 'neutral', seat: 1 }, { t: 'roundEnd' }]);
		expect(positioned(2, { round: 1, phase: { kind: 'neutral', seat: 0, roll: 7 } }).phase).toEqual({ kind: 'neutral', seat: 0, roll: 7 });
	});
});

describe('impossible positions are refused with what is wrong (BAD_POSITION)', () => {
	it('M-1.2: a card in two places, naming both', () => {
		expect(refusedPosition(3, { hands: [[...B(0, 8), B(40, 1)[0]], B(10, 9), B(20, 9)], birdDiscard: B(40, 2) })).toBe(`BAD_POSITION: M-1.2: bird card ${B(40, 1)[0]} is in 2 places: seat 0's hand, the bird discard pile`);
	});

	it('M-1.6, M-1.3: a tile or card that is nowhere', () => {
		const tile = moa.start({ players: 3, startPlayer: 0, colours: ['red', 'yellow', 'green'] }, SEED);
		if (!tile.ok) throw new Error(tile.message);
		const dealt = tile.value.state.regions[3].leaderTile;
		expect(refusedPosition(3, { regions: { '4': { leaderTile: null } } })).toBe(`BAD_POSITION: M-1.6: leader tile ${dealt} is nowhere`);
		expect(refusedPosition(3, { mammalDeck: ['M02', 'M03'], display: {}, mammalDiscard: [] })).toMatch(/^BAD_POSITION: M-1\.3: mammal cards M01, M04, .* are nowhere/);
	});

	it('M-1.8: more birds or leaders of a colour than it has', () => {
		expect(refusedPosition(3, { regions: { '1': { birds: { red: 9 } }, '2': { birds: { red: 8 } } } })).toBe('BAD_POSITION: M-1.8: 17 red birds on the board; a colour has 16');
		expect(refusedPosition(3, { regions: { '1': { leader: 'red' } }, leadersOut: { red: 4 } })).toBe('BAD_POSITION: M-1.8: 1 red leaders on the board and 4 out of the game; a colour has 4');
	});

	it('M-4.2, M-5.1: wrong counts of terrain cards', () => {
		expect(refusedPosition(3, { terrainAside: ['T01', 'T02', 'T03'] })).toMatch(/M-4\.2: 3 terrain cards set aside, not 16/);
		expect(refusedPosition(3, { round: 2, terrainDrawn: ['T27', 'T28'] })).toMatch(/M-5\.1: 2 terrain cards drawn by round 2, not 4/);
	});

	it('whose turn and which decision: no such seat, round 0, a defence against no mammal, the neutral with 3 players, an end before period 2', () => {
		expect(refusedPosition(3, { phase: { kind: 'turn', seat: 'black' } })).toMatch(/position\.phase\.seat: black is not a seat/);
		expect(refusedPosition(3, { round: 0, terrainDrawn: [], phase: { kind: 'turn', seat: 0 } })).toMatch(/M-3: decisions are taken in rounds 1–7/);
		expect(refusedPosition(3, { round: 1, phase: { kind: 'defend', seat: 1, region: 6, card: 'M01' }, regions: { '6': { mammal: null } } })).toMatch(/M-6\.3: region 6 has no dog tile on its attack side/);
		expect(refusedPosition(3, { round: 1, phase: { kind: 'neutral', seat: 0, roll: 3 } })).toMatch(/M-11\.2: only the 2-player game has the neutral/);
		expect(refusedPosition(3, { phase: { kind: 'over' } })).toMatch(/M-10\.4: the game ends after period 2 is scored/);
	});

	it('the shape of the position (input validation, with its path)', () => {
		expect(refusedPosition(3, { hand: [] })).toMatch(/^BAD_POSITION: position\.hand: /);
		expect(refusedPosition(3, { regions: { '13': {} } })).toMatch(/^BAD_POSITION: position\.regions\.13: /);
		expect(refusedPosition(3, { vp: [1, 2] })).toBe('BAD_POSITION: position.vp: 2 entries for 3 seats');
	});

	it('through the kind: config refuses the position at once (POST /api/dev/scenario answers 400)', () => {
		const r = moaKind.config({}, 3, { position: { regions: { '1': { birds: { red: 17 } } } } });
		expect(r.ok ? 'accepted' : r.code).toBe('BAD_POSITION');
		const c = moaKind.config({}, 3, { colours: ['blue'], position: { round: 1, phase: { kind: 'turn', seat: 'blue' } } });
		if (!c.ok) throw new Error(c.message);
		const s = moaKind.start(c.value, SEED);
		expect(s.ok && [s.value.state.colours, s.value.state.phase]).toEqual([['blue', 'red', 'yellow'], { kind: 'turn', seat: 0, acted: false }]);
	});
});

// Issue 34 (engine/kind.ts `WriteOptions`): a game played on from a position draws what nobody has
// seen from its own seed — the generator, the mammal deck, the bird pile and the terrain cards not
// drawn (M-0.2.2–M-0.2.4, M-0.3) — and keeps everything public (M-0.1) and the hands (M-0.2.1).
describe('fresh positions (issue 34): what nobody has seen is left to the new game’s seed', () => {
	const config = { players: 3, startPlayer: 0, colours: ['red', 'yellow', 'green'] as Colour[] };
	const startAt = (extra: Record<string, unknown>, seed: string) => {
		const r = moa.start({ ...config, ...JSON.parse(JSON.stringify(extra)) }, seed);
		if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
		expect(invariantErrors(r.value.state)).toEqual([]);
		return r.value.state;
	};
	/** A state of period 2 reached by random play (reshuffles, drawn terrain, cards discarded). */
	const played = (() => {
		let at: MoaState | null = null;
		playOut(moaKind, {
			config,
			seed: 'the finished game',
			bots: randomLegal(moaKind),
			rng: seedRng('fresh bots'),
			onMove: ({ state }) => {
				if (state.period === 2 && state.round === 3) {
					at = state;
					return false;
				}
			}
		});
		if (!at) throw new Error('no state of period 2, round 3');
		return at as MoaState;
	})();
	const noCommitment = (x: object) => ({ ...x, seedCommitment: '' });

	it('`fresh` leaves out the generator and the set-aside terrain cards and writes the three face-down piles as { top: [] }; the rest exactly as without it', () => {
		for (const s of [positioned(3, MIDGAME), played]) {
			const { rng: _rng, terrainAside: _aside, ...kept } = writePosition(s).position;
			expect(writePosition(s, { fresh: true }).position).toEqual({ ...kept, mammalDeck: { top: [] }, birdPile: { top: [] }, terrainDeck: { top: [] } });
			expect(writePosition(s, { fresh: true }).colours).toEqual(writePosition(s).colours);
		}
	});

	it('another seed: the same cards in each pile in another order, 16 terrain cards set aside anew; the same game for every seat and a spectator; idempotent', () => {
		const s = played;
		const fresh = writePosition(s, { fresh: true });
		const a = startAt(fresh, 'another seed');
		const b = startAt(fresh, 'a third seed');
		const sorted = (x: string[]) => [...x].sort();
		expect(sorted(a.secret.mammalDeck)).toEqual(sorted(s.secret.mammalDeck));
		expect(sorted(a.secret.birdPile)).toEqual(sorted(s.secret.birdPile));
		// M-0.2.3: only the set-aside and undrawn cards together are public; which are which is drawn anew.
		expect(sorted([...a.secret.terrainAside, ...a.secret.terrainDeck])).toEqual(sorted([...s.secret.terrainAside, ...s.secret.terrainDeck]));
		expect(a.secret.terrainAside).toHaveLength(16);
		expect(a.secret.birdPile).not.toEqual(s.secret.birdPile);
		expect(a.secret.birdPile).not.toEqual(b.secret.birdPile);
		expect(a.secret.terrainDeck).not.toEqual(s.secret.terrainDeck);
		expect(a.secret.terrainAside).not.toEqual(b.secret.terrainAside);
		// M-0.3: the generator is the new seed's, so every later shuffle and d12 roll is too.
		expect(a.secret.rng).not.toEqual(s.secret.rng);
		expect(a.secret.rng).not.toEqual(b.secret.rng);
		// M-0.2.1: the hands are their seats' own, kept.
		expect(a.secret.hands).toEqual(s.secret.hands);
		for (const viewer of [null, 0, 1, 2]) expect(noCommitment(moa.view(a, viewer))).toEqual(noCommitment(moa.view(s, viewer)));
		expect(a.seedCommitment).toBe(commitSeed('another seed'));
		expect(JSON.parse(JSON.stringify(writePosition(a, { fresh: true })))).toEqual(JSON.parse(JSON.stringify(fresh)));
	});

	it('a game played on from it replays, and its check confirms it from the new seed only', () => {
		const cfg = { ...config, ...JSON.parse(JSON.stringify(writePosition(played, { fresh: true }))) };
		const out = playOut(moaKind, { config: cfg, seed: 'played on', bots: randomLegal(moaKind), rng: seedRng('played on/bots') });
		expect(out.over).toBe(true);
		const re = replay(moa, { game: 'moa', engineVersion: moa.engineVersion, config: cfg, seed: 'played on' }, out.moves);
		expect(re.ok && re.value).toEqual(out.state);
		const revealed = { config: cfg, moves: out.moves, log: out.log as never };
		expect(moaKind.verify({ ...revealed, seed: 'played on', seedCommitment: commitSeed('played on') }).ok).toBe(true);
		expect(moaKind.verify({ ...revealed, seed: 'the finished game', seedCommitment: commitSeed('the finished game') }).ok).toBe(false);
	});

	it('the reader: `{ top }` keeps the top and shuffles the rest of the pile from the seed (M-0.3), in a fixed order of draws', () => {
		const pos: MoaPosition = { ...MIDGAME, mammalDeck: { top: ['M02'] }, birdPile: { top: [B(50, 1)[0]] }, terrainDeck: { top: ['T02'] } };
		const one = positioned(3, pos, 'one');
		const two = positioned(3, pos, 'two');
		expect([one.secret.mammalDeck[0], one.secret.birdPile[0], one.secret.terrainDeck[0]]).toEqual(['M02', B(50, 1)[0], 'T02']);
		expect(one.secret.terrainAside).toHaveLength(16);
		expect(positioned(3, pos, 'one').secret).toEqual(one.secret);
		expect(one.secret.mammalDeck).not.toEqual(two.secret.mammalDeck);
		expect([...one.secret.mammalDeck].sort()).toEqual([...two.secret.mammalDeck].sort());
		// The position's generator, when given, draws the shuffles.
		const rng: [number, number, number, number] = [1, 2, 3, 4];
		expect(positioned(3, { ...pos, rng }, 'one').secret.birdPile).toEqual(positioned(3, { ...pos, rng }, 'two').secret.birdPile);
		// Set-aside cards named: the rest all lie under the top.
		const aside = positioned(3, MIDGAME).secret.terrainAside;
		const named = positioned(3, { ...MIDGAME, terrainAside: aside, terrainDeck: { top: [] } }, 'two');
		expect(named.secret.terrainAside).toEqual(aside);
		expect(named.terrainDeckLeft).toBe(30 - 16 - 6);
		// A card on top and elsewhere is refused as any card in two places (M-1.3).
		expect(refusedPosition(3, { ...MIDGAME, mammalDeck: { top: ['M01'] } })).toBe('BAD_POSITION: M-1.3: mammal card M01 is in 2 places: the mammal deck, the mammal discard pile');
		expect(refusedPosition(3, { birdPile: { top: 'x' } })).toMatch(/^BAD_POSITION: position\.birdPile/);
	});
});
