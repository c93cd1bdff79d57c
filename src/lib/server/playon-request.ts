/**
 * What the two "Play on from here" endpoints share (issue 34; docs/api.md): the body's fields besides
 * where the position comes from, their limits and refusals, and the creation of the waiting casual
 * game at the position. `POST /api/games/:id/playon` takes the position from a finished game (its
 * room replays it), `POST /api/games/playon` from a step of a kind's tutorial; from there on a game
 * played on is the same whatever it came from, so this is the one place that says how.
 */
import * as v from 'valibot';
import { LINE_MAX_MOVES, SEED, type Chance } from '$lib/engine';
import { TIME_LIMITS, type GameOrigin, type RoomUser } from '$lib/protocol/room';
import { ClockBody, fromRoom, randomId, roomOf } from './games';
import { apiError, jsonResponse } from './http';

/** The moves of a line are the kind's to judge (its `apply`); the edge checks only their frame, as for moves. */
const LineMoveBody = v.strictObject({
	seat: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15)),
	move: v.looseObject({ type: v.pipe(v.string(), v.maxLength(32)) })
});

/** The body's fields besides the position's source (its `step`, and the tutorial's kind). */
export const PlayOnFields = {
	line: v.optional(v.pipe(v.array(LineMoveBody), v.maxLength(LINE_MAX_MOVES)), []),
	/**
	 * The explorer's own seed when its line drew fresh (engine/explore.ts `Chance`): the line is played
	 * from the position started anew with it, as the explorer played it. Absent: the source's seed continued.
	 */
	seed: v.optional(v.pipe(v.string(), v.regex(SEED, 'seed: 1–64 letters, digits, _ or -'))),
	visibility: v.picklist(['public', 'private']),
	seat: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15))),
	/** Taken only so that `true` is refused by its own code (CASUAL_ONLY), not as an unknown key. */
	rated: v.optional(v.boolean()),
	timeLimit: v.optional(v.picklist(TIME_LIMITS), '3d'),
	clock: v.optional(ClockBody)
};

const Parsed = v.strictObject(PlayOnFields);
/** What `PlayOnFields` parse to. */
export type PlayOnBody = v.InferOutput<typeof Parsed>;

/** A line of 300 moves is larger than the 16 KiB of other bodies. */
export const PLAYON_BODY_LIMIT = 64 * 1024;

/** A game played on is never rated: asked for, it is refused by its own code (before any work). */
export const ratedRefusal = (b: PlayOnBody): Response | null =>
	b.rated === true ? apiError(400, 'CASUAL_ONLY', 'a game played on from a position is never rated') : null;

/** Where chance comes from in the body's line: the explorer's fresh seed, or the source's continued. */
export const chanceOf = (b: PlayOnBody): Chance => (b.seed === undefined ? { fresh: false } : { fresh: true, seed: b.seed });

type Env = App.Platform['env'];

/** The position and what a new game there needs, wherever it came from. */
export interface PlayOnSource {
	kind: string;
	options: unknown;
	/** The position's seats. */
	seats: number;
	/** The kind's position extra, written fresh (server/playon.ts). */
	extra: Record<string, unknown>;
	origin: GameOrigin;
	/** The creator's seat when the body names none. */
	defaultSeat: number;
}

/**
 * Creates the waiting casual game at the position (the creator at `seat`, by default the source's
 * choice; BAD_SEAT past the position's seats) → 201 {id, inviteCode}. The room checks the rest as
 * for any game at a position (lobby.ts `checkFrom`).
 */
export async function createPlayOn(e: Env, user: RoomUser, b: PlayOnBody, at: PlayOnSource): Promise<Response> {
	const seat = b.seat ?? at.defaultSeat;
	if (seat >= at.seats) return apiError(400, 'BAD_SEAT', `the seat must be 0 to ${at.seats - 1}`);
	const id = randomId();
	const inviteCode = b.visibility === 'private' ? randomId() : null;
	const c = await roomOf(e, id)!.create({
		gameId: id,
		kind: at.kind,
		creator: user,
		options: at.options,
		seatsWanted: at.seats,
		visibility: b.visibility,
		rated: false,
		inviteCode,
		timeLimit: b.timeLimit,
		...(b.clock ? { clock: b.clock } : {}),
		from: { extra: at.extra, origin: at.origin, seat }
	});
	if (!c.ok) return fromRoom(c);
	return jsonResponse({ id, inviteCode }, 201);
}
