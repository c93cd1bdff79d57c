/**
 * Simulated tournaments for the tests and the benchmark (conventions §9: test generators ship with
 * the code they test): every round paired by pairRound, every table's places drawn from a seeded
 * generator and fed back, as the server will feed back finished games.
 */
import { pairRound } from './pairing';
import { seeded } from './random';
import type { Bye, Format, Pairing, TableResult, TournamentPlayer } from './types';

export interface Simulation {
	players: TournamentPlayer[];
	results: TableResult[];
	byes: Bye[];
	pairings: Pairing[];
}

/** Places for a table of n: a random order, and with probability `ties` a shared place with the next seat. */
export function randomPlaces(n: number, random: () => number, ties = 0): number[] {
	const finish = Array.from({ length: n }, (_, i) => i);
	for (let i = n - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[finish[i], finish[j]] = [finish[j], finish[i]];
	}
	// finish[k] = the seat that came k-th; a tie gives the k+1-th the k-th's place.
	const places = Array(n).fill(0);
	for (let k = 0; k < n; k++) places[finish[k]] = k > 0 && random() < ties ? places[finish[k - 1]] : k + 1;
	return places;
}

export function players(n: number, rating?: (i: number) => number | null): TournamentPlayer[] {
	return Array.from({ length: n }, (_, i) => ({ id: `p${i}`, order: i, rating: rating ? rating(i) : null, withdrawn: false }));
}

export interface SimulationOptions {
	format?: Format;
	players: TournamentPlayer[];
	tableSize: number;
	minSeats?: number;
	maxSeats?: number;
	rounds: number;
	seed: number;
	ties?: number;
	/** called before each round is paired: a chance to withdraw someone */
	before?: (round: number, sim: Simulation) => void;
}

export function simulate(o: SimulationOptions): Simulation {
	const random = seeded(o.seed);
	const sim: Simulation = { players: o.players.map((p) => ({ ...p })), results: [], byes: [], pairings: [] };
	for (let round = 1; round <= o.rounds; round++) {
		o.before?.(round, sim);
		const pairing = pairRound({
			format: o.format ?? 'swiss',
			round,
			tableSize: o.tableSize,
			minSeats: o.minSeats ?? 2,
			maxSeats: o.maxSeats ?? Math.max(o.tableSize, 2),
			players: sim.players,
			results: sim.results,
			byes: sim.byes
		});
		sim.pairings.push(pairing);
		for (const t of pairing.tables) sim.results.push({ round, players: t, places: randomPlaces(t.length, random, o.ties ?? 0) });
		for (const b of pairing.byes) sim.byes.push({ round, player: b });
	}
	return sim;
}

/** Repeated meetings of each round: every pair at a table counts once per earlier meeting. */
export function repeatsPerRound(pairings: Pairing[]): number[] {
	const met = new Map<string, number>();
	return pairings.map((p) => {
		let repeats = 0;
		for (const t of p.tables)
			for (let i = 0; i < t.length; i++)
				for (let j = i + 1; j < t.length; j++) {
					const key = t[i] < t[j] ? `${t[i]} ${t[j]}` : `${t[j]} ${t[i]}`;
					repeats += met.get(key) ?? 0;
					met.set(key, (met.get(key) ?? 0) + 1);
				}
		return repeats;
	});
}
