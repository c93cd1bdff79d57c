import type { Game, GameSetup, LoggedMove, Result } from './types';
import { fail, ok } from './types';

/**
 * Rebuilds a game's state from its setup and move log (conventions §6: the log is the truth).
 * Refuses a log written by another engine version instead of silently reinterpreting it (§8).
 */
export function replay<C, S, M, V, E>(
	game: Game<C, S, M, V, E>,
	setup: GameSetup<C>,
	log: readonly LoggedMove<M>[]
): Result<S> {
	if (setup.game !== game.id) return fail('WRONG_GAME', `setup is for ${setup.game}, not ${game.id}`);
	if (setup.engineVersion !== game.engineVersion) {
		return fail(
			'ENGINE_VERSION',
			`setup was made by engine ${setup.engineVersion}; this engine is ${game.engineVersion}`
		);
	}
	const start = game.setup(setup.config, setup.seed);
	if (!start.ok) return start;
	let state = start.value;
	for (let i = 0; i < log.length; i++) {
		const r = game.apply(state, log[i].seat, log[i].move);
		if (!r.ok) return fail(r.code, `move ${i + 1}: ${r.message}`);
		state = r.value.state;
	}
	return ok(state);
}
