/**
 * Loading a game: the move log is the truth, a snapshot is a cache (conventions §6). The state is
 * rebuilt by the one replay (engine/replay.ts) from the setup, and the newest snapshot must equal the
 * replay at its version — a mismatch means the storage or the engine changed under the game, and the
 * room refuses to serve it rather than continue from a state nobody can reproduce.
 */
import { fail, jsonEqual, ok, replay, type Kind, type Result } from '$lib/engine';
import type { MoveRow } from './storage';

export interface Loaded {
	state: unknown;
	/** The snapshot version that was checked, if any. */
	checkedSnapshot: number | null;
}

export function rebuild(
	kind: Kind,
	setup: { config: unknown; seed: string; engineVersion: string },
	moves: readonly Pick<MoveRow, 'version' | 'seat' | 'move'>[],
	snapshot: { version: number; state: unknown } | null
): Result<Loaded> {
	let checked: number | null = null;
	const log = moves.map((m) => ({ seat: m.seat, move: JSON.parse(m.move) as unknown }));
	// Conventions §8: a game keeps the engine version it started with; migrate only by replay.
	const r = replay(kind, { game: kind.id, ...setup }, log, (step, state) => {
		if (step < 0 || !snapshot || moves[step].version !== snapshot.version) return;
		if (!jsonEqual(state, snapshot.state)) return fail('SNAPSHOT_MISMATCH', `snapshot at version ${snapshot.version} differs from the replay`);
		checked = snapshot.version;
	});
	if (!r.ok) {
		if (r.code === 'ENGINE_VERSION' || r.code === 'SNAPSHOT_MISMATCH') return r;
		const at = /^move (\d+):/.exec(r.message);
		return at ? fail('REPLAY_FAILED', `logged move at version ${moves[Number(at[1]) - 1].version} is refused on replay: ${r.code}`) : r;
	}
	if (snapshot && checked === null) return fail('SNAPSHOT_MISMATCH', `snapshot at version ${snapshot.version} matches no logged move`);
	return ok({ state: r.value, checkedSnapshot: checked });
}
