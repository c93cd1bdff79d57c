/**
 * The history of a finished game (issue 6), built from its export (docs/export.md): the state at
 * any step, the log entries each step produced, and an independent check of the dice.
 *
 * Step 0 is the state after setup (round start, first roll); step k the state after move k.
 * Building replays the whole game once (the log of every step is needed for the log panel anyway)
 * and keeps a snapshot every K steps; `state(k)` replays from the nearest snapshot — or from the
 * last state it returned, when that is closer — so a seek costs at most K−1 applies. States are
 * plain JSON and `apply` never mutates its input, so keeping references is a safe snapshot.
 * K = 25 by measurement (bench/history.ts, docs/benchmarks.md).
 */
import { replay, type GameExportV2 } from '$lib/engine';
import { giants } from '$lib/games/giants/index';
import { giantsKind } from '$lib/games/giants/kind';
import type { GiantsConfig, GiantsEntry, GiantsMove, GiantsState } from '$lib/games/giants/types';

/** A Giants export (v2; v1 files are read as v2 by the kind's `legacyExport`). */
export type GiantsExport = GameExportV2<GiantsConfig, GiantsMove>;

export const DEFAULT_K = 25;

export interface StepInfo {
	step: number;
	/** The room's game version this step made (step 0: the version of the start). */
	version: number;
	/** Who moved and what (null for step 0). */
	seat: number | null;
	move: GiantsMove | null;
	/** Epoch ms the room accepted the move (null for step 0). */
	at: number | null;
	/** The public log entries of the step: the move's own entry first, then its automatic steps. */
	log: GiantsEntry[];
}

export class HistoryError extends Error {
	constructor(
		readonly code: string,
		message: string,
		readonly at: number
	) {
		super(message);
	}
}

export class History {
	/** The last step (= the number of moves). */
	readonly last: number;
	readonly steps: readonly StepInfo[];
	/** The state after the last move. */
	readonly final: GiantsState;
	private readonly snaps: GiantsState[] = [];
	private cursor: { step: number; state: GiantsState };
	/** Applies done by seeks so far (for tests and the benchmark). */
	applies = 0;

	constructor(
		private readonly e: GiantsExport,
		readonly K = DEFAULT_K
	) {
		if (!Number.isInteger(K) || K < 1) throw new Error('K must be a positive integer');
		// The one replay (engine/replay.ts): each step's log as it goes, a snapshot every K steps.
		const steps: StepInfo[] = [];
		const r = replay(giantsKind, { game: giantsKind.id, engineVersion: e.engineVersion, config: e.config, seed: e.seed }, e.moves, (i, s, log) => {
			if (i < 0) steps.push({ step: 0, version: e.startVersion, seat: null, move: null, at: null, log: [...log] });
			else {
				const m = e.moves[i];
				steps.push({ step: i + 1, version: m.version, seat: m.seat, move: m.move, at: m.at, log: [...log] });
			}
			if ((i + 1) % K === 0) this.snaps.push(s);
		});
		if (!r.ok) {
			const at = /^move (\d+):/.exec(r.message);
			throw new HistoryError(r.code, r.message, at ? Number(at[1]) : 0);
		}
		this.steps = steps;
		this.last = e.moves.length;
		this.final = r.value;
		this.cursor = { step: this.last, state: r.value };
	}

	/** The full state (secret part included) after `step`, clamped to 0…last. */
	state(step: number): GiantsState {
		const k = clampStep(step, this.last);
		const base = Math.floor(k / this.K) * this.K;
		let at = base;
		let s = this.snaps[base / this.K];
		// Stepping forward one at a time (the → key, playing through) costs one apply.
		if (this.cursor.step <= k && this.cursor.step >= base) {
			at = this.cursor.step;
			s = this.cursor.state;
		}
		for (; at < k; at++) {
			const m = this.e.moves[at];
			const r = giants.apply(s, m.seat, m.move);
			if (!r.ok) throw new HistoryError(r.code, r.message, at + 1); // built once already: cannot happen
			s = r.value.state;
			this.applies++;
		}
		this.cursor = { step: k, state: s };
		return s;
	}
}

export function clampStep(step: number, last: number): number {
	if (!Number.isFinite(step)) return 0;
	return Math.max(0, Math.min(last, Math.trunc(step)));
}

/** `?step=N` as a step; anything else (missing, not a number) is the last step. */
export function parseStep(raw: string | null, last: number): number {
	if (raw === null || !/^\s*-?\d+\s*$/.test(raw)) return last;
	return clampStep(Number(raw), last);
}

export { rollsOf, verifyDice, type DiceCheck, type DiceInput, type PublicLog, type RollCheck, type RollStatus } from '$lib/games/giants/verify';
