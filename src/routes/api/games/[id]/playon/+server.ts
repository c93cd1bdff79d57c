import * as v from 'valibot';
import type { RequestHandler } from './$types';
import { ClockBody, GAME_ID, fromRoom, inviteOf, notFound, randomId, roomOf, signedIn } from '$lib/server/games';
import { apiError, jsonResponse, readJson } from '$lib/server/http';
import { LINE_MAX_MOVES, SEED, type Chance } from '$lib/engine';
import { TIME_LIMITS, type GameOrigin, type RoomResult } from '$lib/protocol/room';

/** The moves of a line are the kind's to judge (its `apply`); the edge checks only their frame, as for moves. */
const LineMove = v.strictObject({
	seat: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15)),
	move: v.looseObject({ type: v.pipe(v.string(), v.maxLength(32)) })
});

const Body = v.strictObject({
	step: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
	line: v.optional(v.pipe(v.array(LineMove), v.maxLength(LINE_MAX_MOVES)), []),
	/**
	 * The explorer's own seed when its line drew fresh (engine/explore.ts `Chance`): the line is played
	 * from the position started anew with it, as the explorer played it. Absent: the game's seed continued.
	 */
	seed: v.optional(v.pipe(v.string(), v.regex(SEED, 'seed: 1–64 letters, digits, _ or -'))),
	visibility: v.picklist(['public', 'private']),
	seat: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15))),
	/** Taken only so that `true` is refused by its own code (CASUAL_ONLY), not as an unknown key. */
	rated: v.optional(v.boolean()),
	timeLimit: v.optional(v.picklist(TIME_LIMITS), '3d'),
	clock: v.optional(ClockBody)
});

/** A line of 300 moves is larger than the 16 KiB of other bodies. */
const PLAYON_BODY_LIMIT = 64 * 1024;

/**
 * POST {step, line?, seed?, visibility, seat?, timeLimit?, clock?} → 201 {id, inviteCode} (issue 34, "Play
 * on from here"; docs/api.md): a new game of the finished game's kind, options and seat count that
 * starts at its position after `step` moves and the explored `line` — waiting for players, the caller
 * seated at `seat`, casual, its own seed drawn at its start. Whoever may see the finished game may
 * (as its export: a private one only its players and `?invite=` holders, else 404). The position
 * comes from the server's own replay of the export, never from the client, so nobody can start a
 * game at a position the game never reached by legal moves.
 */
export const POST: RequestHandler = async (event) => {
	const s = signedIn(event);
	if (s instanceof Response) return s;
	const { e, user } = s;
	if (!GAME_ID.test(event.params.id)) return notFound();
	const body = await readJson(event.request, Body, PLAYON_BODY_LIMIT);
	if (!body.ok) return body.response;
	const b = body.value;
	if (b.rated === true) return apiError(400, 'CASUAL_ONLY', 'a game played on from a position is never rated');
	const chance: Chance = b.seed === undefined ? { fresh: false } : { fresh: true, seed: b.seed };
	// The finished game's room replays it and writes the position (it holds the kind; the client
	// sends only the step and the moves, so no game starts where legal play could not lead).
	// The RPC's inferred type cannot express the kind's own extra and options (unknown): named here.
	const at = (await roomOf(e, event.params.id)!.playOnPosition(user, inviteOf(event), b.step, b.line, chance)) as RoomResult<{
		extra: Record<string, unknown>;
		kind: string;
		options: unknown;
		players: string[];
		visibility: 'public' | 'private';
		yourSeat: number | null;
	}>;
	if (!at.ok) return fromRoom(at);
	const seats = at.players.length;
	const seat = b.seat ?? at.yourSeat ?? 0;
	if (seat >= seats) return apiError(400, 'BAD_SEAT', `the seat must be 0 to ${seats - 1}`);
	// A private source game is its players' business (issue 10): the new game, which may be public,
	// names neither it nor them.
	const open = at.visibility === 'public';
	const origin: GameOrigin = { gameId: open ? event.params.id : null, kind: at.kind, step: b.step, explored: b.line.length, players: open ? at.players : [] };
	const id = randomId();
	const inviteCode = b.visibility === 'private' ? randomId() : null;
	const c = await roomOf(e, id)!.create({
		gameId: id,
		kind: at.kind,
		creator: user,
		options: at.options,
		seatsWanted: seats,
		visibility: b.visibility,
		rated: false,
		inviteCode,
		timeLimit: b.timeLimit,
		...(b.clock ? { clock: b.clock } : {}),
		from: { extra: at.extra, origin, seat }
	});
	if (!c.ok) return fromRoom(c);
	return jsonResponse({ id, inviteCode }, 201);
};
