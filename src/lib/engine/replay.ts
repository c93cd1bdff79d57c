import type { Game, GameSetup, LoggedMove, Result } from './types';
import { fail, ok } from './types';

/**
 * What `replay` tells a caller after each step: step -1 is the start (with the log entries of its
 * automatic steps when the game has `start`), step k the state after move k. Returning a Failure
 * stops the replay with it (the room's snapshot check); anything else continues.
 */
export type OnStep<S, E> = (step: number, state: S, log: readonly E[]) => { ok: false; code: string; message: string } | void;

/**
 * The one replay of the platform (issue 11): the room's rebuild, the export check, the history page,
 * the fuzzer and the tools all rebuild a game through it — from its setup and move log
 * (conventions §6: the log is the truth). Refuses a log written by another engine version instead
 * of silently reinterpreting it (§8).
 */
export function replay<C, S, M, V, E>(
	game: Game<C, S, M, V, E> & { start?(config: C, seed: string): Result<{ state: S; log: E[] }> },
	setup: GameSetup<C>,
	log: readonly LoggedMove<M>[],
	onStep?: OnStep<S, E>
): Result<S> {
	if (setup.game !== game.id) return fail('WRONG_GAME', `setup is for ${setup.game}, not ${game.id}`);
	if (setup.engineVersion !== game.engineVersion) {
		return fail(
			'ENGINE_VERSION',
			`setup was made by engine ${setup.engineVersion}; this engine is ${game.engineVersion}`
		);
	}
	let state: S;
	if (game.start) {
		const start = game.start(setup.config, setup.seed);
		if (!start.ok) return start;
		state = start.value.state;
		const stop = onStep?.(-1, state, start.value.log);
		if (stop) return stop;
	} else {
		const start = game.setup(setup.config, setup.seed);
		if (!start.ok) return start;
		state = start.value;
		const stop = onStep?.(-1, state, []);
		if (stop) return stop;
	}
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
export function replaySteps<C, S, M, V, E>(
	game: Parameters<typeof replay<C, S, M, V, E>>[0],
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
