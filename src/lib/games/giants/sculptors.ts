/**
 * What the auction's legal moves need (G-3.1, G-3.3), apart from the auction itself (auction.ts), so
 * that the browser's legal-move code does not bring the dice roll and its generator along.
 */
import type { Bid, Phase, Readable, Sculptors, Seat } from './types';

type CarvePhase = Extract<Phase, { kind: 'carve' }>;

export function sculptorValue(x: Sculptors): number {
	return x.workers + (x.medicineMan ? 1 : 0) + (x.chief ? 3 : 0); // G-3.1: a chief is worth 3
}

export function bidIsAffordable(s: Readable, seat: Seat, bid: Bid): boolean {
	const b = s.players[seat].behind;
	return bid.markers <= b.markers && bid.workers <= b.workers && (!bid.medicineMan || b.medicineMan) && (!bid.chief || b.chief);
}

export function canCarve(s: Readable, ph: CarvePhase, seat: Seat): boolean {
	const value = sculptorValue(ph.left[seat]);
	return s.display.some((size) => size <= value);
}
