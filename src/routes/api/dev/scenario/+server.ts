import { testSeams } from '$lib/server/dev';
import { LEGACY_KIND_ID } from '$lib/games';
import * as v from 'valibot';
import { inArray } from 'drizzle-orm';
import type { RequestHandler } from './$types';
import { env, fromRoom, noPlatform, randomId, roomOf, unauthenticated, userOf } from '$lib/server/games';
import { getDb } from '$lib/server/db';
import { users } from '$lib/server/db/schema';
import { apiError, jsonResponse, plainObject, readJson } from '$lib/server/http';

/**
 * Test seam, absent in production: POST {kind?, usernames, config, seed, options?, visibility?, rated?} → 201 {id, inviteCode}
 * starts a game from a scenario (the kind's scenario extra, e.g. Giants' forced dice and starting
 * position, docs/giants-notation.md) with the named users in that seat order. Without `kind`: the
 * first registered kind; keys the platform does not know are the kind's options (as in CreateBody). Exists only on a test server (ROOM_TEST_SEAMS is "1", src/lib/server/dev.ts) (the end-to-end tests and benchmarks
 * set it on their own `wrangler dev`); otherwise it answers 404 like any unknown path.
 */
const Body = v.looseObject({
	kind: v.optional(v.pipe(v.string(), v.maxLength(32))),
	usernames: v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.minLength(1), v.maxLength(16)),
	// The kind validates the scenario itself (its config and setup refuse a bad position).
	config: plainObject(v.looseObject({})),
	seed: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
	options: v.optional(plainObject(v.record(v.string(), v.unknown()))),
	visibility: v.optional(v.picklist(['public', 'private']), 'public'),
	/** Rated or casual; absent: the default for the visibility. */
	rated: v.optional(v.boolean())
});

export const POST: RequestHandler = async (event) => {
	const e = env(event);
	if (!e) return noPlatform();
	if (!testSeams(e, event.url)) return apiError(404, 'NOT_FOUND', 'no such endpoint');
	if (!userOf(event)) return unauthenticated();
	const body = await readJson(event.request, Body, 64 * 1024);
	if (!body.ok) return body.response;
	const { kind, usernames, config: raw, seed, options, visibility, rated, ...rest } = body.value;
	const b = { kind: kind ?? LEGACY_KIND_ID, usernames, config: raw, seed, options: options ?? rest, visibility, rated };
	const rows = await getDb(e.DB).select({ id: users.id, username: users.username }).from(users).where(inArray(users.usernameKey, b.usernames.map((n) => n.toLowerCase())));
	const seated = b.usernames.map((name) => rows.find((r) => r.username.toLowerCase() === name.toLowerCase()));
	if (seated.some((u) => !u)) return apiError(400, 'BAD_REQUEST', 'unknown username');
	const id = randomId();
	const inviteCode = b.visibility === 'private' ? randomId() : null;
	const r = await roomOf(e, id)!.createScenario(
		{
			gameId: id,
			kind: b.kind,
			creator: seated[0]!,
			options: b.options,
			seatsWanted: seated.length,
			visibility: b.visibility,
			...(b.rated === undefined ? {} : { rated: b.rated }),
			inviteCode,
			timeLimit: '3d'
		},
		seated.map((u) => u!),
		{ config: b.config },
		b.seed
	);
	if (!r.ok) return fromRoom(r);
	return jsonResponse({ id, version: r.version, inviteCode }, 201);
};
