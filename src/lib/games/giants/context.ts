/** Shared helpers of the phase modules: a mutable working copy plus the entries it produced. */
import type { AhuState, GiantsEntry, GiantsState, HexContent, Readable, Seat, Statue } from './types';

/**
 * A hex with nothing on it, for n seats. Here rather than in setup.ts, so the legal-move helpers the
 * browser runs do not pull setup (and its SHA-256) into the page's bundle.
 */
export function emptyHex(n: number): HexContent {
	return { workers: Array(n).fill(0), medicineMen: Array(n).fill(0), chiefs: Array(n).fill(0), logs: 0 };
}

export interface Ctx {
	/**
	 * The working copy of the input state. Its players, phase and small arrays are private copies;
	 * board hexes, ahus and statues are shared with the input until taken with `ownHex`, `ownAhu`
	 * or `ownStatue` (copy on write: copying them all was half the cost of a move).
	 */
	s: GiantsState;
	log: GiantsEntry[];
	owned: Set<object>;
}

export function newCtx(s: GiantsState): Ctx {
	return { s, log: [], owned: new Set() };
}

/** A private copy of a statue, put in place of the shared one; null if there is no such statue. */
export function ownStatue(c: Ctx, id: string): Statue | null {
	const i = c.s.statues.findIndex((x) => x.id === id);
	if (i < 0) return null;
	const st = c.s.statues[i];
	if (c.owned.has(st)) return st;
	const copy: Statue = { ...st, loc: { ...st.loc } };
	c.owned.add(copy);
	c.s.statues[i] = copy;
	return copy;
}

export function ownAhu(c: Ctx, id: string): AhuState {
	const a = c.s.ahus[id];
	if (c.owned.has(a)) return a;
	const copy = { ...a };
	c.owned.add(copy);
	c.s.ahus[id] = copy;
	return copy;
}

export function ownHex(c: Ctx, hex: string): HexContent {
	const h = c.s.board[hex];
	if (h && c.owned.has(h)) return h;
	const copy = h
		? { workers: h.workers.slice(), medicineMen: h.medicineMen.slice(), chiefs: h.chiefs.slice(), logs: h.logs }
		: emptyHex(c.s.players.length);
	c.owned.add(copy);
	c.s.board[hex] = copy;
	return copy;
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
