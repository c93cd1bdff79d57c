// A whole turn in one visit (issue 32): `ahead` computes, from the seat's own view, what the engine's
// `apply` does on the full state — for every step-1 move of random play it offers, and null exactly
// where a moai's sacrifice round comes between.
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '$lib/engine/clone';
import { ahead } from './ahead';
import { rapanui } from './index';
import { legalMoves } from './legal';
import { arrange, must } from './test-helpers';
import type { RapaNuiMove, RapaNuiState } from './types';

/** States of random play (a fixed stream of choices) at the start of some seat's turn or its step 2. */
function turnStates(games: number): RapaNuiState[] {
	const out: RapaNuiState[] = [];
	for (let g = 0; g < games; g++) {
		let s = arrange(2 + (g % 3), () => {}, { deck: undefined });
		let r = 7 + g * 13;
		for (let step = 0; step < 400 && s.phase.kind !== 'over'; step++) {
			if (s.phase.kind === 'turn') out.push(s);
			const seat = rapanui.activeSeats(s)[0];
			const legal = legalMoves(s, seat);
			r = (r * 1103515245 + 12345) % 2147483648;
			s = must(s, seat, legal[r % legal.length]).state;
		}
	}
	return out;
}

describe('ahead: the view after a turn move, from the seat’s own view', () => {
	const states = turnStates(6);

	it('equals the engine’s apply on the full state, seen by the seat, wherever it answers', () => {
		let answered = 0;
		let refused = 0;
		for (const s of states) {
			const seat = s.active;
			const v = rapanui.view(s, seat);
			for (const mv of legalMoves(v, seat)) {
				const mine = ahead(v, seat, mv);
				const real = must(s, seat, mv);
				const built = real.log.some((e) => e.type === 'play' && e.card === 'moai');
				if (!mine) {
					expect(built, JSON.stringify(mv)).toBe(true); // only a moai stops a whole turn
					refused++;
					continue;
				}
				answered++;
				expect(built).toBe(false);
				expect(real.log.some((e) => e.type === 'draw')).toBe(false);
				expect(mine).toEqual(rapanui.view(real.state, seat)); // the whole view, the seat's own secrets too
				// The next decision's options: the engine's own legal moves after the move.
				expect(legalMoves(mine, seat)).toEqual(legalMoves(real.state, seat));
			}
		}
		expect(answered).toBeGreaterThan(200);
		expect(refused).toBeGreaterThan(0);
	});

	it('a buy leads to the play (or the draw when the play is forced), a play or skip to the draw', () => {
		const s = arrange(2, (x) => {
			x.hands[0] = ['fish-1', 'priest-1', 'grain-1'];
			x.wood[0] = 10;
			x.phase = { kind: 'turn', step: 1 };
		});
		const v = rapanui.view(s, 0);
		expect(ahead(v, 0, { type: 'buy', kind: 'fish' })?.phase).toEqual({ kind: 'turn', step: 2 });
		expect(ahead(v, 0, { type: 'play', card: 'priest', count: 1 })?.phase).toEqual({ kind: 'draw', left: 1, uncovered: null });
		const forced = arrange(2, (x) => {
			x.hands[0] = ['woodcutter-1', 'woodcutter-2', 'woodcutter-3'];
			x.wood[0] = 10;
			x.phase = { kind: 'turn', step: 1 };
		});
		expect(ahead(rapanui.view(forced, 0), 0, { type: 'buy', kind: 'grain' })?.phase.kind).toBe('draw');
	});

	it('never for a moai (R-5.7), another seat, another viewer or a move that is not legal', () => {
		const s = arrange(3, (x) => {
			x.hands[0] = ['moai-1', 'fish-1', 'grain-1'];
			x.wood[0] = 9;
			x.phase = { kind: 'turn', step: 1 };
		});
		const v = rapanui.view(s, 0);
		const moai: RapaNuiMove = { type: 'play', card: 'moai', count: 1 };
		expect(legalMoves(v, 0).some((m) => jsonEqual(m, moai))).toBe(true);
		expect(ahead(v, 0, moai)).toBeNull();
		expect(ahead(rapanui.view(s, 1), 0, { type: 'play', card: 'fish', count: 1 })).toBeNull();
		expect(ahead(rapanui.view(s, 1), 1, { type: 'play', card: 'fish', count: 1 })).toBeNull();
		expect(ahead(v, 0, { type: 'play', card: 'priest', count: 1 })).toBeNull();
		// settled: a buy that leaves 3 moai with less than 7 wood returns a moai; one draw follows.
		const three = arrange(2, (x) => {
			x.hands[0] = ['moai-1', 'moai-2', 'moai-3'];
			x.wood[0] = 8;
			x.phase = { kind: 'turn', step: 1 };
		});
		const after = ahead(rapanui.view(three, 0), 0, { type: 'buy', kind: 'fish' });
		expect(after?.phase).toEqual({ kind: 'draw', left: 1, uncovered: null });
		expect(after?.box).toEqual(['moai-1']);
		// The skip (R-5.5 with step 1 open): the moai back to the box, one draw — as apply does.
		const poor = { ...three, wood: [5, three.wood[1]] };
		const skipped = ahead(rapanui.view(poor, 0), 0, { type: 'skip' });
		expect(skipped?.phase).toEqual({ kind: 'draw', left: 1, uncovered: null });
		expect(skipped).toEqual(rapanui.view(must(poor, 0, { type: 'skip' }).state, 0));
		// …and with 7 wood left after the buy, the forced moai is a sacrifice round: no whole turn.
		expect(ahead(rapanui.view({ ...three, wood: [12, three.wood[1]] }, 0), 0, { type: 'buy', kind: 'fish' })).toBeNull();
	});
});
