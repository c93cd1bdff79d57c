import type { Applied, GameSetup, LoggedMove, Result, Seat } from './types';
import { fail, ok } from './types';

/** What a replay needs of a kind: its id and version, its start and its moves. */
export interface Replayable<C, S, E> {
	readonly id: string;
	readonly engineVersion: string;
	start(config: C, seed: string): Result<Applied<S, E>>;
	apply(state: S, seat: Seat, move: unknown): Result<Applied<S, E>>;
}

/**
 * What `replay` tells a caller after each step: step -1 is the start (with the log entries of its
 * automatic steps), step k the state after move k. Returning a Failure stops the replay with it (the
 * room's snapshot check); anything else continues.
 */
export type OnStep<S, E> = (step: number, state: S, log: readonly E[]) => { ok: false; code: string; message: string } | void;

/**
 * The one replay of the platform (issue 11): the room's rebuild, the export check, the history page,
 * the fuzzer and the tools all rebuild a game through it — from its setup and move log
 * (conventions §6: the log is the truth). Refuses a log written by another engine version instead
 * of silently reinterpreting it (§8).
 */
export function replay<C, S, M, E>(game: Replayable<C, S, E>, setup: GameSetup<C>, log: readonly LoggedMove<M>[], onStep?: OnStep<S, E>): Result<S> {
	if (setup.game !== game.id) return fail('WRONG_GAME', `setup is for ${setup.game}, not ${game.id}`);
	if (setup.engineVersion !== game.engineVersion) {
		return fail(
			'ENGINE_VERSION',
			`setup was made by engine ${setup.engineVersion}; this engine is ${game.engineVersion}`
		);
	}
	const start = game.start(setup.config, setup.seed);
	if (!start.ok) return start;
	let state = start.value.state;
	const first = onStep?.(-1, state, start.value.log);
	if (first) return first;
	for (let i = 0; i < log.length; i++) {
		const r = game.apply(state, log[i].seat, log[i].move);
		if (!r.ok) return fail(r.code, `move ${i + 1}: ${r.message}`);
		state = r.value.state;
		const stop = onStep?.(i, state, r.value.log);
		if (stop) return stop;
	}
	return ok(state);
}

/** Every state of a game and the log entries that led to it: the start, then one per move. */
export interface Steps<S, E> {
	states: S[];
	logs: E[][];
	/** Why the replay stopped early, or null. */
	problem: string | null;
}

/** `replay`, keeping every state (a history page steps through them). */
export function replaySteps<C, S, M, E>(
	game: Replayable<C, S, E>,
	setup: GameSetup<C>,
	log: readonly LoggedMove<M>[]
): Steps<S, E> {
	const states: S[] = [];
	const logs: E[][] = [];
	const r = replay(game, setup, log, (_i, state, entries) => {
		states.push(state);
		logs.push([...entries]);
	});
	return { states, logs, problem: r.ok ? null : r.message };
}
