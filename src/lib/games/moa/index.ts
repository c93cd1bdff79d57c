/**
 * Moa as an engine `Game` (moa.md): setup, apply, views, scores. Pure: imports nothing of the
 * platform (conventions §1).
 */
import { ok, type Game } from '$lib/engine';
import { apply, setupWithLog, view } from './engine';
import { awaited, legalMoves } from './legal';
import { scores } from './score';
import type { MoaConfig, MoaEntry, MoaMove, MoaState, MoaView } from './types';

export type * from './types';
export { legalMoves, awaited } from './legal';
export { scores, standings } from './score';

/** Recorded in every game's setup so a game keeps its rules forever (conventions §8). */
export const ENGINE_VERSION = 'moa@1';

export const moa: Game<MoaConfig, MoaState, MoaMove, MoaView, MoaEntry> & { setupWithLog: typeof setupWithLog } = {
	id: 'moa',
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
