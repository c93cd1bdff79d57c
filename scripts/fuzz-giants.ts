/**
 * npm run fuzz:giants -- --games N [--seed S] [--from K]
 * Plays N fuzzed Giants games (see src/lib/games/giants/fuzz.ts for every check) and exits 1 on the
 * first failure, printing what failed and how to reproduce it.
 */
import { fuzzGame, FuzzFailure } from '../src/lib/games/giants/fuzz';

function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const games = Number(arg('games', '100'));
const seed = arg('seed', 'rongo');
const from = Number(arg('from', '0'));
if (!Number.isInteger(games) || games < 1) {
	console.error('usage: npm run fuzz:giants -- --games N [--seed S] [--from K]');
	process.exit(2);
}
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
		const msg = e instanceof FuzzFailure ? e.message : e instanceof Error ? e.stack : String(e);
		console.error(`FAIL ${msg}\nreproduce: npm run fuzz:giants -- --games 1 --seed ${seed} --from ${g}`);
		process.exit(1);
	}
	if ((g - from + 1) % 500 === 0) console.log(`… ${g - from + 1} games`);
}
const secs = (performance.now() - started) / 1000;
console.log(
	`fuzz:giants ${games} games (players ${JSON.stringify(byPlayers)}), ${moves} moves, ${checks} checks, ` +
		`ends ${JSON.stringify(reasons)}, ${secs.toFixed(1)} s`
);
console.log(`fuzz: ${games} passed, 0 failed`);
