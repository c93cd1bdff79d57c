/**
 * The history of a finished game of any kind (issue 6; one platform page since issue 29), built from
 * its export (docs/export.md): the state at any step, and each step's log entries in words.
 *
 * Step 0 is the state after the start (with its automatic steps); step k the state after move k.
 * Building replays the whole game once through the one replay — the words of every step are needed
 * for the log anyway, and the kind words an entry best with the game as it was then (`logLine`'s
 * `at`) — and keeps a snapshot every K steps; `state(k)` replays from the nearest snapshot, or from
 * the last state it returned when that is closer, so a seek costs at most K−1 applies. States are
 * plain JSON and `apply` never mutates its input, so keeping references is a safe snapshot.
 * K = 25 by measurement (bench/giants/history.ts, docs/benchmarks.md).
 */
import { replay, type GameExportV2, type Kind } from '$lib/engine';

export const DEFAULT_K = 25;

export interface StepInfo {
	step: number;
	/** The room's game version this step made (step 0: the version of the start). */
	version: number;
	/** Who moved (null for step 0). */
	seat: number | null;
	/** Epoch ms the room accepted the move (null for step 0). */
	at: number | null;
	/** The round the game was in after the step (the kind's status line), or null for a kind without rounds. */
	round: number | null;
	/** The step's public log entries in words: the move's own first, then its automatic steps. */
	sentences: string[];
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
	readonly final: unknown;
	private readonly snaps: unknown[] = [];
	private cursor: { step: number; state: unknown };
	/** Applies done by seeks so far (for tests and the benchmark). */
	applies = 0;

	constructor(
		private readonly kind: Kind,
		private readonly e: GameExportV2,
		name: (seat: number) => string,
		readonly K = DEFAULT_K
	) {
		if (!Number.isInteger(K) || K < 1) throw new Error('K must be a positive integer');
		const steps: StepInfo[] = [];
		const r = replay(kind, { game: kind.id, engineVersion: e.engineVersion, config: e.config, seed: e.seed }, e.moves, (i, s, log) => {
			const sentences = log.map((entry) => kind.texts.logLine(entry, name, s));
			const round = kind.status(s).round;
			if (i < 0) steps.push({ step: 0, version: e.startVersion, seat: null, at: null, round, sentences });
			else steps.push({ step: i + 1, version: e.moves[i].version, seat: e.moves[i].seat, at: e.moves[i].at, round, sentences });
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
	state(step: number): unknown {
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
			const r = this.kind.apply(s, m.seat, m.move);
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
