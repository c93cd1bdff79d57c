/**
 * npm run scenario -- <file.json> [--seat N] [--log]
 *
 * A scenario file names its kind (`"kind": "giants"`; Giants when absent, the files from before
 * kinds). A kind with a format of its own is run by its runner, `runFile` in
 * `src/lib/games/<kind>/scenario.ts` (Giants: docs/giants-notation.md § Scenario files); every other
 * kind's file is the common format (docs/positions.md: players, options, seed, the kind's scenario
 * extra such as its `position`, moves, expected outcomes). It prints the resulting
 * spectator view as JSON, or seat N's with --seat, or the log entries with --log; a refused move or
 * an unmet expectation exits 1, bad arguments 2.
 *
 * The file may also be a game export (GET /api/games/:id/export, docs/export.md; v1 or v2, any
 * kind): it is replayed by the one replay and its recorded result checked (exit 1 if it differs).
 *
 * Runs with tsx and .svelte-kit/tsconfig.json (for the $lib alias); on a fresh clone `npm ci` runs
 * `prepare: svelte-kit sync`, which creates that file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXPORT_FORMAT, replayExport } from '../src/lib/engine/index';
import { runKindFile, type FileRun } from '../src/lib/engine/scenario';
import { readExport } from '../src/lib/games/exports';
import { KIND_IDS, LEGACY_KIND_ID, kindOf } from '../src/lib/games/index';

const USAGE = 'usage: npm run scenario -- <file.json> [--seat N] [--log]';

function die(message: string, code: number): never {
	console.error(message);
	process.exit(code);
}

const args = process.argv.slice(2);
let file: string | undefined;
let seat: string | undefined;
let showLog = false;
for (let i = 0; i < args.length; i++) {
	const a = args[i];
	if (a === '--seat') {
		seat = args[++i];
		if (seat === undefined) die(USAGE, 2);
	} else if (a.startsWith('--seat=')) seat = a.slice('--seat='.length);
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

if ((raw as { format?: unknown })?.format === EXPORT_FORMAT) {
	// An export: the one replay, then its recorded result.
	const read = readExport(raw);
	if (!read.ok) die(`${file}: ${read.code}: ${read.message}`, 1);
	const { kind, export: e } = read.value;
	const r = replayExport(kind, e);
	if (!r.ok) die(`${file}: ${r.code} at move ${r.at}: ${r.message}`, 1);
	const viewer = seat === undefined ? null : Number(seat);
	if (viewer !== null && !(Number.isInteger(viewer) && viewer >= 0 && viewer < e.players.length)) die(`--seat ${seat}: no such seat`, 2);
	console.log(JSON.stringify(kind.view(r.state, viewer), null, 2));
	console.error(`export ${e.id} (${kind.id}): replayed ${e.moves.length} moves; scores ${e.result.scores.join(', ')}: match`);
} else {
	const kind = kindOf((raw as { kind?: unknown })?.kind ?? LEGACY_KIND_ID);
	if (!kind) die(`${file}: no such kind (${KIND_IDS.join(', ')})`, 1);
	// A kind with a file format of its own (Giants) brings its runner; every other kind's file is the
	// common format (engine/scenario.ts), its position read by the kind's own config and start.
	const runner = new URL(`../src/lib/games/${kind.id}/scenario.ts`, import.meta.url);
	const runFile = existsSync(fileURLToPath(runner))
		? ((await import(runner.href)) as { runFile(raw: unknown, o: { seat?: string; log?: boolean }): FileRun }).runFile
		: (r: unknown, o: { seat?: string; log?: boolean }) => runKindFile(kind, r, o);
	const out = runFile(raw, { seat, log: showLog });
	if (out.usage) die(out.usage, 2);
	if (out.failure) die(`${file}: ${out.failure}`, 1);
	console.log(JSON.stringify(out.output, null, 2));
}
