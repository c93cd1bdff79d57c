/** Shared helpers of the phase modules: a mutable working copy plus the entries it produced. */
import type { GiantsEntry, GiantsState, Readable, Seat } from './types';

export interface Ctx {
	/** A private clone of the input state: phase modules may mutate it. */
	s: GiantsState;
	log: GiantsEntry[];
}

/** A rule violation: the code and message `apply` returns (conventions §4). */
export class Refusal {
	constructor(
		readonly code: string,
		readonly message: string
	) {}
}

export function refuse(code: string, message: string): never {
	throw new Refusal(code, message);
}

export function seatCount(s: Readable): number {
	return s.players.length;
}

/** The next seat clockwise after `from` that has not passed, `from` itself last; -1 if all passed. */
export function nextUnpassed(s: Readable, from: Seat): Seat {
	const n = seatCount(s);
	for (let k = 1; k <= n; k++) {
		const seat = (from + k) % n;
		if (!s.players[seat].passed) return seat;
	}
	return -1;
}

export function newStatueId(s: GiantsState, kind: 'moai' | 'headdress'): string {
	return (kind === 'moai' ? 'm' : 'h') + s.nextStatue++;
}
