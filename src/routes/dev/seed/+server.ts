import { error } from '@sveltejs/kit';
import type { RequestEvent, RequestHandler } from './$types';
import { devServer } from '$lib/server/dev';
import { markSeed, type SeedState } from '$lib/server/dev-seed';
import { jsonResponse } from '$lib/server/http';

/**
 * /dev/seed, a development tool beside /dev/mailbox (issue 30): POST → 200 {ok: true} marks
 * `npm start`'s demo seed as running, DELETE → 200 {ok: true} as done, so the pages can say the demo
 * data is still being made (src/lib/server/dev-seed.ts). No body, no sign-in (the seed creates the
 * accounts it signs in with only after it started). Exists only on a development server
 * (src/lib/server/dev.ts `devServer`: DEV_MAILBOX or ROOM_TEST_SEAMS, on this machine); everywhere
 * else a 404 like any unknown page. Not under /api/: no page or client of the site calls it.
 */
async function mark(event: RequestEvent, state: SeedState): Promise<Response> {
	const env = event.platform?.env;
	if (!env?.DB || !devServer(env, event.url)) error(404, 'Not found');
	await markSeed(env.DB, state);
	return jsonResponse({ ok: true });
}

export const POST: RequestHandler = (event) => mark(event, 'started');
export const DELETE: RequestHandler = (event) => mark(event, 'finished');
