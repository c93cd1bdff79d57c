/**
 * Rules of thumb for the decisions asked of a seat outside its own play (R-5.7 a, R-7.5, R-7.7), read
 * from the seat's own view only: the `simple` bot answers with them (bots.ts), and plan-ahead
 * (queue.ts `plan`) queues them, so a planned answer is the bot's answer by construction. Each gives
 * every answer in order of preference — the first is the bot's; the rest are a careful player's
 * fallbacks should the first no longer be possible when the decision comes up.
 */
import { KINDS, MOAI_COST, handCount, stoneCounts } from './rules';
import type { Kind, MoaiChoice, Readable, Seat } from './types';

/** The stone's count of each kind as the reader knows it (face-down cards it may not see are left out). */
export function stoneKinds(v: Readable): Record<Kind, number> {
	const known = stoneCounts(v);
	if (known) return known;
	const out = { fish: 0, paper_mulberry: 0, sweet_potato: 0, grain: 0 };
	for (const c of v.stone) if (c.kind) out[c.kind]++;
	return out;
}

/**
 * Kinds to take, best first: the ones the stone values most and the seat already collects.
 * The seat's exact collection when the reader knows it, else its public ledger.
 */
export function richestKinds(v: Readable, seat: Seat, pick: (k: Kind) => boolean): Kind[] {
	const stone = stoneKinds(v);
	const own = v.secret.collections[seat] ?? v.ledger[seat];
	return KINDS.filter(pick).sort((a, b) => stone[b] + own[b] * 0.5 - (stone[a] + own[a] * 0.5));
}

/**
 * a, b: the kinds to sacrifice, first choice first: the kind the stone has least of (so the
 * kinds it already values, R-8.4, stay in the collection); ties in the data's order of kinds.
 */
export function sacrificeOrder(v: Readable, kinds: readonly Kind[]): Kind[] {
	const stone = stoneKinds(v);
	return [...kinds].sort((a, b) => stone[a] - stone[b]);
}

/** wood while a moai waits in the hand and the seat cannot pay for it (R-5.1: 7 wood); else fame. */
export function moaiPreference(v: Readable, seat: Seat): MoaiChoice {
	return handCount(v, seat, 'moai') > 0 && v.wood[seat] < MOAI_COST ? 'wood' : 'fame';
}

/** the piles to take a substitute card from, best first (taking one is never worse than declining). */
export function substituteOrder(v: Readable, seat: Seat): Kind[] {
	return richestKinds(v, seat, (k) => v.supply[k] > 0);
}
