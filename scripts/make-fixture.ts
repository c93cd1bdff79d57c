/**
 * npm run fixture -- --game <kind> <players> <seed> [--option key=value…] [--out DIR]
 *
 * Plays a whole game of a registered kind with its default bot (the one playOut, each seat from its
 * own view) and writes it as a v2 game export (docs/export.md) into tests/fixtures/games/ — a replay
 * fixture (conventions §7): CI replays every fixture (src/lib/games/giants/export.test.ts, the kind
 * contract) and must reach its recorded result. Exports of real games (GET /api/games/:id/export) can
 * be dropped into the same folder. `npm run fixture:giants -- …` is `--game giants`; its `--quick`
 * and `--immediate` still set Giants' two options.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { buildExport, playOut, seedRng } from '../src/lib/engine/index';
import { KIND_IDS, LEGACY_KIND_ID, kindOf } from '../src/lib/games/index';

const args = process.argv.slice(2);
const take = (flag: string): string | undefined => {
	const i = args.indexOf(flag);
	if (i < 0) return undefined;
	const [value] = args.splice(i, 2).slice(1);
	return value;
};
const kind = kindOf(take('--game') ?? LEGACY_KIND_ID);
const out = take('--out') ?? 'tests/fixtures/games';
const raw: Record<string, unknown> = {};
for (let o = take('--option'); o !== undefined; o = take('--option')) {
	const [k, val] = o.split('=');
	raw[k] = val === 'true' ? true : val === 'false' ? false : Number.isFinite(Number(val)) ? Number(val) : val;
}
// The short flags from before kinds (Giants' options).
if (args.includes('--quick')) raw.quickStart = true;
if (args.includes('--immediate')) raw.immediateScoring = true;
const [playersArg, seed] = args.filter((a) => !a.startsWith('--'));
const players = Number(playersArg);
if (!kind || !seed || !(players >= kind.seats.min && players <= kind.seats.max)) {
	console.error(`usage: npm run fixture -- --game <${KIND_IDS.join('|')}> <players> <seed> [--option key=value…] [--out DIR]`);
	process.exit(2);
}
const options = v.parse(kind.options, raw);
const config = kind.config(options, players);
if (!config.ok) throw new Error(`${config.code}: ${config.message}`);
const t0 = Date.UTC(2026, 10, 1);
const game = playOut(kind, { config: config.value, seed, rng: seedRng(`fixture:${seed}`) });
const names = ['ana', 'ben', 'caro', 'dan', 'eve', 'finn'];
const e = buildExport({
	kind,
	id: `fixture-${seed}`,
	config: config.value,
	options,
	seed,
	engineVersion: kind.engineVersion,
	players: Array.from({ length: players }, (_, seat) => ({ seat, username: names[seat] ?? `p${seat}` })),
	createdAt: t0 - 3_600_000,
	startedAt: t0,
	finishedAt: t0 + game.moves.length * 3_600_000,
	startVersion: 1,
	moves: game.moves.map((m, i) => ({ ...m, version: i + 2, at: t0 + i * 3_600_000 })),
	final: game.state
});
mkdirSync(out, { recursive: true });
const file = join(out, `${kind.id}-${players}p-${seed}.json`);
writeFileSync(file, JSON.stringify(e) + '\n');
console.log(`${file}: ${game.moves.length} moves, ${e.result.reason} after round ${e.result.rounds ?? '—'}, scores ${e.result.scores.join(', ')}`);
