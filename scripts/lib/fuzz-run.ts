/**
 * The pieces of `npm run fuzz` (scripts/fuzz.ts) that the main thread and its workers share: the
 * fuzzer of a kind, a chunk of games run on one thread, the totals of several chunks, the summary
 * lines and the state file of a resumable run.
 *
 * Totals are built so that they depend only on which games were played, never on the order chunks
 * finished in: sums and counts, and each end reason remembers the first game that ended so, so the
 * reasons print in the order one thread meets them.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FuzzFailure, type FuzzGameResult } from '../../src/lib/engine/fuzz';

export type FuzzGame = (index: number, seed: string) => FuzzGameResult;

/**
 * The fuzzer of a kind: its own (`src/lib/games/<kind>/fuzz.ts` exporting `fuzzGame(index, seed)`,
 * the layout every kind follows, docs/adding-a-game.md) or else the contract-level one. `module`
 * (a file exporting `fuzzGame`) replaces it — the CLI's `--fuzzer`, for tests of the CLI itself.
 */
export async function loadFuzzer(kindId: string, module?: string): Promise<FuzzGame> {
	if (module) return ((await import(pathToFileURL(resolve(module)).href)) as { fuzzGame: FuzzGame }).fuzzGame;
	// Imported here, not above: the rest of this module stays light for tests.
	const [{ kindOf }, { fuzzContract }] = await Promise.all([import('../../src/lib/games/index'), import('../../src/lib/engine/fuzz')]);
	const kind = kindOf(kindId);
	if (!kind) throw new Error(`no kind ${kindId}`);
	const own = new URL(`../../src/lib/games/${kind.id}/fuzz.ts`, import.meta.url);
	return existsSync(fileURLToPath(own))
		? ((await import(own.href)) as { fuzzGame: FuzzGame }).fuzzGame
		: (index, s) => fuzzContract(kind, index, s);
}

export interface Totals {
	games: number;
	moves: number;
	checks: number;
	/** End reason → [games, first game index that ended so]. */
	reasons: Record<string, [number, number]>;
	/** Players → games. */
	players: Record<string, number>;
}

export const emptyTotals = (): Totals => ({ games: 0, moves: 0, checks: 0, reasons: {}, players: {} });

export function addTotals(a: Totals, b: Totals): Totals {
	const out: Totals = { games: a.games + b.games, moves: a.moves + b.moves, checks: a.checks + b.checks, reasons: { ...a.reasons }, players: { ...a.players } };
	for (const [r, [n, first]] of Object.entries(b.reasons)) {
		const had = out.reasons[r];
		out.reasons[r] = had ? [had[0] + n, Math.min(had[1], first)] : [n, first];
	}
	for (const [p, n] of Object.entries(b.players)) out.players[p] = (out.players[p] ?? 0) + n;
	return out;
}

export type ChunkResult = { ok: true; start: number; end: number; totals: Totals } | { ok: false; start: number; end: number; game: number; message: string };

/** Games `start` … `end - 1`; stops at the first failure. */
export function runChunk(fuzzGame: FuzzGame, start: number, end: number, seed: string): ChunkResult {
	const t = emptyTotals();
	for (let g = start; g < end; g++) {
		try {
			const r = fuzzGame(g, seed);
			t.games++;
			t.moves += r.moves;
			t.checks += r.checks;
			const had = t.reasons[r.reason];
			t.reasons[r.reason] = had ? [had[0] + 1, had[1]] : [1, g];
			t.players[r.players] = (t.players[r.players] ?? 0) + 1;
		} catch (e) {
			const message = e instanceof FuzzFailure || (e instanceof Error && e.name === 'FuzzFailure') ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e);
			return { ok: false, start, end, game: g, message };
		}
	}
	return { ok: true, start, end, totals: t };
}

export const reproduce = (kindId: string, seed: string, from: number, games = 1) => `reproduce: npm run fuzz -- --game ${kindId} --games ${games} --seed ${seed} --from ${from}`;

/** The summary as the single-thread fuzzer always printed it. */
export function summary(kind: { id: string; engineVersion: string }, t: Totals, secs: number): string[] {
	const players: Record<number, number> = {};
	for (const p of Object.keys(t.players).map(Number).sort((a, b) => a - b)) players[p] = t.players[p];
	const reasons: Record<string, number> = {};
	for (const [r, [n]] of Object.entries(t.reasons).sort((a, b) => a[1][1] - b[1][1])) reasons[r] = n;
	return [
		`fuzz ${kind.id} (${kind.engineVersion}): ${t.games} games (players ${JSON.stringify(players)}), ${t.moves} moves, ${t.checks} checks, ` +
			`ends ${JSON.stringify(reasons)}, ${secs.toFixed(1)} s`,
		`fuzz: ${t.games} passed, 0 failed`
	];
}

// ---- ranges of game indices: sorted, disjoint, half-open [start, end) ----

export type Ranges = [number, number][];

export function addRange(rs: Ranges, start: number, end: number): Ranges {
	const all = [...rs, [start, end] as [number, number]].sort((a, b) => a[0] - b[0]);
	const out: Ranges = [];
	for (const [s, e] of all) {
		const last = out[out.length - 1];
		if (last && s <= last[1]) last[1] = Math.max(last[1], e);
		else out.push([s, e]);
	}
	return out;
}

export const rangesSize = (rs: Ranges) => rs.reduce((n, [s, e]) => n + e - s, 0);

/** The games of [from, to) not in `done`, cut into chunks of at most `size`. */
export function chunksToDo(from: number, to: number, done: Ranges, size: number): Ranges {
	const out: Ranges = [];
	let g = from;
	const cut = (s: number, e: number) => {
		for (let c = s; c < e; c += size) out.push([c, Math.min(e, c + size)]);
	};
	for (const [s, e] of done) {
		if (e <= g) continue;
		if (s > g) cut(g, Math.min(s, to));
		g = Math.max(g, e);
		if (g >= to) break;
	}
	if (g < to) cut(g, to);
	return out;
}

// ---- the state file of a resumable run ----

export interface FuzzState {
	format: 1;
	kind: string;
	engineVersion: string;
	seed: string;
	/** The range asked for: games from … from + games - 1. */
	from: number;
	games: number;
	/** Finished games (every one passed). */
	done: Ranges;
	totals: Totals;
	/** Wall time of the runs so far. */
	seconds: number;
}

/**
 * The state at `file` if it may be resumed by this run, null if there is none; throws an Error with
 * a message for the user if it belongs to another kind, engine version or seed, or holds games
 * outside the range asked for (a state may be resumed with a larger --games: the range grows).
 */
export function readState(file: string, want: Pick<FuzzState, 'kind' | 'engineVersion' | 'seed' | 'from' | 'games'>): FuzzState | null {
	if (!existsSync(file)) return null;
	let s: FuzzState;
	try {
		s = JSON.parse(readFileSync(file, 'utf8'));
	} catch (e) {
		throw new Error(`${file} is not a fuzz state file (${e instanceof Error ? e.message : e}); use --fresh to start over`);
	}
	if (s?.format !== 1 || !Array.isArray(s.done) || !s.totals) throw new Error(`${file} is not a fuzz state file; use --fresh to start over`);
	for (const k of ['kind', 'engineVersion', 'seed'] as const)
		if (s[k] !== want[k]) throw new Error(`${file} is a state of ${k} ${JSON.stringify(s[k])}, this run is ${JSON.stringify(want[k])}: refusing to resume it (use --fresh to start over, or another --state)`);
	for (const [a, b] of s.done)
		if (a < want.from || b > want.from + want.games)
			throw new Error(`${file} holds games ${a}…${b - 1}, outside this run's ${want.from}…${want.from + want.games - 1}: refusing to resume it (use --fresh to start over, or another --state)`);
	return s;
}

/** Writes the state atomically (a temporary file, synced, renamed over the old one). */
export function writeState(file: string, s: FuzzState): void {
	mkdirSync(dirname(file), { recursive: true });
	const tmp = `${file}.${process.pid}.tmp`;
	const fd = openSync(tmp, 'w');
	try {
		writeSync(fd, JSON.stringify(s) + '\n');
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
	renameSync(tmp, file);
}
