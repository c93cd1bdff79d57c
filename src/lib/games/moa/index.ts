/**
 * Moa's moves as an engine `Game` (moa.md): its start, moves, views and who is awaited; the end is
 * the kind's `outcome` (kind.ts). Pure: imports nothing of the platform (conventions §1).
 *
 * The public surface the UI imports is surface.ts (re-exported here).
 */
import type { Applied, Game, Result } from '$lib/engine';
import { apply } from './engine';
import { view } from './views';
import { start } from './position';
import { awaited, legalMoves } from './legal';
import type { MoaConfig, MoaEntry, MoaMove, MoaState, MoaView } from './types';

export * from './surface';


/** Recorded in every game's setup so a game keeps its rules forever (conventions §8). */
export const ENGINE_VERSION = 'moa@1';

export const moa: Game<MoaConfig, MoaState, MoaMove, MoaView, MoaEntry> & { start(config: MoaConfig, seed: string): Result<Applied<MoaState, MoaEntry>> } = {
	id: 'moa',
	engineVersion: ENGINE_VERSION,
	start,
	apply,
	legalMoves,
	view,
	activeSeats: awaited
};
