/**
 * npm run fuzz -- --game <kind> --games N [--seed S] [--from K] [--jobs J] [--resume | --state FILE] [--fresh]
 * Plays N fuzzed games of a registered kind (game indices K … K+N-1) and exits 1 on the first
 * failure, printing what failed and how to reproduce it. A kind with its own fuzzer
 * (`src/lib/games/<kind>/fuzz.ts` exporting `fuzzGame(index, seed)`, with the kind's invariants)
 * gets it; every other kind the contract-level fuzzer (src/lib/engine/fuzz.ts).
 * `npm run fuzz:giants` is `--game giants`.
 *
 * --jobs J (default: os.availableParallelism()) runs the games on J worker threads, handed out in
 * chunks of game indices as threads become free (--chunk C sets the size). Game g's result depends
 * only on (kind, g, seed), and the summary is the same whatever J: sums, counts, end reasons in the
 * order of the first game that ended so. With J > 1 the failure reported is the first one found,
 * not necessarily the lowest failing index; its reproduce command runs that one game alone.
 * Workers load TypeScript and `$lib` like this thread: they inherit its execArgv (tsx's
 * `--import …/loader.mjs`) and environment (tsx's TSX_TSCONFIG_PATH).
 *
 * Resuming is opt-in, so CI and casual runs never pick up a stale file: --resume keeps a state file
 * at .fuzz/<kind>-<seed>-<from>-<games>.json under the repo root, --state FILE at FILE. It is
 * rewritten atomically (temporary file + rename) after every finished chunk with the games done and
 * their totals; rerunning the same command — after Ctrl-C or kill -9 too — plays only the games not
 * done, and the summary covers all of them. A state of another kind, engine version or seed, or with
 * games outside the range asked for, is refused (exit 2); --fresh starts over (implies --resume).
 * A state may be resumed with a larger --games through --state: the range grows.
 *
 * A progress line every --progress N games (default 500): games done, games/s, ETA.
 * --fuzzer FILE replaces the kind's fuzzer by FILE's `fuzzGame` (for tests of this CLI).
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { KIND_IDS, kindOf } from '../src/lib/games/index';
import {
	addRange,
	addTotals,
	chunksToDo,
	emptyTotals,
	loadFuzzer,
	rangesSize,
	readState,
	reproduce,
	runChunk,
	summary,
	writeState,
	type ChunkResult,
	type FuzzState
} from './lib/fuzz-run';

const flag = (name: string) => process.argv.includes(`--${name}`);
function arg(name: string, fallback: string): string {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const int = (name: string, fallback: number, min: number) => {
	const n = Number(arg(name, String(fallback)));
	return Number.isInteger(n) && n >= min ? n : NaN;
};

const USAGE = `usage: npm run fuzz -- --game <${KIND_IDS.join('|')}> --games N [--seed S] [--from K] [--jobs J] [--chunk C] [--progress N] [--resume | --state FILE] [--fresh]`;
const kind = kindOf(arg('game', ''));
const games = int('games', 100, 1);
const seed = arg('seed', 'rongo');
const from = int('from', 0, 0);
const jobs = int('jobs', availableParallelism(), 1);
const progressEvery = int('progress', 500, 1);
const fuzzer = flag('fuzzer') ? resolve(arg('fuzzer', '')) : undefined;
const fresh = flag('fresh');
const valued = (name: string) => !flag(name) || !/^(--.*)?$/.test(arg(name, ''));
if (!kind || [games, from, jobs, progressEvery].some(Number.isNaN) || !valued('state') || !valued('fuzzer')) {
	console.error(USAGE);
	process.exit(2);
}
// Small enough to share the work out evenly and keep a killed run's loss small, at most 20 games.
const chunk = int('chunk', Math.max(1, Math.min(20, Math.floor(games / (jobs * 8)))), 1);
if (Number.isNaN(chunk)) {
	console.error(USAGE);
	process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
const stateFile = flag('state')
	? resolve(arg('state', ''))
	: flag('resume') || fresh
		? resolve(root, '.fuzz', `${safe(kind.id)}-${safe(seed)}-${from}-${games}.json`)
		: null;

let state: FuzzState = { format: 1, kind: kind.id, engineVersion: kind.engineVersion, seed, from, games, done: [], totals: emptyTotals(), seconds: 0 };
if (stateFile && !fresh) {
	try {
		const old = readState(stateFile, state);
		if (old) {
			state = { ...old, from, games };
			console.log(`fuzz: resuming ${stateFile}: ${rangesSize(old.done)} of ${games} games done earlier`);
		}
	} catch (e) {
		console.error(`fuzz: ${e instanceof Error ? e.message : e}`);
		process.exit(2);
	}
}
const earlier = { games: state.totals.games, seconds: state.seconds };

const todo = chunksToDo(from, from + games, state.done, chunk);
const todoGames = rangesSize(todo);
const started = performance.now();

function fail(r: Extract<ChunkResult, { ok: false }>): never {
	console.error(`FAIL ${r.message}\n${reproduce(kind!.id, seed, r.game)}`);
	process.exit(1);
}

/** A thread that runs chunks: this one (jobs = 1), or a worker. */
type Runner = { run(start: number, end: number): Promise<ChunkResult>; close(): void };

function inProcess(fuzzGame: Awaited<ReturnType<typeof loadFuzzer>>): Runner {
	return { run: async (s, e) => runChunk(fuzzGame, s, e, seed), close() {} };
}

function worker(): Runner {
	const w = new Worker(new URL('./lib/fuzz-worker.ts', import.meta.url), {
		workerData: { kind: kind!.id, seed, fuzzer },
		execArgv: process.execArgv
	});
	let pending: { resolve: (r: ChunkResult) => void; start: number; end: number } | null = null;
	const crash = (why: string) => {
		const where = pending ? ` during games ${pending.start}…${pending.end - 1}\n${reproduce(kind!.id, seed, pending.start, pending.end - pending.start)}` : '';
		console.error(`FAIL a fuzz worker ${why}${where}`);
		process.exit(1);
	};
	w.on('message', (r: ChunkResult) => {
		const p = pending;
		pending = null;
		p?.resolve(r);
	});
	w.on('error', (e) => crash(`crashed: ${e instanceof Error ? (e.stack ?? e.message) : e}`));
	w.on('exit', (code) => {
		if (pending) crash(`exited (code ${code})`);
	});
	return {
		run: (start, end) =>
			new Promise((resolve) => {
				pending = { resolve, start, end };
				w.postMessage({ start, end });
			}),
		close: () => void w.terminate()
	};
}

const threads = Math.max(1, Math.min(jobs, todo.length));
const runners: Runner[] = todoGames === 0 ? [] : jobs === 1 ? [inProcess(await loadFuzzer(kind.id, fuzzer))] : Array.from({ length: threads }, worker);

let next = 0;
let doneNow = 0;
let lastProgress = Math.floor(rangesSize(state.done) / progressEvery);
async function drive(r: Runner): Promise<void> {
	while (next < todo.length) {
		const [s, e] = todo[next++];
		const res = await r.run(s, e);
		if (!res.ok) fail(res);
		doneNow += res.totals.games;
		state = {
			...state,
			done: addRange(state.done, s, e),
			totals: addTotals(state.totals, res.totals),
			seconds: earlier.seconds + (performance.now() - started) / 1000
		};
		if (stateFile) writeState(stateFile, state);
		const total = rangesSize(state.done);
		if (Math.floor(total / progressEvery) > lastProgress) {
			lastProgress = Math.floor(total / progressEvery);
			const secs = (performance.now() - started) / 1000;
			const rate = doneNow / secs;
			const eta = (todoGames - doneNow) / rate;
			console.log(`… ${total} games, ${rate.toFixed(2)} games/s, ETA ${eta < 90 ? `${eta.toFixed(0)} s` : `${(eta / 60).toFixed(1)} min`}`);
		}
	}
}
await Promise.all(runners.map(drive));
for (const r of runners) r.close();

const secs = (performance.now() - started) / 1000;
if (stateFile) {
	state = { ...state, seconds: earlier.seconds + secs };
	writeState(stateFile, state);
}
for (const line of summary(kind, state.totals, secs)) console.log(line);
if (earlier.games > 0) console.log(`fuzz: ${earlier.games} of the ${state.totals.games} games were played earlier (${state.seconds.toFixed(1)} s in all), ${doneNow} now; state ${stateFile}`);
