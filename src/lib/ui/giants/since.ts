/**
 * "Since your last visit" (issue 12): which log lines are new to the viewer — after the version they
 * last looked at (the room's `seenVersion`), and not their own — and which hexes those moves touched,
 * for the board; and the newest move of every other player.
 */
import type { GiantsEntry } from '$lib/games/giants/surface';
import type { LogLine } from './GameLog.svelte';

/** The hexes an entry names: where a figure went, a statue's path, a marked statue. */
export function hexesOf(e: GiantsEntry): string[] {
	switch (e.type) {
		case 'place':
		case 'action':
		case 'mark':
			return [e.hex];
		case 'move':
			return [e.from, ...e.path];
		default:
			return [];
	}
}

const seatOf = (e: GiantsEntry): number | null => ('seat' in e && typeof e.seat === 'number' ? e.seat : null);

/**
 * Lines after `since`, but not of the viewer's own moves (with what those moves set off, e.g. a new
 * phase); none without a `since` (a first visit).
 */
export function freshLines(lines: readonly LogLine[], since: number | null | undefined, mySeat: number | null): LogLine[] {
	if (since === null || since === undefined) return [];
	// A version is the viewer's own move if its first entry naming a seat, not an automatic one, is
	// theirs (another's move may set off an automatic pass of the viewer's: that is news to them).
	const mover = new Map<number, number>();
	for (let i = lines.length - 1; i >= 0; i--) {
		const l = lines[i];
		const seat = seatOf(l.entry);
		if (seat !== null && !mover.has(l.version) && !('auto' in l.entry && l.entry.auto)) mover.set(l.version, seat);
	}
	return lines.filter((l) => l.version > since && (mySeat === null || mover.get(l.version) !== mySeat));
}

/** How many moves of other players the fresh lines hold (versions with a player's entry). */
export function freshMoveCount(fresh: readonly LogLine[]): number {
	return new Set(fresh.filter((l) => seatOf(l.entry) !== null).map((l) => l.version)).size;
}

export function freshHexes(fresh: readonly LogLine[]): Set<string> {
	return new Set(fresh.flatMap((l) => hexesOf(l.entry)));
}

/** The newest line of each seat but `mySeat` that acted (newest-first input), by seat order. */
export function lastMoves(lines: readonly LogLine[], seats: number, mySeat: number | null): { seat: number; line: LogLine }[] {
	const out: { seat: number; line: LogLine }[] = [];
	for (let s = 0; s < seats; s++) {
		if (s === mySeat) continue;
		const line = lines.find((l) => seatOf(l.entry) === s);
		if (line) out.push({ seat: s, line });
	}
	return out;
}
