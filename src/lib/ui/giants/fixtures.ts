/**
 * Test fixtures for the Giants panels: one reproducible greedy-bot game, with the whole log and a
 * view taken in each phase, so panel and log specs render real positions instead of hand-made ones.
 * Only specs import this (it plays a full game, which takes a moment).
 */
import { seedRng } from '$lib/engine';
import { giants, type GiantsEntry, type GiantsState, type GiantsView } from '$lib/games/giants';
import { greedyBot } from '$lib/games/giants/bots';

export interface PlayedGame {
	log: { version: number; entry: GiantsEntry; key: string }[];
	/** The first view (seat 0) met in each phase kind, and the final one. */
	views: Partial<Record<GiantsView['phase']['kind'], GiantsView>>;
	final: GiantsState;
}

export function playGreedy(players = 4, seed = 'panels-fixture', config: { immediateScoring?: boolean } = {}): PlayedGame {
	const r = giants.setupWithLog({ players, startPlayer: 0, ...config }, seed);
	if (!r.ok) throw new Error(r.message);
	let s = r.value.state;
	const log: PlayedGame['log'] = [];
	let version = 0;
	const push = (entries: GiantsEntry[]) => entries.forEach((entry, i) => log.push({ version, entry, key: `${version}:${i}` }));
	push(r.value.log);
	const views: PlayedGame['views'] = {};
	const rng = seedRng(seed);
	for (let guard = 0; guard < 20_000 && s.phase.kind !== 'over'; guard++) {
		views[s.phase.kind] ??= giants.view(s, 0);
		const seat = giants.activeSeats(s)[0];
		const a = giants.apply(s, seat, greedyBot(s, seat, rng));
		if (!a.ok) throw new Error(a.message);
		version++;
		s = a.value.state;
		push(a.value.log);
	}
	views.over = giants.view(s, 0);
	return { log: log.reverse(), views, final: s };
}
