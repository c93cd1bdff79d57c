import { EVICTED, testSeams } from '$lib/server/dev';
import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { env, noPlatform, notFound, roomOf, unauthenticated, userOf } from '$lib/server/games';
import { apiError, jsonResponse, readJson } from '$lib/server/http';

/**
 * Test seam, absent in production (issue 33, `npm run bench:cold`): a room's cold path.
 *  - POST {id, action: 'evict'} → {evicted: true}: the room is evicted the way Cloudflare evicts an
 *    idle one — its memory gone, its storage kept (GameRoom.evict, `ctx.abort()`); the next request
 *    constructs it anew and loads the game.
 *  - POST {id, action: 'time-load', times} → {loads, msPerLoad, version}: the load alone, `times`
 *    times in a row inside the room (src/lib/server/room/cold.ts says what that figure is).
 *  - POST {id, action: 'bots'} → {version, status}: every seat goes to the bot, which plays the game to
 *    its end (GameRoom.handToBot, what a tournament's round deadline does) — for the tournament
 *    end-to-end test, whose players should not have to play whole games through the page.
 * Exists only on a test server (ROOM_TEST_SEAMS is "1" and ORIGIN and the request's address are
 * this machine, src/lib/server/dev.ts); otherwise it answers 404 like any unknown path. Any signed-in
 * user may use it there, as the other seams (no seat needed: a benchmark's players are all local).
 */
const Body = v.variant('action', [
	v.strictObject({ id: v.pipe(v.string(), v.maxLength(64)), action: v.literal('evict') }),
	v.strictObject({ id: v.pipe(v.string(), v.maxLength(64)), action: v.literal('bots') }),
	v.strictObject({
		id: v.pipe(v.string(), v.maxLength(64)),
		action: v.literal('time-load'),
		times: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(200))
	})
]);

export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	if (!testSeams(e, event.url)) return apiError(404, 'NOT_FOUND', 'no such endpoint');
	if (!userOf(event)) return unauthenticated();
	const body = await readJson(event.request, Body);
	if (!body.ok) return body.response;
	const room = roomOf(e, body.value.id);
	if (!room) return notFound();
	if (body.value.action === 'time-load') {
		const t = await room.timeLoads(body.value.times);
		return t ? jsonResponse(t) : notFound();
	}
	if (body.value.action === 'bots') {
		const r = await room.handToBot(null);
		return r.ok ? jsonResponse({ version: r.version, status: r.status }) : apiError(r.status, r.code, r.message);
	}
	try {
		// The room checks the seams again (its env, without a request) and that a game is there.
		const not = await room.evict();
		return not === 'no game' ? notFound() : apiError(404, 'NOT_FOUND', 'no such endpoint');
	} catch (err) {
		// ctx.abort() ends the call with its reason: the eviction happened. Anything else is a failure.
		if (!String(err instanceof Error ? err.message : err).includes(EVICTED)) throw err;
	}
	return jsonResponse({ evicted: true });
};
