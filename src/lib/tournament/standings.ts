/**
 * Points and standings (issue 35, docs/tournaments.md "Standings and tie-breaks").
 *
 * Points come from a table's ranks, scaled so that every table — full or smaller — hands out the
 * same range, 0 … S−1 for a tournament of tables of S: a smaller table (an odd remainder) neither
 * rewards nor punishes its players for its size. A bye earns the mean of a full table.
 */
import type { Bye, Standing, TableResult, TournamentPlayer } from './types';

/** A bye earns the mean of a full table's points, (S−1)/2: as if the player had come out in the middle. */
export const BYE_POINTS = (tableSize: number): number => Math.max(0, (tableSize - 1) / 2);

/**
 * Points carry fractions — halves from a shared place, and 1/(n−1) steps at a table of n: thirds
 * for tables of 4 in a tournament of 5. Summed as floating point, two players with the same results
 * could differ in the last bit and be told apart by it, and a total would show as 7.999999999. So
 * they are counted in whole units of 1/unit(S), exact for every table size up to S, and divided once.
 */
export function unit(tableSize: number): number {
	// 2·lcm(1 … S−1): every table of n ≤ S divides by n − 1, and a shared place adds a half.
	let l = 1;
	for (let k = 2; k < tableSize; k++) l = (l * k) / gcd(l, k);
	return 2 * l;
}
function gcd(a: number, b: number): number {
	return b ? gcd(b, a % b) : a;
}
const EPS = 1e-9;
/** a > b beyond rounding, b > a, or equal: 1, −1, 0 (for sums of points that are not whole units). */
export function cmpNum(a: number, b: number): number {
	return a - b > EPS ? 1 : b - a > EPS ? -1 : 0;
}

const isPlace = (p: number | null | undefined): p is number => typeof p === 'number' && Number.isFinite(p) && p >= 1;

/**
 * The points of `place` at a table whose places are `placesAtTable` (every seat's, the player's own
 * included), in a tournament of tables of `tableSize`. At a table of n the k-th place earns
 * (n−k)/(n−1)·(S−1); players sharing a place over positions k…k+m−1 each get the mean of those
 * positions' points. Positions come from sorting the places, so [1,1,3,4] and [1,1,2,3] mean the
 * same. A seat without a place (a game not decided: should not happen) is no position and earns
 * nothing; a table of one is no game and earns nothing.
 */
export function pointsFor(place: number, placesAtTable: (number | null)[], tableSize: number): number {
	return units(place, placesAtTable, tableSize) / unit(tableSize);
}

/** pointsFor in units of 1/unit(tableSize): a whole number. */
function units(place: number, placesAtTable: (number | null)[], tableSize: number): number {
	const n = placesAtTable.length;
	if (!isPlace(place) || n < 2 || !(tableSize >= 2)) return 0;
	let better = 0;
	let equal = 0;
	for (const p of placesAtTable) {
		if (!isPlace(p)) continue;
		if (p < place) better++;
		else if (p === place) equal++;
	}
	const k = better + 1;
	const m = Math.max(1, equal);
	// The mean of (n−j) over j = k … k+m−1 is n − k − (m−1)/2; doubled, a whole number.
	const twice = Math.max(0, 2 * (n - k) - (m - 1));
	return (twice * (tableSize - 1) * (unit(tableSize) / 2)) / (n - 1);
}

/** Whether `place` is a first place at its table (nobody placed better; shared firsts count). */
function isFirst(place: number, placesAtTable: (number | null)[]): boolean {
	return placesAtTable.every((p) => !isPlace(p) || p >= place);
}

const validRound = (r: number) => Number.isInteger(r) && r >= 1;

/**
 * The standings after the given results and byes, best first. Ordered by points, then Buchholz (the
 * sum of the final points of every opponent met, a table-mate counted once per meeting; a bye adds
 * nothing), then firsts (first places, shared ones included); players equal in all three share a
 * place (1, 1, 3) and are listed in sign-up order. Withdrawn players keep what they scored.
 * `perRound` has an entry for each of `rounds` rounds (more if a result names a later round).
 * Results naming an id not among `players` count for their table-mates' games and Buchholz only
 * through the ids that are known.
 */
export function standings(players: TournamentPlayer[], results: TableResult[], byes: Bye[], tableSize: number, rounds: number): Standing[] {
	let width = Math.max(0, Math.floor(rounds) || 0);
	for (const t of results) if (validRound(t.round)) width = Math.max(width, t.round);
	for (const b of byes) if (validRound(b.round)) width = Math.max(width, b.round);

	// Sums in whole units (unit()), divided once at the end.
	const U = unit(tableSize);
	interface Acc {
		s: Standing;
		order: number;
		units: number;
		perRound: (number | null)[];
		met: string[];
	}
	const acc = new Map<string, Acc>();
	for (const p of players) {
		if (acc.has(p.id)) continue;
		const s: Standing = { player: p.id, place: 0, points: 0, buchholz: 0, firsts: 0, games: 0, byes: 0, withdrawn: p.withdrawn, perRound: [] };
		acc.set(p.id, { s, order: p.order, units: 0, perRound: Array(width).fill(null), met: [] });
	}
	const add = (a: Acc, round: number, u: number) => {
		a.units += u;
		a.perRound[round - 1] = (a.perRound[round - 1] ?? 0) + u;
	};

	for (const t of results) {
		if (!validRound(t.round)) continue;
		t.players.forEach((id, seat) => {
			const a = acc.get(id);
			const place = t.places[seat];
			if (!a || !isPlace(place)) return; // a seat without a place is a game not played (pointsFor)
			add(a, t.round, units(place, t.places, tableSize));
			a.s.games++;
			if (isFirst(place, t.places)) a.s.firsts++;
			t.players.forEach((other, j) => {
				if (j !== seat && isPlace(t.places[j])) a.met.push(other);
			});
		});
	}
	for (const b of byes) {
		const a = acc.get(b.player);
		if (!a || !validRound(b.round)) continue;
		add(a, b.round, Math.max(0, tableSize - 1) * (U / 2));
		a.s.byes++;
	}
	const buchholz = new Map<Acc, number>();
	for (const a of acc.values()) buchholz.set(a, a.met.reduce((sum, id) => sum + (acc.get(id)?.units ?? 0), 0));

	const better = (a: Acc, b: Acc) => a.units - b.units || buchholz.get(a)! - buchholz.get(b)! || a.s.firsts - b.s.firsts;
	const list = [...acc.values()].sort((a, b) => better(b, a) || a.order - b.order || (a.s.player < b.s.player ? -1 : a.s.player > b.s.player ? 1 : 0));
	return list.map((a, i) => {
		a.s.place = i > 0 && better(list[i - 1], a) === 0 ? list[i - 1].s.place : i + 1;
		a.s.points = a.units / U;
		a.s.buchholz = buchholz.get(a)! / U;
		a.s.perRound = a.perRound.map((u) => (u === null ? null : u / U));
		return a.s;
	});
}
