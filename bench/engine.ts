/**
 * npm run bench:engine — Giants engine speed on one core (no workers, one thread).
 *  1. validated moves/s: replaying recorded random games through `apply` (schema check, rules,
 *     automatic steps, state copy) — what the GameRoom pays per submitted move.
 *  2. complete random games/s for 3, 4 and 5 players: setup + legalMoves + random choice + apply
 *     until the game is over — what a load test or a bot-filled seat pays.
 */
import os from 'node:os';
import { giants, legalMoves } from '../src/lib/games/giants';
import { below, seedRng, type LoggedMove } from '../src/lib/engine';
import type { GiantsConfig, GiantsMove, GiantsState } from '../src/lib/games/giants/types';

function playRandom(config: GiantsConfig, seed: string): { moves: LoggedMove<GiantsMove>[]; state: GiantsState } {
	const rng = seedRng('bench/' + seed);
	const r = giants.setup(config, seed);
	if (!r.ok) throw new Error(r.message);
	let s = r.value;
	const moves: LoggedMove<GiantsMove>[] = [];
	while (!giants.isOver(s)) {
		const active = giants.activeSeats(s);
		const seat = active[below(rng, active.length)];
		const legal = legalMoves(s, seat);
		const move = legal[below(rng, legal.length)];
		const a = giants.apply(s, seat, move);
		if (!a.ok) throw new Error(`${a.code}: ${a.message}`);
		s = a.value.state;
		moves.push({ seat, move });
	}
	return { moves, state: s };
}

function timeFor(seconds: number, fn: () => number): { perSecond: number; units: number; secs: number } {
	const t0 = performance.now();
	let units = 0;
	while (performance.now() - t0 < seconds * 1000) units += fn();
	const secs = (performance.now() - t0) / 1000;
	return { perSecond: units / secs, units, secs };
}

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 5;
console.log(`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);

// Warm up the JIT.
for (let i = 0; i < 5; i++) playRandom({ players: 4 }, 'warm' + i);

const rows: string[] = [];
for (const players of [3, 4, 5]) {
	const config: GiantsConfig = { players, quickStart: false };
	const recorded = [...Array(20).keys()].map((i) => ({ seed: `rec${players}-${i}`, ...playRandom(config, `rec${players}-${i}`) }));
	let g = 0;
	const moves = timeFor(seconds, () => {
		const rec = recorded[g++ % recorded.length];
		let s = giants.setup(config, rec.seed).value!;
		for (const { seat, move } of rec.moves) {
			const a = giants.apply(s, seat, move);
			if (!a.ok) throw new Error(a.code);
			s = a.value.state;
		}
		return rec.moves.length;
	});
	let k = 0;
	const games = timeFor(seconds, () => {
		playRandom(config, `g${players}-${k++}`);
		return 1;
	});
	const avg = recorded.reduce((t, r) => t + r.moves.length, 0) / recorded.length;
	rows.push(`| ${players} | ${Math.round(moves.perSecond).toLocaleString('en')} | ${games.perSecond.toFixed(1)} | ${Math.round(avg)} |`);
}
console.log('| players | validated moves/s (apply) | complete random games/s | moves per random game |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(r);
