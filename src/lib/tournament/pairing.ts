/**
 * One round's tables (issue 35; docs/tournaments.md "Pairings", "Byes and smaller tables").
 * Pure: the same input always gives the same tables — no clock, no random source, no game kind.
 */
import { LOOKAHEAD_MAX, lookahead } from './lookahead';
import type { SearchProblem } from './cost';
import { search } from './search';
import { seatTable } from './seats';
import { standings } from './standings';
import type { Bye, Pairing, PairingInput, TableResult, TournamentPlayer } from './types';

/**
 * How n active players sit at tables of at most `tableSize` and at least `minSeats`: as many
 * players as possible are seated (the rest, fewer than minSeats, get byes); of those, the fewest
 * tables, ceil(seated / tableSize), with sizes as even as possible, the larger tables first.
 * 10 players at tables of 2–4: [4, 3, 3]; 5 at tables of 3–4: [4] and a bye (no split into tables
 * of 3 … 4 exists, and one table of 4 seats the most).
 */
export function tableSizes(n: number, tableSize: number, minSeats: number): { sizes: number[]; byes: number } {
	const count = Math.max(0, Math.floor(n) || 0);
	const S = Math.floor(tableSize);
	if (!(S >= 1)) return { sizes: [], byes: count };
	const min = Math.min(S, Math.max(1, Math.floor(minSeats) || 1));
	// With t = ceil(s / S) tables, the smallest of an even split has floor(s / t) ≥ min exactly when
	// t·min ≤ s; and if any split of s into tables of min … S exists, this one (the fewest tables) does.
	for (let s = count; s > 0; s--) {
		const t = Math.ceil(s / S);
		if (t * min > s) continue;
		const base = Math.floor(s / t);
		const extra = s % t;
		return { sizes: Array.from({ length: t }, (_, i) => base + (i < extra ? 1 : 0)), byes: count - s };
	}
	return { sizes: [], byes: count };
}

/**
 * The rounds needed for everybody to meet everybody once: at tables of 2, n − 1 (even n) or n (odd
 * n: one bye each round); at larger tables each round meets at most tableSize − 1 new opponents,
 * so ceil((n − 1) / (tableSize − 1)) is a lower bound (often not reachable: docs/tournaments.md).
 */
export function roundRobinRounds(n: number, tableSize: number): number {
	const count = Math.max(0, Math.floor(n) || 0);
	if (count < 2 || !(tableSize >= 2)) return 0;
	if (tableSize === 2) return count % 2 ? count : count - 1;
	return Math.ceil((count - 1) / (Math.floor(tableSize) - 1));
}

/**
 * What is wrong with a pairing input, in words for a log, or null. pairRound throws a RangeError
 * with this text: the caller (the server, which owns the data) checks first and answers 4xx.
 */
export function pairingProblem(input: PairingInput): string | null {
	const int = (x: unknown) => typeof x === 'number' && Number.isInteger(x);
	if (input.format !== 'swiss' && input.format !== 'roundRobin') return `unknown format ${String(input.format)}`;
	if (!int(input.round) || input.round < 1) return `round must be a whole number from 1, not ${input.round}`;
	if (!int(input.minSeats) || !int(input.maxSeats) || input.minSeats < 1 || input.minSeats > input.maxSeats) return `bad seat range ${input.minSeats}–${input.maxSeats}`;
	if (!int(input.tableSize) || input.tableSize < 2) return `table size must be a whole number from 2, not ${input.tableSize}`;
	if (input.tableSize < input.minSeats || input.tableSize > input.maxSeats) return `table size ${input.tableSize} outside the seat range ${input.minSeats}–${input.maxSeats}`;
	const ids = new Set<string>();
	for (const p of input.players) {
		if (typeof p.id !== 'string' || ids.has(p.id)) return `player id ${String(p.id)} missing or twice`;
		if (!Number.isFinite(p.order)) return `player ${p.id} has no sign-up order`;
		ids.add(p.id);
	}
	return null;
}

export function pairRound(input: PairingInput): Pairing {
	const problem = pairingProblem(input);
	if (problem) throw new RangeError(problem);
	const S = input.tableSize;
	// A table of one is no game, whatever the kind allows.
	const min = Math.max(2, input.minSeats);
	// Only earlier rounds count: the pairing of round r depends on nothing else.
	const results = input.results.filter((t) => t.round < input.round);
	const byes = input.byes.filter((b) => b.round < input.round);
	const table = standings(input.players, results, byes, S, input.round - 1);
	const standing = new Map(table.map((s, i) => [s.player, { index: i, points: s.points }]));
	const active = input.players.filter((p) => !p.withdrawn);
	const order = pairingOrder(input, active, standing);
	// Seats: ties go to the better-placed player in the order of this round's pairing (in round 1 of a
	// Swiss, the rating).
	const rank = new Map(order.map((p, i) => [p.id, i]));
	const seats = seatHistory(results);
	const seat = (ids: string[]) =>
		seatTable(
			ids.slice().sort((a, b) => rank.get(a)! - rank.get(b)!),
			(id) => seats.get(id) ?? []
		);

	if (input.format === 'roundRobin' && S === 2) return circle(input, results, byes, seat, standing);
	const plan = tableSizes(order.length, S, min);

	// Byes: the fewest byes so far first, then the lowest standing — never a second bye for anyone
	// while an active player has had none.
	const byeCount = new Map<string, number>();
	for (const b of byes) byeCount.set(b.player, (byeCount.get(b.player) ?? 0) + 1);
	const byeOrder = order
		.map((p, i) => ({ p, i }))
		.sort((x, y) => (byeCount.get(x.p.id) ?? 0) - (byeCount.get(y.p.id) ?? 0) || y.i - x.i)
		.slice(0, plan.byes);
	const withBye = input.format === 'swiss' ? pairsWithBye(order, plan, byeOrder.length ? byeCount : null, results, standing) : null;
	if (withBye) return { tables: withBye.tables.map(seat), byes: withBye.byes };
	const byed = new Set(byeOrder.map((x) => x.p.id));
	const seated = order.filter((p) => !byed.has(p.id));

	const met = meetings(seated.map((p) => p.id), results);
	const problemOf: SearchProblem = {
		n: seated.length,
		sizes: plan.sizes,
		met,
		// A round robin pairs for new opponents only; points do not matter.
		points: seated.map((p) => (input.format === 'swiss' ? standing.get(p.id)!.points : 0))
	};
	const tables = (lookahead(problemOf) ?? search(problemOf)).map((t) => t.slice().sort((a, b) => a - b));
	tables.sort((a, b) => a[0] - b[0]);
	return { tables: tables.map((t) => seat(t.map((i) => seated[i].id))), byes: byeOrder.map((x) => x.p.id) };
}

type StandingOf = Map<string, { index: number; points: number }>;

/**
 * A Swiss at tables of 2 with one bye, in a small field: the bye joins the look-ahead as a phantom
 * player (lookahead.ts), so that the choice of the bye, too, keeps the later rounds free of repeats
 * (7 players over 7 rounds: without it, 3 of 30 tournaments repeated a pairing in round 6). Null
 * where it does not apply or finds no round without a repeat.
 */
function pairsWithBye(
	order: TournamentPlayer[],
	plan: { sizes: number[]; byes: number },
	byeCount: Map<string, number> | null,
	results: TableResult[],
	standing: StandingOf
): { tables: string[][]; byes: string[] } | null {
	if (!byeCount || plan.byes !== 1 || plan.sizes.some((s) => s !== 2) || order.length + 1 > LOOKAHEAD_MAX) return null;
	const n = order.length;
	const byes = order.map((p) => byeCount.get(p.id) ?? 0);
	const fewest = Math.min(...byes);
	const real = meetings(
		order.map((p) => p.id),
		results
	);
	const points = [...order.map((p) => standing.get(p.id)!.points), 0];
	const met = (a: number, b: number) => (a === n ? (byes[b] > fewest ? 1 : 0) : b === n ? (byes[a] > fewest ? 1 : 0) : real(a, b));
	// The usual bye order: the fewest byes, then the lowest standing (order is best first).
	const rank = (i: number) => byes[i] * (n + 1) + (n - 1 - i);
	const r = lookahead({ n: n + 1, sizes: Array((n + 1) / 2).fill(2), met, points }, { rank });
	if (!r) return null;
	const tables = r.filter((t) => t[1] !== n && t[0] !== n).sort((a, b) => Math.min(...a) - Math.min(...b));
	const bye = r.find((t) => t.includes(n))!.find((i) => i !== n)!;
	return { tables: tables.map((t) => t.map((i) => order[i].id)), byes: [order[bye].id] };
}

/**
 * Swiss round 1: rating (none last), then sign-up order; later Swiss rounds: the standings (points,
 * Buchholz, firsts, sign-up order). A round robin: sign-up order.
 */
function pairingOrder(input: PairingInput, active: TournamentPlayer[], standing: StandingOf): TournamentPlayer[] {
	const bySignUp = (a: TournamentPlayer, b: TournamentPlayer) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
	if (input.format === 'roundRobin') return active.slice().sort(bySignUp);
	if (input.round === 1) {
		const r = (p: TournamentPlayer) => (typeof p.rating === 'number' && Number.isFinite(p.rating) ? p.rating : -Infinity);
		return active.slice().sort((a, b) => r(b) - r(a) || bySignUp(a, b));
	}
	return active.slice().sort((a, b) => standing.get(a.id)!.index - standing.get(b.id)!.index);
}

/** How often each pair of the seated players (by index) met: sat at one table in an earlier round. */
function meetings(ids: string[], results: TableResult[]): (a: number, b: number) => number {
	const n = ids.length;
	const index = new Map(ids.map((id, i) => [id, i]));
	// A matrix while it is small (1,000 players: 2 MB), a map of pairs beyond.
	const dense = n <= 2048 ? new Uint16Array(n * n) : null;
	const sparse = new Map<number, number>();
	for (const t of results) {
		const at = t.players.map((id) => index.get(id)).filter((i): i is number => i !== undefined);
		for (let x = 0; x < at.length; x++)
			for (let y = x + 1; y < at.length; y++) {
				const [a, b] = at[x] < at[y] ? [at[x], at[y]] : [at[y], at[x]];
				if (a === b) continue;
				if (dense) dense[a * n + b]++, dense[b * n + a]++;
				else sparse.set(a * n + b, (sparse.get(a * n + b) ?? 0) + 1);
			}
	}
	if (dense) return (a, b) => dense[a * n + b];
	return (a, b) => (a < b ? sparse.get(a * n + b) : sparse.get(b * n + a)) ?? 0;
}

/** How often each player sat in each seat (the index in a result's `players`). */
function seatHistory(results: TableResult[]): Map<string, number[]> {
	const out = new Map<string, number[]>();
	for (const t of results)
		t.players.forEach((id, i) => {
			const c = out.get(id) ?? [];
			c[i] = (c[i] ?? 0) + 1;
			out.set(id, c);
		});
	for (const c of out.values()) for (let i = 0; i < c.length; i++) c[i] ??= 0;
	return out;
}

/**
 * Round robin at tables of 2: the circle method over the field in sign-up order — the first player
 * stays, the others turn one place a round — so that in n − 1 rounds (n with one bye each, odd n)
 * everybody meets everybody once. The field is fixed at the start (active players and anyone with a
 * result or bye), so a withdrawal does not reshuffle the schedule: the withdrawn player's opponent of
 * the round gets a bye instead (which may be that player's second: docs/tournaments.md).
 */
function circle(input: PairingInput, results: TableResult[], byes: Bye[], seat: (ids: string[]) => string[], standing: StandingOf): Pairing {
	const played = new Set<string>([...results.flatMap((t) => t.players), ...byes.map((b) => b.player)]);
	const field: (TournamentPlayer | null)[] = input.players.filter((p) => !p.withdrawn || played.has(p.id)).sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1));
	if (field.length % 2) field.push(null);
	const m = field.length;
	if (m < 2) return { tables: [], byes: field.filter((p) => p && !p.withdrawn).map((p) => p!.id) };
	const turn = (input.round - 1) % (m - 1);
	const rest = field.slice(1);
	const ring = [field[0], ...rest.slice(rest.length - turn), ...rest.slice(0, rest.length - turn)];
	const tables: string[][] = [];
	const out: string[] = [];
	for (let i = 0; i < m / 2; i++) {
		const pair = [ring[i], ring[m - 1 - i]].filter((p): p is TournamentPlayer => !!p && !p.withdrawn);
		if (pair.length === 2) tables.push(seat(pair.map((p) => p.id)));
		else if (pair.length === 1) out.push(pair[0].id);
	}
	const best = (t: string[]) => Math.min(...t.map((id) => standing.get(id)!.index));
	tables.sort((a, b) => best(a) - best(b));
	return { tables, byes: out };
}
