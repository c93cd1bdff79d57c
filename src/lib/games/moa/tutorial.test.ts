// Moa's tutorial (issue 31; the script is src/lib/games/moa/tutorial.json, played by /learn/moa): the
// learner makes every kind of Moa decision, each expected move is one the engine offers, the clicks of
// `do` spell that very move in the composer (src/lib/ui/moa/Composer.svelte), and the game ends with
// the result the last step explains. tests/kinds/tutorials.test.ts replays it with the other kinds'.
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '$lib/engine/clone';
import { play, replayTutorial, startTutorial, type TutorialGame, type TutorialScript } from '$lib/engine/tutorial';
import type { Kind } from '$lib/engine';
import { moaKind } from './kind';
import { choices } from './choices';
import { legalMoves } from './legal';

import data from './tutorial.json';
import type { MoaMove, MoaState, MoaView, Payment } from './types';

const kind = moaKind as unknown as Kind;
const script = data as TutorialScript;

/** Every move type of Moa (types.ts `MoaMove`): each one the composer can send. */
const ALL: MoaMove['type'][] = ['place', 'leader', 'attack', 'sell', 'buy', 'pass', 'end', 'move', 'stronghold', 'drawCard', 'exchange', 'discard', 'defend', 'decline', 'neutral'];

/** The learner's steps with the game before each. */
function learnerSteps(): { id: string; move: MoaMove; before: TutorialGame; clicks: string[] }[] {
	const r = replayTutorial(kind, script);
	if (!r.ok) throw new Error(r.message);
	return script.steps.flatMap((s, i) => (s.expect === undefined ? [] : [{ id: s.id, move: s.expect as MoaMove, before: r.value.before[i], clicks: s.do ?? [] }]));
}

describe("Moa's tutorial", () => {
	const steps = learnerSteps();

	it('has the learner make every kind of move (M-6.4, M-7, M-8.6, M-11.2)', () => {
		const made = new Set(steps.map((s) => s.move.type));
		expect([...made].sort()).toEqual([...ALL].sort());
		// Both neutral placements a roll can allow: 1 bird, and 2 when the rolled region is active (M-11.2).
		const neutral = steps.flatMap((s) => (s.move.type === 'neutral' ? [s.move.what] : []));
		expect(neutral).toEqual(expect.arrayContaining(['bird', 'birds']));
	});

	it('asks in every phase the learner can be asked in: a turn before and after the action, a defence, the neutral, a discard', () => {
		const phases = new Set(
			steps.map(({ before }) => {
				const s = before.state as MoaState;
				if (s.owe[script.seat] > 0) return 'discard';
				return s.phase.kind === 'turn' ? `turn${s.phase.acted ? '-acted' : ''}` : s.phase.kind;
			})
		);
		expect([...phases].sort()).toEqual(['defend', 'discard', 'neutral', 'turn', 'turn-acted']);
	});

	it("expects only moves the engine offers or accepts, in the learner's own view", () => {
		for (const { id, move, before } of steps) {
			const view = kind.view(before.state, script.seat) as MoaView;
			const offered = legalMoves(view, script.seat).some((m) => jsonEqual(m, move));
			const accepted = play(kind, before, script.seat, move).ok;
			expect(offered || accepted, id).toBe(true);
		}
	});

	it("clicks the composer into exactly the expected move: the payment it suggests, then the cards and tiles the clicks toggle", () => {
		const none: Payment = { cards: [], tiles: [] };
		for (const { id, move, before, clicks } of steps) {
			expect(clicks.at(-1), id).toBe('[data-testid="confirm"]');
			if (!('pay' in move) || move.type === 'defend') continue;
			const view = kind.view(before.state, script.seat) as MoaView;
			const draft =
				move.type === 'buy' ? { action: move.type, types: move.types, pay: none } : { action: move.type, region: move.region, kind: move.type === 'sell' ? move.kind : null, pay: none };
			const suggested = choices(view, script.seat, draft).pay?.suggested ?? none;
			const cards = new Set(suggested.cards);
			const tiles = new Set(suggested.tiles);
			for (const c of clicks) {
				const card = /data-card="([^"]+)"/.exec(c)?.[1];
				const tile = /data-tile="([^"]+)"/.exec(c)?.[1];
				if (card) cards.has(card) ? cards.delete(card) : cards.add(card);
				if (tile) tiles.has(tile) ? tiles.delete(tile) : tiles.add(tile);
			}
			expect({ cards: [...cards].sort(), tiles: [...tiles].sort() }, id).toEqual({ cards: [...move.pay.cards].sort(), tiles: [...move.pay.tiles].sort() });
			// The composer places every bird the payment allows unless lowered (composer/Payment.svelte).
			if ('birds' in move) expect(choices(view, script.seat, { ...draft, pay: move.pay }).birds?.max, id).toBe(move.birds);
		}
	});

	it('starts in period 2 from a position and ends with the game over and the result the last step explains (M-9, M-10.4)', () => {
		const start = startTutorial(kind, script);
		if (!start.ok) throw new Error(start.message);
		expect((start.value.state as MoaState).period).toBe(2);
		const r = replayTutorial(kind, script);
		if (!r.ok) throw new Error(r.message);
		const end = r.value.end.state as MoaState;
		expect(end.phase.kind).toBe('over');
		expect(end.vp).toEqual([54, 46]);
		expect(end.periodScores[1][0]).toEqual({ regions: 27, mammals: 9, leaderTiles: 0 });
		const last = script.steps.at(-1)!;
		expect(last.say.en).toContain('54 to 46');
		expect(last.say.de).toContain('54 zu 46');
	});
});
