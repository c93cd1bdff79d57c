/**
 * Loading a game: the move log is the truth, a snapshot is a cache (conventions §6). The state is
 * rebuilt by replaying the log from the setup, and the newest snapshot must equal the replay at its
 * version — a mismatch means the storage or the engine changed under the game, and the room refuses
 * to serve it rather than continue from a state nobody can reproduce.
 */
import { below, fail, jsonEqual, ok, seedRng, type Result } from '$lib/engine';
import { giants, type GiantsConfig, type GiantsState } from '$lib/games/giants';
import type { MoveRow } from './storage';

export interface Loaded {
	state: GiantsState;
	/** The snapshot version that was checked, if any. */
	checkedSnapshot: number | null;
}

export function rebuild(
	setup: { config: GiantsConfig; seed: string; engineVersion: string },
	moves: readonly Pick<MoveRow, 'version' | 'seat' | 'move'>[],
	snapshot: { version: number; state: GiantsState } | null
): Result<Loaded> {
	// Conventions §8: a game keeps the engine version it started with; migrate only by replay.
	if (setup.engineVersion !== giants.engineVersion)
		return fail('ENGINE_VERSION', `game started with ${setup.engineVersion}, this engine is ${giants.engineVersion}`);
	const start = giants.setup(setup.config, setup.seed);
	if (!start.ok) return start;
	let state = start.value;
	let checked: number | null = null;
	for (const m of moves) {
		const r = giants.apply(state, m.seat, JSON.parse(m.move));
		if (!r.ok) return fail('REPLAY_FAILED', `logged move at version ${m.version} is refused on replay: ${r.code}`);
		state = r.value.state;
		if (snapshot && m.version === snapshot.version) {
			if (!jsonEqual(state, snapshot.state)) return fail('SNAPSHOT_MISMATCH', `snapshot at version ${m.version} differs from the replay`);
			checked = m.version;
		}
	}
	if (snapshot && checked === null) return fail('SNAPSHOT_MISMATCH', `snapshot at version ${snapshot.version} matches no logged move`);
	return ok({ state, checkedSnapshot: checked });
}

/** Fisher–Yates from the seed (design: `seedRng(seed + '/seats')`), so the seat order is provable too. */
export function shuffleSeats<T>(items: readonly T[], seed: string): T[] {
	const rng = seedRng(seed + '/seats');
	const out = items.slice();
	for (let i = out.length - 1; i > 0; i--) {
		const j = below(rng, i + 1);
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}
