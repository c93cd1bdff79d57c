/**
 * Small operations on a Moa state in the making (M-8): drawing, paying, using a karakia tile. Shared by
 * the course of the game (course.ts) and the moves (engine.ts). They change their state in place:
 * only ever a copy that `apply` or `start` made.
 */
import { bird, karakiaType } from './rules';
import type { CardId, MoaEntry, MoaState, Payment, Seat, TileId } from './types';
import { shuffle } from './setup';

/** A log in the making. */
export type Log = MoaEntry[];
/** While tasks run, nobody is asked (`busy`); `settle` always ends in a phase that asks someone, or over. */
export type Working = MoaState;

// ---- small state operations ----------------------------------------------------------------------

export const sortIds = (ids: string[]): string[] => [...ids].sort();

export function syncCounts(s: Working): void {
	s.handSize = s.secret.hands.map((h) => h.length);
	s.birdPileLeft = s.secret.birdPile.length;
	s.terrainDeckLeft = s.secret.terrainDeck.length;
	s.mammalDeckLeft = s.secret.mammalDeck.length;
}

/** M-8.8: the top bird card; an empty pile is refilled from the shuffled discard pile first. */
export function drawBird(s: Working, log: Log): CardId | null {
	const x = s.secret;
	if (x.birdPile.length === 0) {
		if (s.birdDiscard.length === 0) return null;
		x.birdPile = shuffle(s.birdDiscard, x.rng);
		log.push({ type: 'birdReshuffle', cards: s.birdDiscard.length });
		s.birdDiscard = [];
	}
	return x.birdPile.shift()!;
}

/** Pays: cards to the discard pile (ascending ids, M-0.3), leader tiles out of the game (M-8.3), karakia back to their stack (M-8.5). */
export function spend(s: Working, seat: Seat, pay: Payment): void {
	const hand = s.secret.hands[seat];
	for (const c of pay.cards) hand.splice(hand.indexOf(c), 1);
	s.birdDiscard.push(...sortIds(pay.cards));
	for (const t of pay.tiles) {
		if (karakiaType(t)) useKarakia(s, seat, t);
		else {
			s.leaderTiles[seat] = s.leaderTiles[seat].filter((x) => x.id !== t);
			s.leaderTilesOut.push(t); // M-8.3
		}
	}
}

/** M-8.5: a used karakia tile goes back onto its type's stack. */
export function useKarakia(s: Working, seat: Seat, tile: TileId): void {
	s.karakia[seat] = s.karakia[seat].filter((x) => x.id !== tile);
	const type = karakiaType(tile)!;
	s.karakiaSupply[type] = sortIds([...s.karakiaSupply[type], tile]);
}
