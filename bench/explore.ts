/**
 * npm run bench:explore [-- --games N] — what exploring a finished game costs (issue 34), for every
 * registered kind, through the kind contract only (engine/explore.ts): the work the explore page does
 * in the browser on each change, and the server's replay for "Play on from here".
 *  1. open: replaying the finished game to a middle step (the history's replay, ui/history/steps.ts);
 *  2. fresh: starting that position anew from another seed (`write(state, { fresh: true })`, `config`,
 *     `start`) — a click on "Fresh draws" or "Re-roll";
 *  3. line: replaying an explored line of the game's second half (`playLine`) — what opening a link
 *     and every move on the explorer's table re-runs;
 *  4. link: characters per move of an encoded line, how many moves fit in a link (LINE_MAX_CHARS),
 *     and the decode time of a line that fits.
 * Median of N random games per kind, on one core.
 */
import os from 'node:os';
import * as v from 'valibot';
import { branchStart, decodeLine, encodeLine, LINE_MAX_CHARS, playLine, playOut, randomLegal, replay, seedRng, type LineMove } from '../src/lib/engine/index';
import { KINDS } from '../src/lib/games/index';

function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const games = Math.max(3, Number(arg('games', '15')) || 15);
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function ms(fn: () => void, reps = 5): number {
	const t0 = performance.now();
	for (let i = 0; i < reps; i++) fn();
	return (performance.now() - t0) / reps;
}

console.log(`machine: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
console.log(`median of ${games} random games per kind; the line is the game's second half, ≤ 300 moves\n`);
console.log('| kind | moves in the game | open: replay to the middle | fresh draws | line (moves) | chars per move | moves per link | link decode |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const kind of KINDS) {
	const options = v.parse(kind.options, {});
	const players = kind.seats.max;
	const config = kind.config(options, players);
	if (!config.ok) throw new Error(config.message);
	const rows = { n: [] as number[], open: [] as number[], fresh: [] as number[], line: [] as number[], lineN: [] as number[], chars: [] as number[], decode: [] as number[] };
	for (let g = 0; g < games; g++) {
		const seed = `bench-explore-${kind.id}-${g}`;
		const out = playOut(kind, { config: config.value, seed, bots: randomLegal(kind), rng: seedRng(`${seed}/bots`) });
		const mid = Math.floor(out.moves.length / 2);
		const setup = { game: kind.id, engineVersion: kind.engineVersion, config: config.value, seed };
		let at: unknown = null;
		rows.open.push(
			ms(() => {
				const r = replay(kind, setup, out.moves.slice(0, mid));
				if (!r.ok) throw new Error(r.message);
				at = r.value;
			})
		);
		if (kind.position) rows.fresh.push(ms(() => void branchStart(kind, { options, players }, at, { fresh: true, seed: `s${g}` })));
		const line: LineMove[] = out.moves.slice(mid, mid + 300);
		rows.line.push(ms(() => void playLine(kind, at, line)));
		const enc = encodeLine(line);
		const perMove = enc.length / line.length;
		let n = line.length;
		while (encodeLine(line.slice(0, n)).length > LINE_MAX_CHARS) n--;
		const fits = encodeLine(line.slice(0, n));
		rows.decode.push(
			ms(() => {
				if (!decodeLine(fits).ok) throw new Error('a line that fits was refused');
			})
		);
		rows.n.push(out.moves.length);
		rows.lineN.push(line.length);
		rows.chars.push(perMove);
	}
	const f = (x: number) => `${x.toFixed(2)} ms`;
	console.log(
		`| ${kind.id} | ${median(rows.n)} | ${f(median(rows.open))} | ${rows.fresh.length ? f(median(rows.fresh)) : '—'} | ${f(median(rows.line))} (${median(rows.lineN)}) | ${median(rows.chars).toFixed(0)} | ${Math.floor(LINE_MAX_CHARS / median(rows.chars))} | ${f(median(rows.decode))} |`
	);
}
