/**
 * Rapa Nui's moves as an engine `Game` (rapanui.md): its start, moves, views and who is awaited; the
 * end is the kind's `outcome` (kind.ts). Pure: imports nothing of the platform (conventions §1).
 */
import type { Applied, Game, Result } from '$lib/engine';
import { apply, setupWithLog, view } from './engine';
import { legalMoves } from './legal';
import { awaited } from './rules';
import type { RapaNuiConfig, RapaNuiEntry, RapaNuiMove, RapaNuiState, RapaNuiView } from './types';

export * from './surface';

/** Recorded in every game's setup so a game keeps its rules forever (conventions §8). */
export const ENGINE_VERSION = 'rapanui@1';

export const rapanui: Game<RapaNuiConfig, RapaNuiState, RapaNuiMove, RapaNuiView, RapaNuiEntry> & {
	start(config: RapaNuiConfig, seed: string): Result<Applied<RapaNuiState, RapaNuiEntry>>;
} = {
	id: 'rapanui',
	engineVersion: ENGINE_VERSION,
	start: setupWithLog,
	apply,
	legalMoves,
	view,
	activeSeats: awaited
};
