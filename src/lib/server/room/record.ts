/**
 * A game's record as the room hands it out: the public log of every version, and a finished game as
 * export v2 (src/lib/engine/export.ts, docs/export.md) — with the seed, which is public once the game
 * is over. Both start from the same version: the start's.
 */
import { buildExport, isOver, type GameExportV2 } from '$lib/engine';
import { isBotId } from '$lib/protocol/people';
import type { LogBatch, RoomError } from '$lib/protocol/room';
import { refuse } from './lobby';
import type { Held } from './projection';
import type { Meta, MoveRow, RoomStore } from './storage';

/** The version the moves follow (rooms from before `startVersion`: the one before the first move). */
function startVersion(meta: Meta, moves: readonly MoveRow[]): number {
	return meta.startVersion ?? (moves.length ? moves[0].version - 1 : meta.version);
}

/**
 * The whole public log, oldest first: the start's entries (recomputed from the config and the
 * seed — the kind's start is deterministic — so they need no storage) and each move's. Log entries
 * are public by construction (each kind's fuzzer checks no secret is in them).
 */
export function publicLog(h: Held, store: RoomStore): LogBatch[] {
	const meta = h.meta;
	if (!meta.seed || !meta.config) return [];
	const moves = store.moves();
	const start = h.kind.start(meta.config, meta.seed);
	const entries: LogBatch[] = start.ok ? [{ version: startVersion(meta, moves), log: start.value.log }] : [];
	for (const m of moves) entries.push({ version: m.version, log: JSON.parse(m.log) as unknown[] });
	return entries;
}

/** A finished game as export v2; refused while the game runs. */
export function finishedExport(h: Held, store: RoomStore): GameExportV2 | RoomError {
	const meta = h.meta;
	if (meta.status !== 'finished' || !h.state || !meta.seed || !meta.config || !isOver(h.kind, h.state))
		return refuse(409, 'NOT_FINISHED', 'only a finished game can be exported');
	const moves = store.moves();
	return buildExport({
		kind: h.kind,
		id: meta.gameId,
		config: meta.config,
		options: meta.options,
		seed: meta.seed,
		engineVersion: meta.engineVersion,
		// A bot seat says so (issue 34): its marker name alone would leave a reader guessing.
		players: h.players.map((p) => ({ seat: p.seat, username: p.username, ...(isBotId(p.userId) ? { bot: true } : {}) })),
		createdAt: meta.createdAt,
		startedAt: meta.startedAt,
		finishedAt: meta.finishedAt,
		startVersion: startVersion(meta, moves),
		moves: moves.map((m) => ({ version: m.version, seat: m.seat, move: JSON.parse(m.move) as unknown, at: m.at })),
		final: h.state
	});
}
