/**
 * Building a transport hex by hex (for the game page, conventions §3: the UI gets its legal targets
 * from the engine, like chessground's `movable.dests`). Pure reads of the public state, so the
 * browser runs them on the seat's own view. `apply` stays the judge: every move these helpers
 * assemble is one it accepts (steps.test.ts checks both directions against it and legalMoves).
 */
import { HEX, HEXES } from './board';
import { carryInfo, crownTargets, erectTargets, lendingOn, startHex, type CarryInfo } from './carry';
import { mayHandle } from './handling';
import type { AhuId, Borrow, HexId, Lending, Readable, Seat, StatueId } from './types';

/** One way to complete the carry on a hex with foreign figures (G-5.3), and who earns what. */
export interface BorrowOption {
	borrow: Borrow;
	lending: Lending[];
	/** Points given away on this hex. */
	points: number;
}

export interface PathHex {
	hex: HexId;
	/** Own figures and logs suffice: nobody else earns anything here. */
	own: boolean;
	/** The default choice first (what `apply` takes when `borrow` names no choice for the hex). */
	options: BorrowOption[];
}

export interface TransportStep {
	statue: StatueId;
	from: HexId;
	/** Where the statue stands after the path so far. */
	end: HexId;
	/** Hexes that may extend the path (G-5.2: neighbours that can carry, none twice). */
	next: HexId[];
	/** The movement may end here without a finish (never for an abandoned statue, G-5.8). */
	plain: boolean;
	/** The mover may end here and mark it (G-5.6); with an empty path this is a `mark` move. */
	mark: boolean;
	/** Ahus it may be erected on / crown from here (G-5.4, G-5.5). */
	erect: AhuId[];
	crown: AhuId[];
	/** Carrying on each hex of the path, in order. */
	hexes: PathHex[];
}

/**
 * Every minimal set of foreign carriers on a hex (G-5.3: sets "that complete the carry with no
 * figure to spare"): each foreign chief alone, or exactly `deficit` one-valued foreign figures.
 */
export function borrowOptions(hex: HexId, info: CarryInfo, mover: Seat, size: number): BorrowOption[] {
	if (!info.canCarry || info.own) return [];
	const out: BorrowOption[] = [];
	const add = (borrow: Borrow) => {
		const got = lendingOn(hex, info, mover, size, borrow);
		if (typeof got !== 'string') out.push({ borrow, lending: got, points: got.reduce((t, l) => t + l.points, 0) });
	};
	const seats = info.foreignOnes.flatMap((n, s) => (n > 0 ? [s] : []));
	const pick = (from: number, left: number, acc: Seat[]) => {
		if (left === 0) return add({ figures: acc });
		for (let i = from; i < seats.length; i++) {
			const s = seats[i];
			const used = acc.filter((x) => x === s).length;
			if (used < info.foreignOnes[s]) pick(i, left - 1, [...acc, s]);
		}
	};
	if (info.foreignOnes.reduce((a, b) => a + b, 0) >= info.deficit) pick(0, info.deficit, []);
	for (const chief of info.foreignChiefs) add({ chief });
	// The engine's default first, then the cheaper ones.
	const def = lendingOn(hex, info, mover, size, undefined);
	const isDefault = (o: BorrowOption) => typeof def !== 'string' && sameLending(o.lending, def);
	return out.sort((a, b) => Number(isDefault(b)) - Number(isDefault(a)) || a.points - b.points);
}

function sameLending(a: Lending[], b: Lending[]): boolean {
	const key = (l: Lending[]) =>
		l.map((x) => `${x.seat}:${x.figure}:${x.count}`).sort().join(',');
	return key(a) === key(b);
}

/** What the mover can do next with `statue` after moving it along `path`; null if the path is not valid. */
export function transportStep(s: Readable, seat: Seat, statue: StatueId, path: readonly HexId[]): TransportStep | null {
	const st = s.statues.find((x) => x.id === statue);
	if (!st || !mayHandle(st, seat)) return null;
	const from = startHex(st)!;
	const seen = new Set<HexId>([from]);
	const hexes: PathHex[] = [];
	let end = from;
	for (const hex of path) {
		const h = HEX.get(end);
		if (!HEX.has(hex) || !h || !h.neighbors.includes(hex) || seen.has(hex)) return null;
		const info = carryInfo(s.board[hex], seat, st.size);
		if (!info.canCarry) return null;
		hexes.push({ hex, own: info.own, options: borrowOptions(hex, info, seat, st.size) });
		seen.add(hex);
		end = hex;
	}
	const next = HEX.get(end)!.neighbors.filter((n) => !seen.has(n) && carryInfo(s.board[n], seat, st.size).canCarry);
	const markers = s.players[seat].behind.markers;
	return {
		statue,
		from,
		end,
		next: HEXES.filter((h) => next.includes(h.id)).map((h) => h.id),
		plain: path.length > 0 && !st.abandoned,
		mark: markers > 0 && st.marker !== seat,
		erect: st.kind === 'moai' ? erectTargets(s, seat, end) : [],
		crown: st.kind === 'headdress' ? crownTargets(s, seat, end) : [],
		hexes
	};
}
