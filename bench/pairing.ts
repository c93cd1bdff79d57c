/**
 * npm run bench:pairing [-- --sizes 100,1000,10000] [--runs 5] — what pairing a tournament round
 * costs (issue 35, src/lib/tournament): fields of 100, 1,000 and 10,000 players at tables of 4 and
 * of 2, a Swiss played to round 10 with seeded random results fed back (one place in ten shared);
 * for rounds 1, 5 and 10 the median time of `pairRound` over several runs on the same input, and the
 * repeated meetings its tables leave. Then small fields late in a tournament, where the exhaustive
 * search and the look-ahead run and repeats may be unavoidable. One core; pure functions, so the
 * server and a browser pay the same. Results: docs/benchmarks.md "Issue 35: pairing 1,000 players".
 */
import os from 'node:os';
import { pairRound, type PairingInput } from '../src/lib/tournament/index';
import { players, randomPlaces, repeatsPerRound, simulate } from '../src/lib/tournament/simulate';
import { seeded } from '../src/lib/tournament/random';

function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const sizes = arg('sizes', '100,1000,10000').split(',').map(Number);
const runs = Math.max(1, Number(arg('runs', '5')) || 5);
const MEASURED = [1, 5, 10];
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x < 1 ? x.toFixed(2) : x.toFixed(1)} ms`;

console.log(`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
console.log(`Swiss to round 10, seeded random results (10 % shared places); median of ${runs} runs (fewer for 10,000)\n`);
console.log('| players | table | round | pairRound (median) | tables | byes | repeated meetings |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const n of sizes) {
	for (const tableSize of [4, 2]) {
		const random = seeded(n * 10 + tableSize);
		const input: PairingInput = { format: 'swiss', round: 1, tableSize, minSeats: 2, maxSeats: 4, players: players(n, (i) => 1500 - i), results: [], byes: [] };
		const pairings = [];
		for (let round = 1; round <= 10; round++) {
			input.round = round;
			const reps = MEASURED.includes(round) ? (n >= 10_000 ? Math.min(runs, 3) : runs) : 1;
			const times: number[] = [];
			let pairing = pairRound(input);
			for (let r = 0; r < reps; r++) {
				const t0 = performance.now();
				pairing = pairRound(input);
				times.push(performance.now() - t0);
			}
			pairings.push(pairing);
			const repeats = repeatsPerRound(pairings).at(-1);
			if (MEASURED.includes(round))
				console.log(`| ${n.toLocaleString('en')} | ${tableSize} | ${round} | ${ms(median(times))} | ${pairing.tables.length} | ${pairing.byes.length} | ${repeats} |`);
			for (const t of pairing.tables) input.results.push({ round, players: t, places: randomPlaces(t.length, random, 0.1) });
			for (const b of pairing.byes) input.byes.push({ round, player: b });
		}
	}
}

// Small fields: the last round of each, over several seeded tournaments (the pairing of that round
// timed again on the same input); the repeats of that round, least and most over the seeds.
const SMALL: [number, number, number][] = [
	[7, 2, 7],
	[8, 2, 7],
	[12, 2, 11],
	[12, 4, 4],
	[16, 4, 5],
	[20, 4, 4],
	[24, 4, 6],
	[40, 4, 10]
];
const seeds = 10;
console.log(`\nsmall fields: the last round, ${seeds} seeded tournaments each; pairRound median over them\n`);
console.log('| players | table | round | pairRound (median) | repeated meetings in that round (min–max) |');
console.log('|---:|---:|---:|---:|---|');
for (const [n, tableSize, rounds] of SMALL) {
	const times: number[] = [];
	const last: number[] = [];
	for (let seed = 0; seed < seeds; seed++) {
		const sim = simulate({ players: players(n), tableSize, rounds: rounds - 1, seed, ties: 0.1 });
		const input: PairingInput = { format: 'swiss', round: rounds, tableSize, minSeats: 2, maxSeats: 4, players: sim.players, results: sim.results, byes: sim.byes };
		const t0 = performance.now();
		const pairing = pairRound(input);
		times.push(performance.now() - t0);
		last.push(repeatsPerRound([...sim.pairings, pairing]).at(-1)!);
	}
	console.log(`| ${n} | ${tableSize} | ${rounds} | ${ms(median(times))} | ${Math.min(...last)}–${Math.max(...last)} |`);
}
