// Issue 29: a Rapa Nui game in progress as a position (position.ts, docs/positions.md § Rapa Nui):
// it starts the game there, derives the bookkeeping, keeps the seed in charge of what it leaves
// open, and refuses what no game reaches (R-1.1–R-1.3 conservation, R-6.1 hands, R-5.7 turns …).
import { describe, expect, it } from 'vitest';
import { commitSeed, playOut, randomLegal, replay } from '$lib/engine';
import { rapanui } from './index';
import { rapanuiKind } from './kind';
import { invariantErrors } from './invariants';
import { DECK } from './rules';
import { positioned, refusedPosition, SEED, started } from './test-helpers';
import { writePosition, type RapaNuiPosition } from './position';

const YG = (k: string) => `start-yellow_green-${k}`;
const LB = (k: string) => `start-light_blue-${k}`;

/** Seat 1 (light blue) in step 2 of turn 7, after one sacrifice round it built. */
const MIDGAME: RapaNuiPosition = {
	turn: 7,
	active: 'light_blue',
	phase: { kind: 'turn', step: 2 },
	players: [
		{ hand: ['moai-1', 'priest-1', 'fish-1'], display: [YG('woodcutter'), YG('paper_mulberry'), YG('sweet_potato'), YG('grain')], wood: 4, fame: 2, offerings: { fish: 2, grain: 1 } },
		{ hand: ['moai-2', 'woodcutter-1', LB('fish')], display: [LB('woodcutter'), LB('sweet_potato'), LB('grain'), 'moai-3'], wood: 8, fame: 5, offerings: { paper_mulberry: 1 } },
		null
	],
	columns: [['grain-2', 'grain-3', 'priest-2', 'priest-3'], ['woodcutter-2'], ['moai-4', 'fish-2'], ['sweet_potato-1', 'paper_mulberry-1', 'woodcutter-3']],
	pile: { top: ['moai-5', 'priest-4'] },
	box: ['moai-6'],
	stone: [
		{ seat: 2, round: 1, kind: 'fish' },
		{ seat: 0, round: 1, kind: 'grain' },
		{ seat: 'light_blue', round: 1, kind: 'sweet_potato', faceUp: false },
		{ seat: 1, round: 1, kind: 'paper_mulberry', fromSupply: true }
	]
};

describe('a position starts the game there', () => {
	it('the views show it; the ledger, face-down counts, supply piles, pile size and rounds are derived (R-0.1)', () => {
		const { state: s, log } = started(3, MIDGAME);
		expect(invariantErrors(s)).toEqual([]);
		const v = rapanui.view(s, null);
		expect(v.hands[0]).toEqual(['moai-1', 'priest-1', 'fish-1']);
		expect(v.hands[2]).toEqual(['start-red-fish', 'start-red-paper_mulberry', 'start-red-grain']); // R-2.2: unchanged
		expect(v.displays[1]).toEqual([LB('woodcutter'), LB('sweet_potato'), LB('grain'), 'moai-3']);
		expect([v.wood, v.fame]).toEqual([[4, 8, 4], [2, 5, 0]]); // seat 2: R-2.5's start wood
		expect(v.columns).toEqual(MIDGAME.columns);
		expect(v.box).toEqual(['moai-6']);
		expect([v.turn, v.active, v.phase]).toEqual([7, 1, { kind: 'turn', step: 2 }]);
		// The ledger is the collection plus the face-down cards; the face-down kind is secret.
		expect(v.ledger[1]).toEqual({ fish: 0, paper_mulberry: 1, sweet_potato: 1, grain: 0 });
		expect(v.faceDowns).toEqual([0, 1, 0]);
		expect(v.stone.map((c) => c.kind)).toEqual(['fish', 'grain', null, 'paper_mulberry']);
		expect(v.rounds).toBe(1);
		// R-1.3: 25 of a kind; fish: 2 + 0 + 1 in the collections, 1 on the stone.
		expect(v.supply).toEqual({ fish: 21, paper_mulberry: 22, sweet_potato: 23, grain: 22 });
		expect(v.pileLeft).toBe(50 - 17);
		expect(v.secret.pile).toBeNull();
		expect(v.secret.collections).toEqual([null, null, null]);
		// R-0.2: a seat sees its own collection and face-down card.
		const mine = rapanui.view(s, 1);
		expect(mine.secret.collections[1]).toEqual({ fish: 0, paper_mulberry: 1, sweet_potato: 0, grain: 0 });
		expect(mine.secret.faceDown).toEqual(['sweet_potato']);
		expect(rapanui.view(s, 0).secret.faceDown).toEqual([null]);
		expect(rapanuiKind.status(s)).toEqual({ round: null, phase: 'play' });
		expect(log).toEqual([
			{ type: 'start', startPlayer: 0, colours: ['yellow_green', 'light_blue', 'red'], display: MIDGAME.columns },
			{ type: 'turn', seat: 1, turn: 7 }
		]);
	});

	it('the game goes on from it: the play is the position’s seat’s, by the rules', () => {
		const s = positioned(3, MIDGAME);
		expect(rapanui.activeSeats(s)).toEqual([1]);
		const r = rapanui.apply(s, 1, { type: 'play', card: 'moai', count: 1 });
		if (!r.ok) throw new Error(r.message);
		// R-5.6, R-5.7 a: the second sacrifice round; the others from the builder's left.
		expect(r.value.state.phase).toMatchObject({ kind: 'sacrifice', round: 2, part: 'a' });
		expect(r.value.state.wood[1]).toBe(1);
	});

	it('R-0.4: the automatic steps run after the position, as after any move (step 1 with nothing to buy is skipped)', () => {
		const s = positioned(2, { phase: { kind: 'turn', step: 1 }, players: [{ wood: 0 }, null] });
		expect(s.phase).toEqual({ kind: 'turn', step: 2 });
	});

	it('a finished position is revealed (R-8.2) and scored', () => {
		const all = [...DECK];
		const { state: s, log } = started(2, {
			phase: { kind: 'over' },
			columns: [all.slice(0, 4), all.slice(4, 8), all.slice(8, 12), all.slice(12, 16)],
			box: [],
			players: [
				{ hand: all.slice(16, 19), display: [YG('woodcutter'), YG('paper_mulberry'), YG('sweet_potato'), YG('grain'), ...all.slice(22, 36)] },
				{ hand: all.slice(19, 22), display: [LB('woodcutter'), LB('fish'), LB('sweet_potato'), LB('grain'), ...all.slice(36)], fame: 9 }
			],
			pile: [],
			stone: [{ seat: 0, round: 1, kind: 'grain', faceUp: false }]
		});
		expect(log.map((e) => e.type)).toEqual(['start', 'turn', 'end', 'reveal']);
		expect(rapanui.view(s, null).stone[0].kind).toBe('grain');
		expect(rapanuiKind.outcome(s)?.places).toEqual([2, 1]);
	});
});

describe('R-0.3: the seed still drives what the position leaves open', () => {
	it('the cards it does not place are shuffled from the seed under the pile’s given top', () => {
		const pile = (seed: string) => {
			const r = rapanui.start({ players: 3, startPlayer: 0, colours: ['yellow_green', 'light_blue', 'red'], position: MIDGAME }, seed);
			if (!r.ok) throw new Error(r.message);
			return r.value.state.secret.pile;
		};
		expect(pile('one').slice(0, 2)).toEqual(['moai-5', 'priest-4']);
		expect(pile('one')).toEqual(pile('one'));
		expect(pile('one')).not.toEqual(pile('two'));
		expect(pile('one').slice(2).sort()).toEqual(pile('two').slice(2).sort());
	});

	it('columns it does not name are dealt from that shuffle, as setup deals them (R-2.3)', () => {
		const s = positioned(2, {});
		expect(s.columns.map((c) => c.length)).toEqual([4, 4, 4, 4]);
		expect(s.pileLeft).toBe(34);
	});

	it('a game from a position replays, and its randomness check confirms every refill from the revealed seed', () => {
		const config = { players: 3, startPlayer: 0, colours: ['yellow_green', 'light_blue', 'red'] as const, position: MIDGAME };
		const cfg = { ...config, colours: [...config.colours] };
		const out = playOut(rapanuiKind, { config: cfg, seed: 'pos-verify', bots: randomLegal(rapanuiKind) });
		expect(out.over).toBe(true);
		const re = replay(rapanui, { game: 'rapanui', engineVersion: rapanui.engineVersion, config: cfg, seed: 'pos-verify' }, out.moves);
		expect(re.ok && re.value).toEqual(out.state);
		const check = rapanuiKind.verify({ config: cfg, seed: 'pos-verify', seedCommitment: commitSeed('pos-verify'), moves: out.moves, log: out.log as never });
		expect(check.ok).toBe(true);
		const statuses = check.draws.map((d) => d.status);
		expect(statuses.slice(0, 3)).toEqual(['forced', 'forced', 'forced']); // start player, colours, the display
		expect(statuses.slice(3)).toContain('confirmed'); // refills from the seed's shuffle
		// A wrong seed is caught.
		expect(rapanuiKind.verify({ config: cfg, seed: 'other', seedCommitment: commitSeed('other'), moves: out.moves, log: out.log as never }).ok).toBe(false);
	});
});

describe('impossible positions are refused with what is wrong (BAD_POSITION)', () => {
	it('R-1.1: a card in two places, naming both', () => {
		expect(refusedPosition(2, { players: [{ hand: ['moai-1', YG('paper_mulberry'), YG('sweet_potato')], display: [YG('woodcutter'), YG('grain')] }, null], columns: [['moai-1'], ['moai-2'], ['moai-3'], ['moai-4']] })).toBe(
			"BAD_POSITION: R-1.1, R-1.2: card moai-1 is in 2 places: column 1, seat 0's hand"
		);
	});

	it('R-1.1: a card missing from a complete pile', () => {
		const placed = ['grain-1', 'grain-2', 'grain-3', 'grain-4'];
		const pile = DECK.filter((id) => !placed.includes(id) && id !== 'fish-5');
		expect(refusedPosition(2, { columns: placed.map((c) => [c]), pile })).toBe('BAD_POSITION: R-1.1, R-1.2: card fish-5 is nowhere');
	});

	it('R-1.1, R-1.2: a card of no game, or a start card of a colour not in play', () => {
		expect(refusedPosition(2, { box: ['moai-99'] })).toMatch(/moai-99 \(the box\) is no card of this game/);
		expect(refusedPosition(2, { players: [null, { hand: ['start-red-fish', LB('sweet_potato'), LB('grain')], display: [LB('woodcutter'), LB('fish')] }] })).toMatch(
			/start-red-fish \(seat 1's hand\) is no card of this game/
		);
	});

	it('R-2.2: a start card with another seat', () => {
		const r = refusedPosition(2, {
			players: [
				{ hand: [LB('fish'), YG('sweet_potato'), YG('grain')], display: [YG('woodcutter'), YG('paper_mulberry')] },
				{ hand: ['fish-1', LB('sweet_potato'), LB('grain')], display: [LB('woodcutter')] }
			]
		});
		expect(r).toMatch(/R-2\.2: start card start-light_blue-fish lies elsewhere than in seat 1's hand or display/);
	});

	it('R-1.3: more offering cards of a kind than exist', () => {
		expect(refusedPosition(2, { players: [{ offerings: { fish: 20 } }, { offerings: { fish: 5 } }], stone: [{ seat: 0, round: 1, kind: 'fish' }] })).toBe(
			'BAD_POSITION: R-1.3: 26 offering cards of fish in the collections and on the stone; there are 25'
		);
	});

	it('R-6.1: a hand of the wrong size for the phase, and a draw with nothing to draw', () => {
		expect(refusedPosition(2, { players: [null, { hand: [LB('fish')], display: [LB('woodcutter'), LB('sweet_potato'), LB('grain')] }] })).toBe(
			'BAD_POSITION: R-6.1: seat 1 holds 1 cards (3 in this phase)'
		);
		expect(refusedPosition(2, { phase: { kind: 'draw' } })).toBe('BAD_POSITION: R-6.1: seat 0 holds 3 cards, so it has nothing to draw');
	});

	it('R-5.6, R-5.7: a sacrifice round nobody built, or laid out of order', () => {
		expect(refusedPosition(3, { phase: { kind: 'sacrifice', round: 1, part: 'a' } })).toMatch(/R-5\.6: a sacrifice round, but seat 0 \(whose turn it is\) has no moai/);
		const built = { hand: [YG('paper_mulberry'), YG('sweet_potato')], display: [YG('woodcutter'), YG('grain'), 'moai-1'] };
		expect(refusedPosition(3, { players: [built, null, null], phase: { kind: 'sacrifice', round: 1, part: 'a', queue: [1] } })).toMatch(
			/R-5\.7 a: the seats still to lay must be the last of 1, 2 in that order, not 1/
		);
		expect(refusedPosition(3, { players: [built, null, null], phase: { kind: 'sacrifice', round: 1, part: 'a', queue: [2] } })).toBe('accepted');
	});

	it('R-7.5: a moai choice of a seat without a moai', () => {
		expect(refusedPosition(2, { phase: { kind: 'moai', chosen: { 1: 'fame' } } })).toMatch(/R-7\.5: only owners of a moai choose/);
	});

	it('R-6.3, R-8.1: an empty column or an empty pile while the game runs; R-5.5: only moai in the box', () => {
		expect(refusedPosition(2, { columns: [[], ['moai-1'], ['moai-2'], ['moai-3']] })).toMatch(/R-6\.3: column 1 holds 0 cards/);
		const out = DECK.filter((id) => !id.startsWith('moai'));
		expect(refusedPosition(2, { box: out.slice(0, 1) })).toMatch(/R-5\.5: fish-1 is in the box|R-5\.5: priest-1 is in the box|R-5\.5: woodcutter-1 is in the box/);
	});

	it('whose turn: a seat that does not exist; the shape of the position (valibot, with its path)', () => {
		expect(refusedPosition(2, { active: 'purple' })).toMatch(/position\.active: purple is not a seat/);
		expect(refusedPosition(2, { players: [{ wood: -1 }] })).toMatch(/^BAD_POSITION: position\.players\[0\]\.wood: /);
		expect(refusedPosition(2, { colour: 'red' })).toMatch(/^BAD_POSITION: position\.colour: /);
	});

	it('through the kind: config refuses the position at once (POST /api/dev/scenario answers 400), and a deck beside it', () => {
		const r = rapanuiKind.config({}, 2, { position: { box: ['moai-99'] } });
		expect(r.ok ? 'accepted' : r.code).toBe('BAD_POSITION');
		const d = rapanuiKind.config({}, 2, { position: {}, deck: [...DECK] });
		expect(d.ok ? 'accepted' : d.code).toBe('BAD_CONFIG');
		const ok = rapanuiKind.config({}, 2, { colours: ['red', 'purple'], position: { active: 'purple' } });
		if (!ok.ok) throw new Error(ok.message);
		const s = rapanuiKind.start(ok.value, SEED);
		expect(s.ok && [s.value.state.colours, s.value.state.active]).toEqual([['red', 'purple'], 1]);
	});
});

// Issue 34 (engine/kind.ts `WriteOptions`): a game played on from a position draws what nobody has
// seen from its own seed. In Rapa Nui that is the draw pile's order (R-0.2.1) and nothing else.
describe('fresh positions (issue 34): the pile is left to the new game’s seed', () => {
	/** MIDGAME in the sealed moai choice (R-7.5): light blue has chosen wood, yellow green still chooses. */
	const [yg, lb] = MIDGAME.players as Extract<RapaNuiPosition['players'], unknown[]>;
	const SEALED: RapaNuiPosition = {
		...MIDGAME,
		phase: { kind: 'moai', chosen: { light_blue: 'wood' } },
		players: [{ ...yg, display: [...yg!.display!, 'moai-7'] }, lb, null]
	};
	const config = { players: 3, startPlayer: 0, colours: ['yellow_green', 'light_blue', 'red'] as ('yellow_green' | 'light_blue' | 'red')[] };
	const startAt = (extra: Record<string, unknown>, seed: string) => {
		const r = rapanui.start({ ...config, ...JSON.parse(JSON.stringify(extra)) }, seed);
		if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
		return r.value.state;
	};
	const noCommitment = (x: object) => ({ ...x, seedCommitment: '' });

	it('R-0.2.1: `fresh` writes the pile as { top: [] } and everything else exactly as without it', () => {
		const s = startAt({ position: SEALED }, SEED);
		const full = writePosition(s);
		expect(writePosition(s, { fresh: true })).toEqual({ ...full, position: { ...full.position, pile: { top: [] } } });
		expect(writePosition(s, { fresh: false })).toEqual(full);
	});

	it('another seed: the same cards in the pile, in another order; every seat and a spectator see the same game; what seats hold stays theirs', () => {
		const s = startAt({ position: SEALED }, SEED);
		const fresh = writePosition(s, { fresh: true });
		const a = startAt(fresh, 'another seed');
		const b = startAt(fresh, 'a third seed');
		// R-0.3: the pile is shuffled from the new seed: the same cards, another order, and each seed its own.
		expect([...a.secret.pile].sort()).toEqual([...s.secret.pile].sort());
		expect(a.secret.pile).not.toEqual(s.secret.pile);
		expect(a.secret.pile).not.toEqual(b.secret.pile);
		expect(a.seedCommitment).toBe(commitSeed('another seed'));
		// R-0.2.2, R-0.2.4: the collections, the face-down card's kind and the sealed choice are the seats' own, kept.
		expect(a.secret.collections).toEqual(s.secret.collections);
		expect(a.secret.faceDown).toEqual(['sweet_potato']);
		expect(a.secret.moai).toEqual([null, 'wood', null]);
		expect(a.phase).toEqual({ kind: 'moai', waiting: [0], choosers: [1, 0] });
		for (const viewer of [null, 0, 1, 2]) expect(noCommitment(rapanui.view(a, viewer))).toEqual(noCommitment(rapanui.view(s, viewer)));
		// Idempotent: written fresh again, the same position.
		expect(JSON.parse(JSON.stringify(writePosition(a, { fresh: true })))).toEqual(JSON.parse(JSON.stringify(fresh)));
	});

	it('a game played on from it replays, and its check confirms every refill from the new seed (none is forced)', () => {
		const from = rapanui.start({ ...config, position: MIDGAME }, 'the finished game');
		if (!from.ok) throw new Error(from.message);
		const cfg = { ...config, ...JSON.parse(JSON.stringify(writePosition(from.value.state, { fresh: true }))) };
		const out = playOut(rapanuiKind, { config: cfg, seed: 'played on', bots: randomLegal(rapanuiKind) });
		expect(out.over).toBe(true);
		const re = replay(rapanui, { game: 'rapanui', engineVersion: rapanui.engineVersion, config: cfg, seed: 'played on' }, out.moves);
		expect(re.ok && re.value).toEqual(out.state);
		const check = rapanuiKind.verify({ config: cfg, seed: 'played on', seedCommitment: commitSeed('played on'), moves: out.moves, log: out.log as never });
		expect(check.ok).toBe(true);
		expect(check.draws.slice(3).map((d) => d.status)).not.toContain('forced');
		expect(check.draws.slice(3).length).toBeGreaterThan(0);
		// The finished game's seed does not explain the new game's refills.
		expect(rapanuiKind.verify({ config: cfg, seed: 'the finished game', seedCommitment: commitSeed('the finished game'), moves: out.moves, log: out.log as never }).ok).toBe(false);
	});
});
