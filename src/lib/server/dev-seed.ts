/**
 * "The demo data is still being made" (issue 30). `npm start` seeds its demo games through the API
 * for a minute or two after the server answers; meanwhile the landing page, the lobby and the archive
 * looked empty and said nothing. The seed (scripts/lib/seed.ts) marks its start and end through the
 * dev-only POST and DELETE /dev/seed; the pages ask `seedRunning`. Both exist only on a development server
 * (dev.ts `devServer`): on a real site the endpoint is a 404 and the pages never read the table.
 */
import type { D1Database } from '@cloudflare/workers-types';
import { devServer, type DevEnv } from './dev';

/** A seed that has not said it ended after this long has died (Ctrl-C, a crash): no notice then. */
export const SEED_GIVE_UP_MS = 15 * 60_000;

export type SeedState = 'started' | 'finished';

export async function markSeed(db: D1Database, state: SeedState, now = Date.now()): Promise<void> {
	if (state === 'started') {
		await db
			.prepare('INSERT INTO demo_seed (id, started_at, finished_at) VALUES (1, ?1, NULL) ON CONFLICT (id) DO UPDATE SET started_at = ?1, finished_at = NULL')
			.bind(now)
			.run();
	} else {
		await db.prepare('UPDATE demo_seed SET finished_at = ?1 WHERE id = 1 AND finished_at IS NULL').bind(now).run();
	}
}

/** When the running seed started, or null: none runs (or this is no development server). */
export async function seedRunning(env: DevEnv & { DB?: D1Database }, url: URL, now = Date.now()): Promise<number | null> {
	if (!env.DB || !devServer(env, url)) return null;
	try {
		const row = await env.DB.prepare('SELECT started_at AS startedAt FROM demo_seed WHERE id = 1 AND finished_at IS NULL').first<{ startedAt: number }>();
		return row && now - row.startedAt < SEED_GIVE_UP_MS ? row.startedAt : null;
	} catch {
		return null;
	}
}
