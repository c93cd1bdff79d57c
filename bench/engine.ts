/**
 * npm run bench:engine [-- --game <kind>] [--seconds S] — a kind's engine speed on one core (no
 * workers, one thread), through the kind contract only (issue 11: one command for every kind):
 *  1. validated moves/s: replaying recorded random games through `apply` (schema check, rules,
 *     automatic steps, state copy) — what the GameRoom pays per submitted move.
 *  2. complete random games/s for every seat count of the kind: setup + legalMoves + random choice
 *     + apply until the game is over (the one playOut) — what a load test or a bot-filled seat pays.
 */
import os from 'node:os';
import * as v from 'valibot';
import { playOut, randomLegal, seedRng } from '../src/lib/engine/index';
import { KIND_IDS, LEGACY_KIND_ID, kindOf } from '../src/lib/games/index';

function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const kind = kindOf(arg('game', LEGACY_KIND_ID));
if (!kind) {
	console.error(`usage: npm run bench:engine -- --game <${KIND_IDS.join('|')}> [--seconds S]`);
	process.exit(2);
}
const seconds = Number(arg('seconds', '5')) || 5;
const random = randomLegal(kind);

function configFor(players: number) {
	const c = kind!.config(v.parse(kind!.options, {}), players);
	if (!c.ok) throw new Error(c.message);
	return c.value;
}

// The bots see the whole state (the engine alone, as this benchmark always measured); a bot-filled
// seat in a room pays a view per move on top (bench:server measures the room).
const playRandom = (config: unknown, seed: string) => playOut(kind, { config, seed, bots: random, pick: 'random', sees: 'state', rng: seedRng('bench/' + seed) });

function timeFor(secs: number, fn: () => number): { perSecond: number; units: number; secs: number } {
	const t0 = performance.now();
	let units = 0;
	while (performance.now() - t0 < secs * 1000) units += fn();
	const took = (performance.now() - t0) / 1000;
	return { perSecond: units / took, units, secs: took };
}

console.log(`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
console.log(`kind: ${kind.id} (${kind.engineVersion})`);

// Warm up the JIT.
for (let i = 0; i < 5; i++) playRandom(configFor(kind.seats.max), 'warm' + i);

const rows: string[] = [];
for (let players = kind.seats.min; players <= kind.seats.max; players++) {
	const config = configFor(players);
	const recorded = [...Array(20).keys()].map((i) => ({ seed: `rec${players}-${i}`, ...playRandom(config, `rec${players}-${i}`) }));
	let g = 0;
	const moves = timeFor(seconds, () => {
		const rec = recorded[g++ % recorded.length];
		const start = kind.setup(config, rec.seed);
		if (!start.ok) throw new Error(start.code);
		let s = start.value;
		for (const { seat, move } of rec.moves) {
			const a = kind.apply(s, seat, move);
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
