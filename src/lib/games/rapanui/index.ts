/**
 * Rapa Nui as an engine `Game` (rapanui.md): setup, apply, views, scores. Pure: imports nothing of
 * the platform (conventions §1).
 */
import { ok, type Game } from '$lib/engine';
import { apply, setupWithLog, view } from './engine';
import { legalMoves } from './legal';
import { awaited } from './rules';
import { scores } from './score';
import type { RapaNuiConfig, RapaNuiEntry, RapaNuiMove, RapaNuiState, RapaNuiView } from './types';

export type * from './types';
export { legalMoves } from './legal';
export { scores, standings } from './score';

/** Recorded in every game's setup so a game keeps its rules forever (conventions §8). */
export const ENGINE_VERSION = 'rapanui@1';

export const rapanui: Game<RapaNuiConfig, RapaNuiState, RapaNuiMove, RapaNuiView, RapaNuiEntry> & { setupWithLog: typeof setupWithLog } = {
	id: 'rapanui',
	engineVersion: ENGINE_VERSION,
	setup(config, seed) {
		const r = setupWithLog(config, seed);
		return r.ok ? ok(r.value.state) : r;
	},
	setupWithLog,
	apply,
	legalMoves,
	view,
	activeSeats: awaited,
	isOver: (s) => s.phase.kind === 'over',
	scores
};
