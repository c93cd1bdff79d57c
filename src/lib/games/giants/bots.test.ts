/**
 * The heuristic bot (issue 17) on a small seeded sample: it ends its self-play games by the rules'
 * normal end (G-6.1), beats random bots, makes only legal moves and sees only its own seat's view.
 * `npm run bench:bots -- --game giants` measures the same on more games, and the time per decision
 * (no timed assertions here).
 */
import { describe, expect, it } from 'vitest';
import { erase, jsonEqual, playOut, selfPlay, seedRng, versusRandom, type Bot, startState } from '$lib/engine';
import { giants } from './index';
import { giantsKind } from './kind';
import { heuristicBot } from './heuristic';
import { legalMoves } from './legal';
import type { GiantsMove, GiantsState, Readable } from './types';

const kind = giantsKind;

describe('the heuristic bot', () => {
	it('is the default bot; greedy and random stay registered', () => {
		expect(giantsKind.defaultBot).toBe('heuristic');
		expect(Object.keys(giantsKind.bots).sort()).toEqual(['greedy', 'heuristic', 'random']);
	});

	it('ends ≥ 90% of its self-play games by G-6.1 (pedestals), not a G-6.4 safeguard, at 3, 4 and 5 players', () => {
		const r = selfPlay(erase(kind), { bot: 'heuristic', games: 24, seed: 'bots-test' });
		expect(r.games).toBe(24);
		expect(r.normalEnds / r.games, JSON.stringify(r.reasons)).toBeGreaterThanOrEqual(0.9);
	});

	it('wins ≥ 90% of its games outright against random bots in every other seat', () => {
		const r = versusRandom(erase(kind), { bot: 'heuristic', games: 24, seed: 'bots-test' });
		expect(r.wins / r.games, `won ${r.wins}, shared ${r.shared}`).toBeGreaterThanOrEqual(0.9);
	});

	it('makes only legal moves (one of legalMoves on its own view), with both options', () => {
		let checked = 0;
		const legalOnly: Bot<Readable, GiantsMove> = (view, seat, rng) => {
			const move = heuristicBot(view, seat, rng);
			const legal = legalMoves(view, seat);
			expect(legal.some((m) => jsonEqual(m, move)), `${view.phase.kind}: ${JSON.stringify(move)}`).toBe(true);
			checked++;
			return move;
		};
		for (let g = 0; g < 6; g++) {
			const players = 3 + (g % 3);
			const out = playOut(kind, { config: { players, quickStart: g % 2 === 1, immediateScoring: g >= 3 }, seed: `bots-legal-${g}`, bots: legalOnly as Bot<unknown, unknown>, pick: 'random' });
			expect(out.over).toBe(true);
		}
		expect(checked).toBeGreaterThan(500);
	});

	it('decides the same whatever another seat sealed (G-0.2): it reads nothing but its own view', () => {
		// A bid phase with something on the board: round 3 of a self-play game.
		const game = playOut(kind, {
			config: { players: 4 },
			seed: 'bots-hidden',
			onMove: ({ state }) => !((state as GiantsState).round === 3 && (state as GiantsState).phase.kind === 'bid')
		});
		const s = game.state;
		expect(s.phase.kind).toBe('bid');
		const bidder = giants.activeSeats(s)[0];
		const world = (m: GiantsMove): GiantsState => {
			const r = giants.apply(s, bidder, m);
			if (!r.ok) throw new Error(r.code);
			return r.value.state;
		};
		// The bidder bids nothing in one world and all it can in the other.
		const all = legalMoves(s, bidder).at(-1)!;
		const a = world({ type: 'bid', markers: 0, workers: 0 });
		const b = world(all);
		expect(jsonEqual(a.secret.sealed[bidder], b.secret.sealed[bidder])).toBe(false);
		const others = giants.activeSeats(a).filter((x) => x !== bidder);
		expect(others.length).toBeGreaterThan(0);
		for (const seat of others) {
			const va = giants.view(a, seat);
			expect(jsonEqual(giants.view(b, seat), va)).toBe(true);
			// Same view and same generator: same decision — even handed the whole states, whose secrets differ.
			const decide = (x: Readable) => heuristicBot(x, seat, seedRng(`hidden-${seat}`));
			expect(decide(giants.view(b, seat))).toEqual(decide(va));
			expect(decide(a)).toEqual(decide(va));
			expect(decide(b)).toEqual(decide(va));
		}
	});

	it('is deterministic given its generator', () => {
		const s = (startState(giants, { players: 5 }, 'bots-determinism') as { value: GiantsState }).value;
		const v = giants.view(s, 2);
		expect(heuristicBot(v, 2, seedRng('x'))).toEqual(heuristicBot(structuredClone(v), 2, seedRng('x')));
	});
});
