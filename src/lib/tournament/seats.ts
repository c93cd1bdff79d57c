/**
 * Start seats rotate (docs/tournaments.md "Pairings"): once a table's players are chosen, seat 0 —
 * the start player in every kind — goes to whoever has sat there least often, and the other seats
 * likewise. Seat 0 comes first because the start is the seat that matters most in a turn-based game;
 * the rest is the sum over players of how often they already sat in the seat they get.
 */

/** Permutations are tried up to this table size (6! = 720 each); a larger table is seated greedily. */
export const PERMUTE_MAX = 6;

/**
 * The table's players in seat order. `players` comes in standing order (best first) and `counts(p)`
 * says how often p sat in each seat before (missing entries: never). Minimises, lexicographically,
 * (1) how often the player given seat 0 already sat there, (2) the sum over players of how often they
 * already sat in the seat they get; among equals the better-placed player sits earlier.
 */
export function seatTable<T>(players: T[], counts: (p: T) => readonly number[]): T[] {
	const n = players.length;
	const c = players.map((p) => counts(p));
	const at = (i: number, seat: number) => c[i][seat] ?? 0;
	if (n > PERMUTE_MAX) return greedy(players, at);

	let best: number[] = [];
	let bestKey: [number, number] = [Infinity, Infinity];
	const perm: number[] = [];
	const used = new Array(n).fill(false);
	// Permutations in lexicographic order of standing, and only a strictly better one replaces the
	// best: the first of equals keeps the standing order.
	const go = (sum: number) => {
		if (perm.length === n) {
			const key: [number, number] = [at(perm[0], 0), sum];
			if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) (bestKey = key), (best = perm.slice());
			return;
		}
		const seat = perm.length;
		for (let i = 0; i < n; i++) {
			if (used[i]) continue;
			const s = sum + at(i, seat);
			if (seat > 0 && (at(perm[0], 0) > bestKey[0] || (at(perm[0], 0) === bestKey[0] && s >= bestKey[1]))) continue;
			used[i] = true;
			perm.push(i);
			go(s);
			perm.pop();
			used[i] = false;
		}
	};
	go(0);
	return best.map((i) => players[i]);
}

/** Seat by seat, the player who sat in that seat least often; ties to the better-placed player. */
function greedy<T>(players: T[], at: (i: number, seat: number) => number): T[] {
	const left = players.map((_, i) => i);
	const out: T[] = [];
	for (let seat = 0; seat < players.length; seat++) {
		let k = 0;
		for (let j = 1; j < left.length; j++) if (at(left[j], seat) < at(left[k], seat)) k = j;
		out.push(players[left[k]]);
		left.splice(k, 1);
	}
	return out;
}
