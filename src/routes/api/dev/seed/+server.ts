import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { devServer } from '$lib/server/dev';
import { markSeed } from '$lib/server/dev-seed';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

/**
 * Development only (issue 30): POST {state: "started" | "finished"} → 200 {ok: true}. `npm start`'s
 * seed says when it begins and ends, so the pages can say the demo data is still being made
 * (src/lib/server/dev-seed.ts). Exists only on a development server (src/lib/server/dev.ts
 * `devServer`: DEV_MAILBOX or ROOM_TEST_SEAMS, on this machine); otherwise a 404 like any unknown
 * path. No sign-in: the seed creates the accounts it signs in with only after it started.
 */
const Body = v.strictObject({ state: v.picklist(['started', 'finished']) });

export const POST: RequestHandler = async (event) => {
	const env = event.platform?.env;
	if (!env?.DB || !devServer(env, event.url)) return apiError(404, 'NOT_FOUND', 'not found');
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	await markSeed(env.DB, body.value.state);
	return jsonResponse({ ok: true });
};
