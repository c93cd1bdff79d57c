/**
 * What a Rapa Nui move costs and brings, asked by the composer (issue 29: the UI knows no rules; its
 * options are `legalMoves`, complete for Rapa Nui, and its words take the figures from here).
 */
import data from './data/rapanui-data.json';
import { bonusSeat, buyCost, displayCount, handCount, playCost } from './rules';
import type { RapaNuiMove, Readable, Seat } from './types';

/** The wood a move costs: a purchase, a play; 0 for the rest. */
export function woodCost(s: Readable, seat: Seat, mv: RapaNuiMove): number {
	if (mv.type === 'buy') return buyCost(s, seat, mv.kind);
	if (mv.type === 'play') return playCost(mv.card, mv.count);
	return 0;
}

/**
 * a purchase after which the hand is 3 moai with less than 7 wood. Accepted (R-5.5 settles
 * what follows); the page warns before it.
 */
export function leadsToThreeMoai(s: Readable, seat: Seat, mv: RapaNuiMove): boolean {
	const t = data.constants.threeMoaiWithoutWood;
	return mv.type === 'buy' && handCount(s, seat, 'moai') === t.moaiInHand && s.hands[seat].length === t.moaiInHand && s.wood[seat] - buyCost(s, seat, mv.kind) < t.woodBelow;
}

/** what a seat's moai choice brings: a point or a wood per moai in its display, one more with the moai bonus. */
export function moaiAmount(s: Readable, seat: Seat): number {
	return displayCount(s, seat, 'moai') + (bonusSeat(s, 'moai') === seat ? 1 : 0);
}
