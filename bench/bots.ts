/**
 * npm run bench:bots [-- --game <kind>] [--games N] [--bot NAME] — how good each kind's bot is
 * (issue 17), on one core through the kind contract only (src/lib/engine/botmatch.ts):
 *  (a) self-play games that end by the rules' normal end (goal ≥ 90%; the kind's `safeguards` are not),
 *  (b) games against random bots it wins outright (goal ≥ 90%),
 *  (c) its time per decision, p50/p95/max (goal p95 ≤ 50 ms),
 * at every table size of the kind. Without --game: every registered kind.
 */
import os from 'node:os';
import { quantile, selfPlay, versusRandom } from '../src/lib/engine/index';
import { KIND_IDS, kindOf } from '../src/lib/games/index';

function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const ids = process.argv.includes('--game') ? [arg('game', '')] : [...KIND_IDS];
const games = Number(arg('games', '200'));
const kinds = ids.map((id) => kindOf(id));
if (kinds.some((k) => !k) || !Number.isInteger(games) || games < 1) {
	console.error(`usage: npm run bench:bots -- [--game <${KIND_IDS.join('|')}>] [--games N] [--bot NAME]`);
	process.exit(2);
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
const ms = (x: number) => `${x.toFixed(2)} ms`;
const now = () => performance.now();

console.log(`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; one thread`);
let failed = false;
for (const kind of kinds) {
	if (!kind) continue;
	const bot = arg('bot', kind.defaultBot);
	const seed = 'bench-bots';
	// Warm up the JIT on a few games outside the sample.
	selfPlay(kind, { bot, games: 3, seed: 'warm' });
	const t0 = now();
	const self = selfPlay(kind, { bot, games, seed, now });
	const vs = versusRandom(kind, { bot, games, seed, now });
	const times = [...self.times, ...vs.times];
	const p95 = quantile(times, 0.95);
	const a = self.normalEnds / self.games;
	const b = vs.wins / vs.games;
	console.log(`\n${kind.id} (${kind.engineVersion}), bot "${bot}", ${games} games each, ${kind.seats.min}–${kind.seats.max} players, ${((now() - t0) / 1000).toFixed(1)} s`);
	console.log(`  (a) self-play normal ends: ${self.normalEnds}/${self.games} = ${pct(self.normalEnds, self.games)} ${a >= 0.9 ? 'ok' : 'BELOW 90%'}; ends ${JSON.stringify(self.reasons)}; ${(self.moves / self.games).toFixed(0)} moves/game`);
	console.log(`  (b) vs random: won ${vs.wins}/${vs.games} = ${pct(vs.wins, vs.games)} ${b >= 0.9 ? 'ok' : 'BELOW 90%'} (+${vs.shared} shared)`);
	console.log(`  (c) per decision: p50 ${ms(quantile(times, 0.5))}, p95 ${ms(p95)} ${p95 <= 50 ? 'ok' : 'ABOVE 50 ms'}, p99 ${ms(quantile(times, 0.99))}, max ${ms(Math.max(...times))} (${times.length} decisions)`);
	if (a < 0.9 || b < 0.9 || p95 > 50) failed = true;
}
process.exitCode = failed ? 1 : 0;
