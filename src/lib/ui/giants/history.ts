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
import { commitSeed, below, seedRng } from '$lib/engine';
import { COMPONENTS, SETUP } from '$lib/games/giants/board';
import { exportConfig, type GameExport } from '$lib/games/giants/export';
import { giants } from '$lib/games/giants/index';
import type { DieRoll, GiantsEntry, GiantsMove, GiantsState } from '$lib/games/giants/types';

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
		private readonly e: GameExport,
		readonly K = DEFAULT_K
	) {
		if (!Number.isInteger(K) || K < 1) throw new Error('K must be a positive integer');
		const set = giants.setupWithLog(exportConfig(e), e.seed);
		if (!set.ok) throw new HistoryError(set.code, set.message, 0);
		let s = set.value.state;
		const steps: StepInfo[] = [{ step: 0, version: e.startVersion, seat: null, move: null, at: null, log: set.value.log }];
		this.snaps.push(s);
		e.moves.forEach((m, i) => {
			const r = giants.apply(s, m.seat, m.move);
			if (!r.ok) throw new HistoryError(r.code, `move ${i + 1}: ${r.message}`, i + 1);
			s = r.value.state;
			steps.push({ step: i + 1, version: m.version, seat: m.seat, move: m.move, at: m.at, log: r.value.log });
			if ((i + 1) % K === 0) this.snaps.push(s);
		});
		this.steps = steps;
		this.last = e.moves.length;
		this.final = s;
		this.cursor = { step: this.last, state: s };
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

// ─── Verifying the dice ──────────────────────────────────────────────────────────────────────────
/*
 * The trust argument (docs/export.md "Verifying the dice"):
 * 1. From the start every view showed `seedCommitment` = SHA-256(seed). SHA-256 is preimage- and
 *    collision-resistant, so the server cannot reveal another seed at the end than the one it
 *    committed to: we check SHA-256(revealed seed) = commitment.
 * 2. The dice depend on nothing but the seed (docs/giants-notation.md "Provable dice"): the
 *    generator draws only the start player (when not fixed) and each round's dice, in a fixed order,
 *    whatever the players did. So the whole sequence of rolls was fixed when the game was created,
 *    before any move; the server could not steer a roll in reaction to play.
 * 3. We recompute every roll from the seed with that documented algorithm alone — no replay of the
 *    moves, no server code path — and compare it with the rolls in the public log, which is what the
 *    players were shown during the game (GET /api/games/:id/log), not with anything in the export.
 * What it cannot show: that the server did not know the seed (it did; it had to roll the dice), so
 * a server colluding with a player could have told that player the coming rolls.
 */

export type RollStatus = 'confirmed' | 'mismatch' | 'forced';

export interface RollCheck {
	round: number;
	/** The dice recomputed from the seed (or the forced faces of a test scenario). */
	expected: { colour: DieRoll['colour']; face: number }[];
	/** The dice the public log showed for that round. */
	shown: { colour: DieRoll['colour']; face: number }[];
	status: RollStatus;
}

export interface DiceCheck {
	commitmentOk: boolean;
	rounds: RollCheck[];
	/** Every roll confirmed (forced rounds aside) and the commitment holds. */
	ok: boolean;
}

/** The public log (GET /api/games/:id/log): batches by version, oldest first. */
export type PublicLog = { version: number; log: GiantsEntry[] }[];

/** The rolls in a log, each with the round its `round` entry announced. */
export function rollsOf(log: PublicLog): { round: number; dice: DieRoll[] }[] {
	const out: { round: number; dice: DieRoll[] }[] = [];
	let round = 0;
	for (const b of log)
		for (const e of b.log) {
			if (e.type === 'round') round = e.round;
			else if (e.type === 'roll') out.push({ round, dice: e.dice });
		}
	return out;
}

/** Recomputes every roll shown in `shown` from the export's seed alone and compares them. */
export function verifyDice(e: Pick<GameExport, 'seed' | 'seedCommitment' | 'scenario'>, shown: PublicLog): DiceCheck {
	const commitmentOk = commitSeed(e.seed) === e.seedCommitment;
	const n = e.scenario.players;
	const colours: DieRoll['colour'][] = [
		...Array<DieRoll['colour']>(COMPONENTS.dice.white.count).fill('white'),
		...Array<DieRoll['colour']>(SETUP.brownDiceByPlayers[String(n)]).fill('brown')
	];
	const rng = seedRng(e.seed);
	if (e.scenario.startPlayer === undefined) below(rng, n); // G-2.3: the first draw is the start player
	const rolls = rollsOf(shown);
	const rounds: RollCheck[] = [];
	// Each round draws its dice in turn, so the rounds must follow each other without a gap.
	let expectRound = rolls.length ? (e.scenario.position?.round ?? 1) : 0;
	for (const r of rolls) {
		const forced = e.scenario.forcedDice?.[r.round - 1];
		const expected = colours.map((colour, i) => ({ colour, face: forced ? forced[i] : COMPONENTS.dice[colour].faces[below(rng, 6)] }));
		const got = r.dice.map((d) => ({ colour: d.colour, face: d.face }));
		const same = r.round === expectRound && got.length === expected.length && got.every((d, i) => d.colour === expected[i].colour && d.face === expected[i].face);
		rounds.push({ round: r.round, expected, shown: got, status: !same ? 'mismatch' : forced ? 'forced' : 'confirmed' });
		expectRound++;
	}
	return { commitmentOk, rounds, ok: commitmentOk && rounds.length > 0 && rounds.every((r) => r.status !== 'mismatch') };
}
