/**
 * Test fixtures for the Giants panels: one reproducible greedy-bot game, with the whole log and a
 * view taken in each phase, so panel and log specs render real positions instead of hand-made ones.
 * Only specs import this (it plays a full game, which takes a moment).
 */
import { playOut, seedRng } from '$lib/engine';
import { giants, type GiantsEntry, type GiantsState, type GiantsView } from '$lib/games/giants';
import { giantsKind } from '$lib/games/giants/kind';

export interface PlayedGame {
	log: { version: number; entry: GiantsEntry; key: string }[];
	/** The first view (seat 0) met in each phase kind, and the final one. */
	views: Partial<Record<GiantsView['phase']['kind'], GiantsView>>;
	final: GiantsState;
}

export function playGreedy(players = 4, seed = 'panels-fixture', config: { immediateScoring?: boolean } = {}): PlayedGame {
	const views: PlayedGame['views'] = {};
	const start = giants.start({ players, startPlayer: 0, ...config }, seed);
	if (!start.ok) throw new Error(start.message);
	views[start.value.state.phase.kind] ??= giants.view(start.value.state, 0);
	// The one play-out (engine/playout.ts), the greedy bot at every seat from its own view.
	const g = playOut(giantsKind, {
		config: { players, startPlayer: 0, ...config },
		seed,
		bots: giantsKind.bots.greedy as never,
		rng: seedRng(seed),
		maxMoves: 20_000,
		onMove: ({ state }) => {
			const st = state as GiantsState;
			views[st.phase.kind] ??= giants.view(st, 0);
		}
	});
	views.over = giants.view(g.state, 0);
	const log: PlayedGame['log'] = g.log.flatMap((b) => (b.log as GiantsEntry[]).map((entry, i) => ({ version: b.version, entry, key: `${b.version}:${i}` })));
	return { log: log.reverse(), views, final: g.state };
}
