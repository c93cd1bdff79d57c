/**
 * npm run scenario -- <file.json> [--seat N|colour] [--log]
 *
 * The file may also be a game export (GET /api/games/:id/export, docs/export.md): its scenario is
 * replayed and the final scores are checked against the recorded ones (exit 1 if they differ).
 *
 * Replays a Giants scenario file (format: docs/giants-notation.md § Scenario files) and prints the
 * resulting spectator view as JSON, or the view of seat N with --seat; with --log, the structured
 * log entries instead. On an illegal move it prints the move's index, the refusal code and message
 * and exits 1; an invalid file or a refused setup also exits 1; bad arguments exit 2.
 *
 * Runs with tsx and .svelte-kit/tsconfig.json (for the $lib alias); on a fresh clone `npm ci` runs
 * `prepare: svelte-kit sync`, which creates that file.
 */
import { readFileSync } from 'node:fs';
import { giants } from '../src/lib/games/giants/index';
import { EXPORT_FORMAT, type GameExport } from '../src/lib/games/giants/export';
import { loadScenario, runScenario } from '../src/lib/games/giants/scenario';

const USAGE = 'usage: npm run scenario -- <file.json> [--seat N|colour] [--log]';

function die(message: string, code: number): never {
	console.error(message);
	process.exit(code);
}

const args = process.argv.slice(2);
let file: string | undefined;
let seatArg: string | undefined;
let showLog = false;
for (let i = 0; i < args.length; i++) {
	const a = args[i];
	if (a === '--seat') {
		seatArg = args[++i];
		if (seatArg === undefined) die(USAGE, 2);
	} else if (a.startsWith('--seat=')) seatArg = a.slice('--seat='.length);
	else if (a === '--log') showLog = true;
	else if (a === '--help' || a === '-h') die(USAGE, 0);
	else if (a.startsWith('--') || file !== undefined) die(`unexpected argument ${a}\n${USAGE}`, 2);
	else file = a;
}
if (file === undefined) die(USAGE, 2);

let raw: unknown;
try {
	raw = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
	die(`${file}: ${e instanceof Error ? e.message : String(e)}`, 1);
}

// A game export (docs/export.md) carries a complete scenario file plus the result to check.
const exported = (raw as { format?: unknown })?.format === EXPORT_FORMAT ? (raw as GameExport) : null;
const sc = loadScenario(exported ? exported.scenario : raw);
if (!sc.ok) die(`${file}: ${sc.code}\n${sc.message}`, 1);

let viewer: number | null = null;
if (seatArg !== undefined) {
	viewer = /^\d+$/.test(seatArg) ? Number(seatArg) : sc.value.colours.indexOf(seatArg as never);
	if (viewer < 0 || viewer >= sc.value.config.players) die(`--seat ${seatArg}: no such seat (colours: ${sc.value.colours.join(', ')})`, 2);
}

const run = runScenario(sc.value);
if (!run.ok) die(`${file}: setup refused: ${run.code}: ${run.message}`, 1);
const { error, state, log } = run.value;
if (error) {
	const who = `${error.seat} (${sc.value.colours[error.seat] ?? '?'})`;
	die(`${file}: move #${error.index} by seat ${who} ${JSON.stringify(error.move)}\n${error.code}: ${error.message}`, 1);
}
console.log(JSON.stringify(showLog ? log : giants.view(state, viewer), null, 2));
if (exported) {
	const totals = giants.scores(state).map((x) => x.total);
	const same = JSON.stringify(totals) === JSON.stringify(exported.result.scores);
	console.error(`export ${exported.id}: replayed ${sc.value.moves.length} moves; scores ${totals.join(', ')}; recorded ${exported.result.scores.join(', ')}: ${same ? 'match' : 'MISMATCH'}`);
	if (!same) process.exit(1);
}
