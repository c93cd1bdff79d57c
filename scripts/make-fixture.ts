/**
 * npm run fixture:giants -- <players> <seed> [--quick] [--immediate] [--out DIR]
 *
 * Plays a whole Giants game with the engine's greedy bot and writes it as a game export
 * (docs/export.md) into tests/fixtures/games/ — a replay fixture (conventions §7): CI replays every
 * fixture (src/lib/games/giants/export.test.ts) and must reach its recorded result. Exports of real
 * games (GET /api/games/:id/export) can be dropped into the same folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedRng } from '../src/lib/engine/index';
import { greedyBot } from '../src/lib/games/giants/bots';
import { buildExport, type ExportedMove } from '../src/lib/games/giants/export';
import { giants } from '../src/lib/games/giants/index';

const args = process.argv.slice(2);
const players = Number(args[0]);
const seed = args[1];
if (!(players >= 3 && players <= 5) || !seed) {
	console.error('usage: npm run fixture:giants -- <players 3-5> <seed> [--quick] [--immediate] [--out DIR]');
	process.exit(2);
}
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : 'tests/fixtures/games';
const config = { players, quickStart: args.includes('--quick'), immediateScoring: args.includes('--immediate') };
const set = giants.setup(config, seed);
if (!set.ok) throw new Error(`${set.code}: ${set.message}`);
let state = set.value;
const rng = seedRng(`fixture:${seed}`);
const moves: ExportedMove[] = [];
const t0 = Date.UTC(2026, 10, 1);
while (!giants.isOver(state)) {
	const seat = giants.activeSeats(state)[0];
	// The bot sees what the seat sees: its own view, never the state.
	const move = greedyBot(giants.view(state, seat), seat, rng);
	const r = giants.apply(state, seat, move);
	if (!r.ok) throw new Error(`bot move refused: ${r.code}`);
	state = r.value.state;
	moves.push({ version: moves.length + 2, seat, move, at: t0 + moves.length * 3_600_000 });
}
const names = ['ana', 'ben', 'caro', 'dan', 'eve'];
const e = buildExport({
	id: `fixture-${seed}`,
	config,
	seed,
	engineVersion: giants.engineVersion,
	players: names.slice(0, players).map((username, seat) => ({ seat, username })),
	createdAt: t0 - 3_600_000,
	startedAt: t0,
	finishedAt: t0 + moves.length * 3_600_000,
	startVersion: 1,
	moves,
	final: state
});
mkdirSync(out, { recursive: true });
const file = join(out, `giants-${players}p-${seed}.json`);
writeFileSync(file, JSON.stringify(e) + '\n');
console.log(`${file}: ${moves.length} moves, ${e.result.reason} after round ${e.result.rounds}, scores ${e.result.scores.join(', ')}`);
