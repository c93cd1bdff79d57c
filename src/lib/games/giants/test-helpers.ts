/**
 * Helpers shared by the Giants unit specs (*.test.ts beside this file). They go through the public
 * API only (setup/apply/activeSeats), so a spec that builds its position with them still tests the
 * real engine. Pure, like the engine itself (conventions §1).
 */
import { buildExport, erase, playOut, seedRng, startState, type ExportedMove, type Failure, type GameExportV2, type Seat } from '$lib/engine';
import { randomBot } from './bots';
import { giants } from './index';
import { giantsKind } from './kind';
import type { GiantsConfig, GiantsEntry, GiantsMove, GiantsState, StartPosition } from './types';
import type { PublicLog } from './verify';

export const SEED = 'unit-test-seed';

/** Die faces for `players`: 3 white + (players − 3) brown (G-2.4). */
export function faces(players: number, ...f: number[]): number[] {
	const out = Array(players).fill(0);
	f.forEach((x, i) => (out[i] = x));
	return out;
}

/** Forced dice for 25 rounds: the given rounds first, then nothing but zeros (no auction from round 2). */
export function dice(players: number, ...rounds: number[][]): number[][] {
	return [...Array(25).keys()].map((i) => rounds[i] ?? faces(players));
}

export function start(config: GiantsConfig, seed = SEED): GiantsState {
	const r = startState(giants, config, seed);
	if (!r.ok) throw new Error(`setup refused: ${r.code} ${r.message}`);
	return r.value;
}

/**
 * A game at the start of phase 3 of round 2: all dice show 0, so there is no auction (G-0.4).
 * Start player 0 unless the position says otherwise.
 */
export function atPlacement(players: number, position: StartPosition = {}, extra: Partial<GiantsConfig> = {}): GiantsState {
	return start({ players, startPlayer: 0, forcedDice: dice(players), ...extra, position: { round: 2, ...position } });
}

/**
 * A game at the start of phase 4 of round 2: the position is set up, then phase 3 is played by
 * `placements` (everybody passes once their script is used up). Start player 0.
 */
export function atTransport(
	players: number,
	position: StartPosition,
	placements: Record<number, GiantsMove[]>,
	extra: Partial<GiantsConfig> = {}
): GiantsState {
	const s = drive(atPlacement(players, position, extra), placements);
	if (s.phase.kind !== 'transport') throw new Error(`phase is ${s.phase.kind}, not transport`);
	return s;
}

/**
 * Round 2, 3 players, start player 0: one moai of `size` on display; seat 0 bids its chief and
 * carves it (it lies in front of seat 0's screen), the others bid nothing; then phase 3 is played
 * by `placements`, so the result is usually at the start of phase 4.
 */
export function carvedBy0(
	size: 1 | 2 | 3,
	placements: Record<number, GiantsMove[]>,
	position: StartPosition = {},
	extra: Partial<GiantsConfig> = {}
): GiantsState {
	const nothing = { type: 'bid', markers: 0, workers: 0 };
	let s = start({ players: 3, startPlayer: 0, forcedDice: dice(3, faces(3), [size, 0, 0]), ...extra, position: { round: 2, ...position } });
	s = play(play(play(s, 0, { ...nothing, chief: true }), 1, nothing), 2, nothing);
	s = play(s, 0, { type: 'carve', size, workers: 0, chief: true });
	return drive(s, placements);
}

/** A plain placement move (G-4.1). */
export function put(figure: 'worker' | 'medicineMan' | 'chief', hex: string, logs = 0): GiantsMove {
	return { type: 'place', figure, hex, logs };
}

/** Applies a move that must be legal; throws with the refusal's code otherwise. */
export function play(s: GiantsState, seat: Seat, move: unknown): GiantsState {
	const r = giants.apply(s, seat, move);
	if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(move)} refused: ${r.code} ${r.message}`);
	return r.value.state;
}

/** Applies a move that must be refused; returns the failure. */
export function refused(s: GiantsState, seat: Seat, move: unknown): Failure {
	const r = giants.apply(s, seat, move);
	if (r.ok) throw new Error(`seat ${seat} ${JSON.stringify(move)} was accepted`);
	return r;
}

/**
 * Plays a turn-based phase (carve, place, transport) by script: whoever's turn it is plays their
 * next scripted move; it stops when the phase (or the round) changes. With `finish`, seats without moves left pass until the phase ends; without,
 * it stops as soon as every script is used up (the phase stays open).
 */
export function drive(s: GiantsState, script: Record<number, GiantsMove[]>, finish = true): GiantsState {
	const left: Record<number, GiantsMove[]> = {};
	for (const [k, v] of Object.entries(script)) left[Number(k)] = [...v];
	// A phase ends when its kind or the round changes (phases 3 and 4 may end a round by themselves).
	const key = (t: GiantsState) => `${t.round}:${t.phase.kind}`;
	const at = key(s);
	const turnBased = ['carve', 'place', 'transport'];
	for (let guard = 0; guard < 500 && key(s) === at && turnBased.includes(s.phase.kind); guard++) {
		const seat = giants.activeSeats(s)[0];
		if (seat === undefined) break;
		if (!finish && Object.values(left).every((l) => l.length === 0)) break;
		const move = left[seat]?.shift() ?? { type: 'pass' };
		s = play(s, seat, move);
	}
	return s;
}

/** Stable text of a state, to prove a refused move left its input untouched. */
export function snap(s: unknown): string {
	return JSON.stringify(s);
}

export function statue(s: GiantsState, id: string) {
	const st = s.statues.find((x) => x.id === id);
	if (!st) throw new Error(`no statue ${id}`);
	return st;
}

export type GiantsExport = GameExportV2<GiantsConfig, GiantsMove>;

/** A whole random-bot game as an export, plus every state and the public log the room would serve. */
export function botGame(config: GiantsConfig, seed: string) {
	const states: GiantsState[] = [];
	const g = playOut(giantsKind, {
		config,
		seed,
		bots: randomBot as never,
		rng: seedRng('history-test:' + seed),
		onMove: ({ state }) => void states.push(state as GiantsState)
	});
	const set = startState(giants, config, seed);
	if (!set.ok) throw new Error(set.message);
	states.unshift(set.value);
	const s = g.state;
	// A clock change may take a version without a move: leave a gap now and then.
	const moves: ExportedMove[] = [];
	for (const [i, m] of g.moves.entries()) moves.push({ ...m, version: (moves.at(-1)?.version ?? 1) + 1 + (i % 50 === 49 ? 1 : 0), at: 1000 * i });
	const log: PublicLog = g.log.map((b, i) => ({ version: i === 0 ? 1 : moves[i - 1].version, log: b.log as GiantsEntry[] }));
	const e = buildExport({
		kind: erase(giantsKind),
		id: 'g1',
		config,
		options: { quickStart: !!config.quickStart, immediateScoring: !!config.immediateScoring },
		seed,
		engineVersion: giants.engineVersion,
		players: Array.from({ length: config.players }, (_, seat) => ({ seat, username: `p${seat}` })),
		createdAt: 0,
		startedAt: 0,
		finishedAt: 1,
		startVersion: 1,
		moves,
		final: s
	});
	return { e: e as GiantsExport, states, log };
}
