/**
 * Loading a game (issue 33: a cold move's load does not grow with the game). The move log is the
 * truth, a snapshot is a cache (conventions §6): the state is the newest snapshot — written by the
 * room itself, every SNAPSHOT_EVERY versions, from the state the engine reached — with the moves after
 * it applied by the kind; without a snapshot, the one replay (engine/replay.ts) from the setup. A
 * logged move the engine refuses means the storage or the engine changed under the game: the room
 * refuses to serve it rather than continue from a state nobody can reproduce.
 *
 * What the full replay of every load checked before (that the snapshot equals the replay of the whole
 * log) is checked where it costs nothing per move: the worker tests compare a reloaded room with the
 * replay of its log, the export of every finished game is verified by replay (record.ts, the history
 * page), and CI replays the fixtures (conventions §7).
 */
import { fail, ok, replay, type Kind, type Result } from '$lib/engine';
import type { MoveRow } from './storage';

export interface Loaded {
	state: unknown;
	/** The snapshot the state was built on, if any. */
	fromSnapshot: number | null;
	/** Moves applied on top of it (or from the setup). */
	replayed: number;
}

export function rebuild(
	kind: Kind,
	setup: { config: unknown; seed: string; engineVersion: string },
	/** The moves after the snapshot (all of them without one), oldest first. */
	moves: readonly Pick<MoveRow, 'version' | 'seat' | 'move'>[],
	snapshot: { version: number; state: unknown } | null
): Result<Loaded> {
	// Conventions §8: a game keeps the engine version it started with; migrate only by replay.
	if (setup.engineVersion !== kind.engineVersion) return fail('ENGINE_VERSION', `setup was made by engine ${setup.engineVersion}; this engine is ${kind.engineVersion}`);
	const refused = (i: number, code: string) => fail('REPLAY_FAILED', `logged move at version ${moves[i].version} is refused on replay: ${code}`);
	if (snapshot) {
		let state = snapshot.state;
		for (let i = 0; i < moves.length; i++) {
			const r = kind.apply(state, moves[i].seat, JSON.parse(moves[i].move) as unknown);
			if (!r.ok) return refused(i, r.code);
			state = r.value.state;
		}
		return ok({ state, fromSnapshot: snapshot.version, replayed: moves.length });
	}
	const r = replay(kind, { game: kind.id, ...setup }, moves.map((m) => ({ seat: m.seat, move: JSON.parse(m.move) as unknown })));
	if (!r.ok) {
		if (r.code === 'ENGINE_VERSION') return r;
		const at = /^move (\d+):/.exec(r.message);
		return at ? refused(Number(at[1]) - 1, r.code) : r;
	}
	return ok({ state: r.value, fromSnapshot: null, replayed: moves.length });
}
