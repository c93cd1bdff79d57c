/**
 * A whole turn in one visit (issue 32): the seat's own view as it will be right after one of its turn
 * moves — or null where the composer must send that move alone. The composer chains these and sends
 * the turn as one submission (`submit(move, more)`, played all or none).
 *
 * Chained (the next decision is the same seat's, and nothing is revealed or decided by others first):
 *  - a buy: it moves the buyer's wood, one supply card and the buyer's own collection, all in the
 *    buyer's view. Next comes the play — or R-0.4's only play, or R-5.5's return and
 *    one draw, which happen by themselves on public facts.
 *  - a play that is not a moai: open hand cards to the display; next the draws.
 *  - the skip: a moai of the open hand back to the box, then one draw. It changes
 *    nothing hidden, so it chains like a buy.
 * Not chained (null):
 *  - a moai, played or forced after a buy: its sacrifice round asks the other players first
 *    (R-5.7 a), each seeing the cards laid before them. Even where every sacrifice of the round would
 *    be automatic the builder's face-down card and supply card (R-5.7 b, c) come before the
 *    draws; one step at a time there keeps the rule simple and costs the builder nothing.
 *  - a draw: emptying a column refills it from the draw pile, whose order is secret (R-6.3,
 *    new information. So a whole turn ends with the turn's first draw; later draws come
 *    one at a time, as says, on the same visit (the seat stays awaited: no new notification).
 *  - a draw phase with one open column: would draw it by itself (never so in play
 *    refills every emptied column, and the game ends when it cannot).
 *
 * Why it is safe in the browser: it reads and writes only what the seat's own view holds exactly —
 * wood, supply, hands, displays, box, ledger and the seat's own collection — the same steps
 * engine.ts `perform`/`settle` take for these moves, and never the draw pile, another seat's
 * collection, a face-down kind or a moai choice. ahead.test.ts checks it against the
 * engine's `apply` on full states of random play.
 */
import { cloneJson, jsonEqual } from '$lib/engine/clone';
import { legalMoves, playMoves } from './legal';
import { HAND_SIZE, buyCost, playCost, threeMoaiWithoutWood, typeOf } from './rules';
import type { CardType, RapaNuiMove, RapaNuiView, Seat } from './types';

/** lay out the cards and pay (engine.ts `play`, for a play that is not a moai). */
function lay(x: RapaNuiView, seat: Seat, card: CardType, count: number): void {
	x.wood[seat] -= playCost(card, count);
	let left = count;
	x.hands[seat] = x.hands[seat].filter((id) => {
		if (left > 0 && typeOf(id) === card) {
			x.displays[seat].push(id);
			left--;
			return false;
		}
		return true;
	});
	x.phase = { kind: 'draw', left: HAND_SIZE - x.hands[seat].length, uncovered: null };
}

/**
 * The seat's view after its own turn move `move` (legal now) and the automatic steps that follow it,
 * when the next decision is again this seat's with nothing new revealed; null otherwise (see above).
 * The result's phase is step 2 of the turn (a play to choose) or the draws.
 */
export function ahead(v: RapaNuiView, seat: Seat, move: RapaNuiMove): RapaNuiView | null {
	const own = v.secret.collections[seat];
	if (v.viewer !== seat || !own || v.phase.kind !== 'turn' || v.active !== seat) return null;
	if (!legalMoves(v, seat).some((m) => jsonEqual(m, move))) return null;
	const x = cloneJson(v);
	switch (move.type) {
		case 'buy':
			// the wood to the supply, the card into the collection openly (the ledger).
			x.wood[seat] -= buyCost(x, seat, move.kind);
			x.supply[move.kind]--;
			x.ledger[seat][move.kind]++;
			x.secret.collections[seat]![move.kind]++;
			x.phase = { kind: 'turn', step: 2 };
			break;
		case 'play':
			if (move.card === 'moai') return null; // the others decide first
			lay(x, seat, move.card, move.count);
			break;
		case 'skip':
			x.phase = { kind: 'turn', step: 2 };
			break;
		default:
			return null;
	}
	// R-0.4 (engine.ts `settle`): step 2 settles itself when nothing is to choose.
	if (x.phase.kind === 'turn') {
		if (threeMoaiWithoutWood(x, seat)) {
			// the first moai of the hand back to the box; one draw.
			const i = x.hands[seat].findIndex((id) => typeOf(id) === 'moai');
			x.box.push(...x.hands[seat].splice(i, 1));
			x.phase = { kind: 'draw', left: HAND_SIZE - x.hands[seat].length, uncovered: null };
		} else {
			const plays = playMoves(x, seat);
			if (plays.length === 1) {
				const only = plays[0] as Extract<RapaNuiMove, { type: 'play' }>;
				if (only.card === 'moai') return null; // the forced moai's sacrifice round
				lay(x, seat, only.card, only.count);
			}
		}
	}
	if (x.phase.kind === 'draw' && x.columns.filter((c) => c.length > 0).length < 2) return null;
	return x;
}
