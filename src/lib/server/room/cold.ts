/**
 * The cold path's test seam (issue 33, `npm run bench:cold`): how long loading this room's game
 * takes on its own. Only reachable where the test seams are on (dev.ts `testSeams`, checked by the
 * GameRoom before it calls this).
 *
 * Production evicts an idle room (its memory gone, its storage kept: GameRoom.evict reproduces that
 * with `ctx.abort()`), and the next request constructs it anew and loads the game (core.ts `load`).
 * This times that load alone: a fresh store and core over the same storage, `times` loads in a row,
 * nothing written (a loaded room's `load` writes only for rooms from before clocks). The isolate
 * stays warm here (compiled code, SQLite's page cache), so it is the load's own work, not a fresh
 * isolate's. Under `wrangler dev` `performance.now()` advances in steps of 1 ms during synchronous
 * code (docs/benchmarks.md, bench:profile), hence many loads and their mean; in production it does
 * not advance at all, one more reason this stays a development seam.
 */
import type { DurableObjectState } from '@cloudflare/workers-types';
import { RoomCore } from './core';
import { RoomStore } from './storage';

/** At most this many loads per call (a long game's load may take tens of ms). */
export const MAX_TIMED_LOADS = 200;

export interface LoadTiming {
	loads: number;
	/** Mean wall time of one load, in ms (during synchronous code: its CPU time, less preemption). */
	msPerLoad: number;
	/** The game's version as loaded. */
	version: number;
}

export function timeLoads(ctx: DurableObjectState, times: number): LoadTiming | null {
	let version = -1;
	const t0 = performance.now();
	for (let i = 0; i < times; i++) {
		const core = new RoomCore({
			ctx,
			store: new RoomStore(ctx.storage.sql),
			now: () => Date.now(),
			broadcast: () => {},
			lookingUsers: () => new Set(),
			flush: async () => {},
			flushSoon: () => {},
			pendingFlush: () => false
		});
		if (core.load() || !core.meta) return null;
		version = core.meta.version;
	}
	return { loads: times, msPerLoad: (performance.now() - t0) / times, version };
}
