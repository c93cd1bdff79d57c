/**
 * What the game endpoints share: request schemas, reaching a game's room, turning room results into
 * responses, and the D1 list queries. Routes parse and authorize; the room decides (conventions §10).
 * No runtime import of the room itself (it imports `cloudflare:*`): only its types.
 */
import * as v from 'valibot';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { RequestEvent } from '@sveltejs/kit';
import { getDb } from './db';
import { games, seats, users } from './db/schema';
import { apiError, jsonResponse, type ReadResult } from './http';
import { BANK_MAX_DAYS, INCREMENT_HOURS, PER_MOVE_DAYS } from './room/clock';
import { TIME_LIMITS, type RoomResult, type RoomUser } from './room/protocol';

/** Game ids and invite codes: 10 random bytes, base32 lowercase (16 characters, 80 bits). */
export function randomId(): string {
	return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)));
}
const GAME_ID = /^[a-z2-7]{16}$/;

export const CreateBody = v.strictObject({
	game: v.literal('giants'),
	seats: v.pipe(v.number(), v.integer(), v.minValue(3), v.maxValue(5)),
	quickStart: v.optional(v.boolean(), false),
	immediateScoring: v.optional(v.boolean(), false),
	visibility: v.optional(v.picklist(['public', 'private']), 'public'),
	timeLimit: v.optional(v.picklist(TIME_LIMITS), '3d'),
	/** The time control (src/lib/server/room/clock.ts); when given it decides, and `timeLimit` follows from it. */
	clock: v.optional(
		v.variant('kind', [
			v.strictObject({ kind: v.literal('perMove'), days: v.picklist(PER_MOVE_DAYS) }),
			v.pipe(
				v.strictObject({
					kind: v.literal('bank'),
					initialDays: v.picklist(PER_MOVE_DAYS),
					incrementHours: v.pipe(v.number(), v.integer(), v.minValue(INCREMENT_HOURS.min), v.maxValue(INCREMENT_HOURS.max)),
					capDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(BANK_MAX_DAYS))
				}),
				v.check((c) => c.capDays >= c.initialDays, 'clock: capDays must be at least initialDays')
			)
		])
	)
});

export const JoinBody = v.strictObject({
	inviteCode: v.optional(v.pipe(v.string(), v.maxLength(64)))
});

export const EmptyBody = v.strictObject({});

export const MoveBody = v.strictObject({
	moveId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'moveId: 1–64 of A-Z a-z 0-9 _ -')),
	// The edge checks only that a move is a typed object; its shape is the engine's to judge
	// (giants/schema.ts), which answers BAD_MOVE with the offending path.
	move: v.looseObject({ type: v.pipe(v.string(), v.maxLength(32)) }),
	expectedVersion: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0)))
});

type Env = App.Platform['env'];

export function env(event: RequestEvent): Env | null {
	const e = event.platform?.env;
	return e?.GAME_ROOM && e?.DB ? e : null;
}

export const noPlatform = () => apiError(503, 'UNAVAILABLE', 'the game service is not available');
export const unauthenticated = () => apiError(401, 'UNAUTHENTICATED', 'sign in first');
export const notFound = () => apiError(404, 'NOT_FOUND', 'no such game');

/** The room of a game id from the URL, or null for an id we could never have issued. */
export function roomOf(e: Env, id: string) {
	if (!GAME_ID.test(id)) return null;
	return e.GAME_ROOM.get(e.GAME_ROOM.idFromName(id));
}

export function userOf(event: RequestEvent): RoomUser | null {
	const u = event.locals.user;
	return u ? { id: u.id, username: u.username } : null;
}

/** The prelude of every endpoint for a signed-in user: the platform and the user, or the refusal. */
export function signedIn(event: RequestEvent): { e: Env; user: RoomUser } | Response {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	return { e, user };
}

/** A room result as HTTP: refusals keep their status, code and message (and currentVersion). */
export function fromRoom(result: RoomResult<object> | (RoomResult<object> & Disposable), status = 200): Response {
	// RPC results arrive as `… & Disposable` (a symbol key that JSON ignores).
	const r = result as RoomResult<object>;
	if (!r.ok) return apiError(r.status, r.code, r.message, r.currentVersion === undefined ? undefined : { currentVersion: r.currentVersion });
	const { ok: _ok, ...rest } = r;
	return jsonResponse(rest, status);
}

type Room = NonNullable<ReturnType<typeof roomOf>>;

/**
 * The shared shape of a POST that changes a game: platform, session, room and body are checked in
 * that order (each with its error), then the room acts and its result becomes the response.
 */
export async function changeGame<T>(
	event: RequestEvent,
	readBody: (request: Request) => Promise<ReadResult<T>>,
	act: (room: Room, user: RoomUser, body: T) => Promise<RoomResult<object> | (RoomResult<object> & Disposable)>
): Promise<Response> {
	const e = env(event);
	if (!e) return noPlatform();
	const user = userOf(event);
	if (!user) return unauthenticated();
	const room = roomOf(e, event.params.id ?? '');
	if (!room) return notFound();
	const body = await readBody(event.request);
	if (!body.ok) return body.response;
	return fromRoom(await act(room, user, body.value));
}

export interface GameSummary {
	id: string;
	game: string;
	status: 'waiting' | 'active' | 'finished';
	visibility: 'public' | 'private';
	seatsWanted: number;
	timeLimit: string;
	options: { quickStart: boolean; immediateScoring: boolean };
	creator: { id: string; username: string | null };
	seats: { seat: number; userId: string; username: string; colour: string | null; score: number | null; winner: boolean | null }[];
	activeSeats: number[];
	version: number;
	createdAt: number;
	updatedAt: number;
	startedAt: number | null;
	finishedAt: number | null;
	/** Only in /mine: the caller's seat and whether their input is awaited — since when, until when. */
	yourSeat?: number;
	yourTurn?: boolean;
	waitingSince?: number | null;
	deadline?: number | null;
}

function parseJson<T>(text: string | null, fallback: T): T {
	try {
		return text ? (JSON.parse(text) as T) : fallback;
	} catch {
		return fallback;
	}
}

async function summarize(d1: Env['DB'], rows: (typeof games.$inferSelect)[]): Promise<GameSummary[]> {
	if (rows.length === 0) return [];
	const db = getDb(d1);
	const seatRows = await db
		.select({ gameId: seats.gameId, seat: seats.seat, userId: seats.userId, username: users.username, colour: seats.colour, score: seats.score, winner: seats.winner })
		.from(seats)
		.innerJoin(users, eq(users.id, seats.userId))
		.where(inArray(seats.gameId, rows.map((r) => r.id)))
		.orderBy(seats.seat);
	return rows.map((g) => {
		const mine = seatRows.filter((s) => s.gameId === g.id);
		return {
			id: g.id,
			game: g.game,
			status: g.status,
			visibility: g.visibility,
			seatsWanted: g.seatsWanted,
			timeLimit: g.timeLimit,
			options: parseJson(g.options, { quickStart: false, immediateScoring: false }),
			creator: { id: g.creatorId, username: mine.find((s) => s.userId === g.creatorId)?.username ?? null },
			seats: mine.map((s) => ({ seat: s.seat, userId: s.userId, username: s.username, colour: s.colour, score: s.score, winner: s.winner === null ? null : s.winner === 1 })),
			activeSeats: parseJson(g.activeSeats, [] as number[]),
			version: g.version,
			createdAt: g.createdAt,
			updatedAt: g.updatedAt,
			startedAt: g.startedAt,
			finishedAt: g.finishedAt
		};
	});
}

/** Public games waiting for players, newest activity first. */
export async function openGames(d1: Env['DB'], limit = 50): Promise<GameSummary[]> {
	const rows = await getDb(d1)
		.select()
		.from(games)
		.where(and(eq(games.status, 'waiting'), eq(games.visibility, 'public')))
		.orderBy(desc(games.updatedAt))
		.limit(limit);
	return summarize(d1, rows);
}

const ORDER = { active: 1, waiting: 2, finished: 3 } as const;

/** The user's games: those awaiting their input first, then in progress, waiting, finished. */
export async function myGames(d1: Env['DB'], userId: string, limit = 200): Promise<GameSummary[]> {
	const rows = await getDb(d1)
		.select({ game: games, waitingSince: seats.waitingSince, deadline: seats.deadline })
		.from(seats)
		.innerJoin(games, eq(games.id, seats.gameId))
		.where(eq(seats.userId, userId))
		.orderBy(desc(games.updatedAt))
		.limit(limit);
	const list = await summarize(d1, rows.map((r) => r.game));
	list.forEach((g, i) => {
		const seat = g.seats.find((s) => s.userId === userId)?.seat;
		g.yourSeat = seat;
		g.yourTurn = g.status === 'active' && seat !== undefined && g.activeSeats.includes(seat);
		g.waitingSince = g.yourTurn ? (rows[i].waitingSince ?? g.updatedAt) : null;
		g.deadline = g.yourTurn ? rows[i].deadline : null;
	});
	const rank = (g: GameSummary) => (g.yourTurn ? 0 : ORDER[g.status]);
	// Issue 5: the games awaiting me, oldest waiting first; then the rest, latest activity first.
	const waited = (g: GameSummary) => (g.yourTurn ? (g.waitingSince ?? 0) : 0);
	return list.sort((a, b) => rank(a) - rank(b) || waited(a) - waited(b) || b.updatedAt - a.updatedAt);
}
