/**
 * npm run fuzz -- --game <kind> --games N [--seed S] [--from K]
 * Plays N fuzzed games of a registered kind and exits 1 on the first failure, printing what failed
 * and how to reproduce it. A kind with its own fuzzer (`src/lib/games/<kind>/fuzz.ts` exporting
 * `fuzzGame(index, seed)`, with the kind's invariants) gets it; every other kind the contract-level
 * fuzzer (src/lib/engine/fuzz.ts). `npm run fuzz:giants` is `--game giants`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fuzzContract, FuzzFailure, type FuzzGameResult } from '../src/lib/engine/index';
import { KIND_IDS, kindOf } from '../src/lib/games/index';

function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const USAGE = `usage: npm run fuzz -- --game <${KIND_IDS.join('|')}> --games N [--seed S] [--from K]`;
const kind = kindOf(arg('game', ''));
const games = Number(arg('games', '100'));
const seed = arg('seed', 'rongo');
const from = Number(arg('from', '0'));
if (!kind || !Number.isInteger(games) || games < 1 || !Number.isInteger(from) || from < 0) {
	console.error(USAGE);
	process.exit(2);
}

// The kind's own fuzzer, found by the layout every kind follows (docs/adding-a-game.md).
const own = new URL(`../src/lib/games/${kind.id}/fuzz.ts`, import.meta.url);
const fuzzGame: (index: number, seed: string) => FuzzGameResult = existsSync(fileURLToPath(own))
	? ((await import(own.href)) as { fuzzGame: (index: number, seed: string) => FuzzGameResult }).fuzzGame
	: (index, s) => fuzzContract(kind, index, s);

const started = performance.now();
let moves = 0;
let checks = 0;
const reasons: Record<string, number> = {};
const byPlayers: Record<number, number> = {};
for (let g = from; g < from + games; g++) {
	try {
		const r = fuzzGame(g, seed);
		moves += r.moves;
		checks += r.checks;
		reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
		byPlayers[r.players] = (byPlayers[r.players] ?? 0) + 1;
	} catch (e) {
		const msg = e instanceof FuzzFailure || (e instanceof Error && e.name === 'FuzzFailure') ? e.message : e instanceof Error ? e.stack : String(e);
		console.error(`FAIL ${msg}\nreproduce: npm run fuzz -- --game ${kind.id} --games 1 --seed ${seed} --from ${g}`);
		process.exit(1);
	}
	if ((g - from + 1) % 500 === 0) console.log(`… ${g - from + 1} games`);
}
const secs = (performance.now() - started) / 1000;
console.log(
	`fuzz ${kind.id} (${kind.engineVersion}): ${games} games (players ${JSON.stringify(byPlayers)}), ${moves} moves, ${checks} checks, ` +
		`ends ${JSON.stringify(reasons)}, ${secs.toFixed(1)} s`
);
console.log(`fuzz: ${games} passed, 0 failed`);
