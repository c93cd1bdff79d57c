/**
 * Who may handle which statue, and whether a seat can transport anything at all (G-5.1 … G-5.6):
 * what the legal moves need of phase 4, apart from carrying out a transport (transport.ts), so that
 * the browser's legal-move code does not bring the round end, the next round's dice and their
 * generator along.
 */
import { AHUS_AT, HEX_INDEX, NEIGHBOR_INDEX } from './board';
import { canMoveAtAll, carryTable, crownTargets, erectTargets, startHex, type CarryInfo } from './carry';
import type { HexId, Readable, Seat, Statue } from './types';

/**
 * G-5.1: statues in front of the seat's screen, on the board marked by the seat, the seat's own
 * unmarked statues moved earlier this phase, and abandoned ones (G-5.8). Erected moai and crowning
 * headdresses never move.
 */
export function mayHandle(st: Statue, seat: Seat): boolean {
	switch (st.loc.kind) {
		case 'front':
			return st.loc.seat === seat;
		case 'ahu':
			return false;
		case 'hex':
			return st.marker === seat || (st.marker === null && (st.abandoned || st.owner === seat));
	}
}

/** Whether the seat has anything but passing in phase 4 (G-0.4 auto-pass otherwise). */
export function canTransportAnything(s: Readable, seat: Seat): boolean {
	const markers = s.players[seat].behind.markers;
	const tables: (ReturnType<typeof carryTable> | undefined)[] = [];
	const tried = new Set<string>();
	const goalsByKind: Partial<Record<'moai' | 'headdress', Set<number>>> = {};
	for (const st of s.statues) {
		if (!mayHandle(st, seat)) continue;
		if (markers > 0 && st.marker !== seat) return true; // mark it (in place or after moving)
		const from = startHex(st)!;
		const table = (tables[st.size] ??= carryTable(s, seat, st.size));
		if (!st.abandoned) {
			if (canMoveAtAll(table, from)) return true;
			if (st.kind === 'moai' ? erectTargets(s, seat, from).length : crownTargets(s, seat, from).length) return true;
			continue;
		}
		// Abandoned and no marker to spare: some reachable hex must let the seat erect or crown.
		const goals = (goalsByKind[st.kind] ??= goalHexes(s, seat, st.kind));
		if (goals.size === 0) continue;
		// Statues of one kind and size on one hex reach the same hexes: search once.
		const key = `${st.kind}:${st.size}:${from}`;
		if (tried.has(key)) continue;
		tried.add(key);
		if (reachesAny(table, from, goals)) return true;
	}
	return false;
}

/** Hexes where the seat could erect a moai / crown with a headdress now (G-5.4, G-5.5). */
function goalHexes(s: Readable, seat: Seat, kind: 'moai' | 'headdress'): Set<number> {
	const out = new Set<number>();
	for (const hex of AHUS_AT.keys()) {
		const ok = kind === 'moai' ? erectTargets(s, seat, hex).length > 0 : crownTargets(s, seat, hex).length > 0;
		if (ok) out.add(HEX_INDEX.get(hex)!);
	}
	return out;
}

/** Breadth-first: can a statue at `from` end its movement (of zero or more hexes) on a goal hex? */
function reachesAny(table: CarryInfo[], from: HexId, goals: Set<number>): boolean {
	const start = HEX_INDEX.get(from)!;
	if (goals.has(start)) return true;
	const seen = new Uint8Array(table.length);
	seen[start] = 1;
	const queue = [start];
	for (let q = 0; q < queue.length; q++) {
		for (const w of NEIGHBOR_INDEX[queue[q]]) {
			if (seen[w] || !table[w].canCarry) continue;
			if (goals.has(w)) return true;
			seen[w] = 1;
			queue.push(w);
		}
	}
	return false;
}


