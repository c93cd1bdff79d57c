/** What the end-of-round choice allows a seat (G-6.0), apart from the round end itself (roundEnd.ts). */
import type { Readable, Seat } from './types';

/** Statues the seat may mark in G-6.0: its own unmoved statues put on a quarry (G-5.7). */
export function markable(s: Readable, seat: Seat): string[] {
	return s.statues.filter((st) => s.unmoved.includes(st.id) && st.owner === seat && st.marker === null).map((st) => st.id);
}

/** Statues carrying the seat's marker (never erected or crowning: those markers came back). */
export function releasable(s: Readable, seat: Seat): string[] {
	return s.statues.filter((st) => st.marker === seat && st.loc.kind === 'hex').map((st) => st.id);
}

/** G-6.0: who has a choice — an unmoved statue and a marker behind the screen, or a marker on a statue. */
export function hasRoundEndChoice(s: Readable, seat: Seat): boolean {
	return (s.players[seat].behind.markers > 0 && markable(s, seat).length > 0) || releasable(s, seat).length > 0;
}
