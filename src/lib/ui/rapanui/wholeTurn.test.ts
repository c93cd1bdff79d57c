// A whole turn in one visit on Rapa Nui's composer (issue 32): offered after a buy and sent as one
// submission with its draw, not offered after a moai, and the options it offers are the
// engine's own legal moves after the first move, compared with `apply` on the full state. Rendered as
// the server renders the composer (the clicks are the platform's e2e tests'); what a click sends is
// `submission`, the function the button calls.
import { render } from 'svelte/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rapanui } from '$lib/games/rapanui';
import { legalMoves } from '$lib/games/rapanui/surface';
import { arrange, must } from '$lib/games/rapanui/test-helpers';
import type { RapaNuiMove, RapaNuiState } from '$lib/games/rapanui/types';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import Composer from './Composer.svelte';
import { decisions, submission } from './wholeTurn';

const NAMES = ['Ana', 'Ben', 'Caro'];
const name = (seat: number) => NAMES[seat];
let locale = 'en';
beforeAll(() => overwriteGetLocale(() => locale as 'en'));
afterAll(() => overwriteGetLocale(() => 'en'));

const BUY: RapaNuiMove = { type: 'buy', kind: 'grain' };
const DRAW: RapaNuiMove = { type: 'draw', column: 2 };

/** Ana (seat 0) in step 1 with this hand and 10 wood. */
const turn = (hand: string[]) =>
	arrange(3, (x) => {
		x.hands[0] = hand;
		x.wood[0] = 10;
		x.phase = { kind: 'turn', step: 1 };
	});

function composer(s: RapaNuiState, selected: RapaNuiMove | null, rest: RapaNuiMove[] = [], withTurn = true) {
	const view = rapanui.view(s, 0);
	const onturn = withTurn ? () => {} : undefined;
	return render(Composer, { props: { view, seat: 0, legal: legalMoves(view, 0), selected, rest, busy: false, name, onconfirm: () => {}, onturn } }).body;
}

/** What the room does with `submit(move, more)`: every move on the state the ones before lead to, all or none. */
function played(s: RapaNuiState, sent: { move: RapaNuiMove; more: RapaNuiMove[] }): RapaNuiState {
	return [sent.move, ...sent.more].reduce((x, mv) => must(x, 0, mv).state, s);
}

describe('a whole turn in one visit (issue 32)', () => {
	test('after a buy whose play is forced (R-0.4): the draw on the same composer, one submission with [draw]', () => {
		const s = turn(['woodcutter-1', 'woodcutter-2', 'woodcutter-3']);
		const open = composer(s, BUY);
		expect(open).toContain('data-testid="turn-rest"');
		expect(open).toContain('data-testid="turn-draw"');
		expect(open).not.toContain('data-testid="turn-play"');
		for (const c of [0, 1, 2, 3]) expect(open).toContain(`data-testid="turn-move-draw-${c}"`);
		expect(open).toMatch(/<button[^>]*data-testid="turn-confirm"[^>]*disabled/); // the draw is still to choose
		expect(open).toContain('Confirm this step only'); // the buy alone stays possible
		expect(open).toMatch(/<button[^>]*class="btn-primary[^"]*"[^>]*data-testid="turn-confirm"/);

		const ready = composer(s, BUY, [DRAW]);
		expect(ready).not.toMatch(/<button[^>]*data-testid="turn-confirm"[^>]*disabled/);
		expect(ready).toContain('Whole turn: Buy grain → Draw from column 3');
		const sent = submission(rapanui.view(s, 0), 0, BUY, [DRAW]);
		expect(sent).toEqual({ move: BUY, more: [DRAW] });
		const after = played(s, sent!);
		expect(after.hands[0]).toContain(s.columns[2].at(-1)); // the front card of column 3 drawn
		expect(after.active).toBe(1); // the turn is over
	});

	test('after a buy with a choice of plays: play, then draw — one submission with [play, draw]', () => {
		const s = turn(['fish-1', 'priest-1', 'grain-1']);
		const PLAY: RapaNuiMove = { type: 'play', card: 'priest', count: 1 };
		const first = composer(s, BUY);
		expect(first).toContain('data-testid="turn-play"');
		expect(first).toContain('data-testid="turn-move-play-priest-1"');
		expect(first).not.toContain('data-testid="turn-draw"');
		expect(composer(s, BUY, [PLAY])).toContain('data-testid="turn-draw"');
		expect(submission(rapanui.view(s, 0), 0, BUY, [PLAY])).toBeNull(); // no draw yet
		const sent = submission(rapanui.view(s, 0), 0, BUY, [PLAY, DRAW]);
		expect(sent).toEqual({ move: BUY, more: [PLAY, DRAW] });
		expect(played(s, sent!).turn).toBe(s.turn + 1);
		// A play (not a moai) straight away: its draw goes with it.
		expect(submission(rapanui.view(s, 0), 0, PLAY, [DRAW])).toEqual({ move: PLAY, more: [DRAW] });
	});

	test('not after a moai (R-5.7: the others sacrifice first): Confirm alone, as before', () => {
		const s = arrange(3, (x) => {
			x.hands[0] = ['moai-1', 'fish-1', 'grain-1'];
			x.wood[0] = 9;
			x.phase = { kind: 'turn', step: 1 };
		});
		const MOAI: RapaNuiMove = { type: 'play', card: 'moai', count: 1 };
		const body = composer(s, MOAI);
		expect(body).not.toContain('data-testid="turn-rest"');
		expect(body).not.toContain('data-testid="turn-confirm"');
		expect(body).toMatch(/<button[^>]*data-testid="confirm"[^>]*>Confirm</);
		expect(submission(rapanui.view(s, 0), 0, MOAI, [DRAW])).toBeNull();
		// After a buy, the rest offers no moai either: it would stop at the sacrifice round.
		const steps = decisions(rapanui.view(s, 0), 0, { type: 'buy', kind: 'fish' }, []);
		expect(steps[0].options.some((m) => m.type === 'play' && m.card === 'moai')).toBe(false);
		// Nothing chosen yet, and a composer without `onturn`: no whole turn.
		expect(composer(s, null)).not.toContain('data-testid="turn-rest"');
		expect(composer(turn(['woodcutter-1', 'woodcutter-2', 'woodcutter-3']), BUY, [], false)).not.toContain('data-testid="turn-rest"');
	});

	test('in German', () => {
		locale = 'de';
		try {
			const body = composer(turn(['woodcutter-1', 'woodcutter-2', 'woodcutter-3']), BUY, [DRAW]);
			expect(body).toContain('Ganzen Zug bestätigen');
			expect(body).toContain('Nur diesen Schritt bestätigen');
			expect(body).toContain('Dann nachziehen');
		} finally {
			locale = 'en';
		}
	});

	test('the options offered are the engine’s legal moves after the first move (apply on the full state)', () => {
		let compared = 0;
		for (let g = 0; g < 4; g++) {
			let s = arrange(2 + (g % 3), () => {}, { deck: undefined });
			let r = 11 + g * 17;
			for (let step = 0; step < 300 && s.phase.kind !== 'over'; step++) {
				const seat = rapanui.activeSeats(s)[0];
				const legal = legalMoves(s, seat);
				if (s.phase.kind === 'turn') {
					const v = rapanui.view(s, seat);
					for (const first of legal) {
						const steps = decisions(v, seat, first, []);
						if (!steps.length) continue;
						const next = must(s, seat, first).state;
						expect(steps[0].options.filter((m) => m.type === 'draw')).toEqual(next.phase.kind === 'draw' ? legalMoves(next, seat) : []);
						if (steps[0].kind === 'play')
							for (const play of steps[0].options) {
								const then = decisions(v, seat, first, [play]);
								expect(then[1].options).toEqual(legalMoves(must(next, seat, play).state, seat));
								compared++;
							}
						compared++;
					}
				}
				r = (r * 1103515245 + 12345) % 2147483648;
				s = must(s, seat, legal[r % legal.length]).state;
			}
		}
		expect(compared).toBeGreaterThan(100);
	});
});
