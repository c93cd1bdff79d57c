import { testSeams } from '$lib/server/dev';
import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { env, noPlatform, unauthenticated, userOf } from '$lib/server/games';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

/**
 * Test seam, absent in production: POST {at: ms | null} → {ok: true} runs the one postman once as if
 * it were `at` (its `runAt` seam; null: the real clock again) — for the end-to-end tests of the grace
 * time (issue 32), which cannot wait ten minutes. Exists only on a test server (ROOM_TEST_SEAMS is "1",
 * src/lib/server/dev.ts); otherwise it answers 404 like any unknown path.
 */
const Body = v.strictObject({ at: v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(0))) });

export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	if (!testSeams(e, event.url)) return apiError(404, 'NOT_FOUND', 'no such endpoint');
	if (!userOf(event)) return unauthenticated();
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	await e.POSTMAN.get(e.POSTMAN.idFromName('postman')).runAt(body.value.at);
	return jsonResponse({ ok: true });
};
