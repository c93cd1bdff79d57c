/**
 * What the game endpoints share: request schemas, reaching a game's room, turning room results into
 * responses, and the D1 list queries. Routes parse and authorize; the room decides (conventions §10).
 * No runtime import of the room itself (it imports `cloudflare:*`): only its types.
 */
import { seatUsername } from '$lib/protocol/people';
import * as v from 'valibot';
import type { D1Result } from '@cloudflare/workers-types';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { RequestEvent } from '@sveltejs/kit';
import { apiError, jsonResponse, plainObject, type ReadResult } from './http';
import { BANK_MAX_DAYS, INCREMENT_HOURS, PER_MOVE_DAYS } from './room/clock';
import { TIME_LIMITS, type RoomResult, type RoomUser } from '$lib/protocol/room';

/** Game ids and invite codes: 10 random bytes, base32 lowercase (16 characters, 80 bits). */
export function randomId(): string {
	return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)));
}
export const GAME_ID = /^[a-z2-7]{16}$/;

/** A kind's id as the API takes it (the registry, src/lib/games/index.ts, says which exist). */
const KindId = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/, 'a kind of game'));

/** A time control as a create body gives it (POST /api/games, POST /api/games/:id/playon). */
export const ClockBody = v.variant('kind', [
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
]);

/**
 * POST /api/games. The platform checks only its own fields; the game's kind is checked by the room
 * against the registry (UNKNOWN_KIND), and its options and seat count against the kind's own schema
 * and range (BAD_OPTIONS, BAD_REQUEST) — the room decides (conventions §10), and a new kind needs no
 * change here. The body from before kinds, `{game, seats, <the kind's options>…}`, is still taken
 * (docs/api.md "Compatibility"): its kind is `game`, and every key the platform does not know is an
 * option of that kind.
 */
export const CreateBody = v.pipe(
	v.looseObject({
		kind: v.optional(KindId),
		game: v.optional(KindId),
		seats: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(16)),
		options: v.optional(plainObject(v.record(v.string(), v.unknown()))),
		visibility: v.optional(v.picklist(['public', 'private']), 'public'),
		/** Rated or casual (issue 28); absent: the default for the visibility (public rated, private casual). */
		rated: v.optional(v.boolean()),
		timeLimit: v.optional(v.picklist(TIME_LIMITS), '3d'),
		/** The time control (src/lib/server/room/clock.ts); when given it decides, and `timeLimit` follows from it. */
		clock: v.optional(ClockBody)
	}),
	v.check((b) => b.kind !== undefined || b.game !== undefined, 'kind: expected a kind of game'),
	v.check((b) => b.kind === undefined || b.game === undefined || b.kind === b.game, 'game: must equal kind when both are given'),
	v.transform((b) => {
		const { kind, game, seats, options, visibility, rated, timeLimit, clock, ...rest } = b;
		return { kind: (kind ?? game)!, seats, options: options ?? rest, loose: options === undefined ? [] : Object.keys(rest), visibility, rated, timeLimit, clock };
	}),
	v.check((b) => b.loose.length === 0, 'unknown keys beside options')
);

export const JoinBody = v.strictObject({
	inviteCode: v.optional(v.pipe(v.string(), v.maxLength(64)))
});

export const EmptyBody = v.strictObject({});

/** POST /api/games/:id/start: no body or `{}` as before, or `{bots: true}` — bots in the open seats (issue 34). */
export const StartBody = v.strictObject({ bots: v.optional(v.boolean()) });

/** PUT /api/games/:id/standing: the answer id (the kind's `standing.answers`) or null to clear it. */
/**
 * Plan ahead (issue 32): the caller's whole queue and the revision their page showed. The moves'
 * shapes are the kind's to judge (`queue.check`); the edge bounds the sizes (the route's body limit
 * bounds the rest).
 */
export const QueueBody = v.strictObject({
	steps: v.pipe(v.array(v.pipe(v.array(v.looseObject({ type: v.pipe(v.string(), v.maxLength(32)) })), v.minLength(1), v.maxLength(4))), v.maxLength(24)),
	rev: v.pipe(v.number(), v.integer(), v.minValue(0))
});

export const StandingBody = v.strictObject({ answer: v.nullable(v.pipe(v.string(), v.maxLength(32))) });

/** At most this many moves follow a move in one submission (`more`, docs/api.md). */
export const MAX_MORE = 8;

export const MoveBody = v.strictObject({
	moveId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'moveId: 1–64 of A-Z a-z 0-9 _ -')),
	// The edge checks only that a move is a typed object; its shape is the engine's to judge
	// (its kind's `apply`), which answers BAD_MOVE with the offending path.
	move: v.looseObject({ type: v.pipe(v.string(), v.maxLength(32)) }),
	// Issue 32, a whole turn in one visit: more moves of the same seat, played right after `move`,
	// all or none (GameRoom.submit).
	more: v.optional(v.pipe(v.array(v.looseObject({ type: v.pipe(v.string(), v.maxLength(32)) })), v.minLength(1), v.maxLength(MAX_MORE))),
	expectedVersion: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0)))
});

/** A move over the game's socket (issue 16): the same body, with its message type. */
export const SocketMove = v.strictObject({ type: v.literal('move'), ...MoveBody.entries });

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

/** `?invite=<code>`: the invite link a viewer of a private game followed (src/lib/server/room/access.ts). */
export function inviteOf(event: RequestEvent): string | null {
	return event.url.searchParams.get('invite')?.slice(0, 64) ?? null;
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
	if (!r.ok) {
		const { ok: _ok, status, code, message, ...extra } = r;
		return apiError(status, code, message, Object.keys(extra).length ? extra : undefined);
	}
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
	/** The game's kind (registry id). */
	kind: string;
	/** The same as `kind`, for API clients from before kinds (docs/api.md). */
	game: string;
	status: 'waiting' | 'active' | 'finished';
	visibility: 'public' | 'private';
	/** Rated or casual (issue 28): a casual game never moves a rating. */
	rated: boolean;
	seatsWanted: number;
	timeLimit: string;
	/** The kind's options as its schema put them out. */
	options: Record<string, unknown>;
	creator: { id: string; username: string | null };
	/** `place`: 1 first, shared places share it (issue 29); null while running (and for games finished before places). */
	seats: { seat: number; userId: string; username: string; colour: string | null; score: number | null; winner: boolean | null; place: number | null }[];
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
	/** Only in /mine: table talk messages the caller has not read (issue 15; the room's flush may lag a second). */
	chatUnread?: number;
}

function parseJson<T>(text: string | null, fallback: T): T {
	try {
		return text ? (JSON.parse(text) as T) : fallback;
	} catch {
		return fallback;
	}
}

// ---- the D1 lists ------------------------------------------------------------------------------
// Each list is one statement: a page of game ids from an index (the CTE `p`), then those games'
// rows and all their seats. No list binds a list of ids — D1 binds at most 100 parameters, and a
// player's games only accumulate (issue 10) — and none reads a whole table (tests/worker/
// many-games.worker.test.ts checks the plans).

const LIST_COLUMNS =
	'g.id AS id, g.game AS game, g.status AS status, g.visibility AS visibility, g.rated AS rated, g.seats_wanted AS seats_wanted, ' +
	'g.time_limit AS time_limit, g.options AS options, g.creator_id AS creator_id, g.active_seats AS active_seats, ' +
	'g.version AS version, g.created_at AS created_at, g.updated_at AS updated_at, g.started_at AS started_at, ' +
	'g.finished_at AS finished_at, s.seat AS seat, s.user_id AS user_id, u.username AS username, s.colour AS colour, ' +
	's.score AS score, s.winner AS winner, s.place AS place';

interface ListRow {
	id: string;
	game: string;
	status: GameSummary['status'];
	visibility: GameSummary['visibility'];
	rated: number;
	seats_wanted: number;
	time_limit: string;
	options: string;
	creator_id: string;
	active_seats: string;
	version: number;
	created_at: number;
	updated_at: number;
	started_at: number | null;
	finished_at: number | null;
	seat: number | null;
	user_id: string | null;
	username: string | null;
	colour: string | null;
	score: number | null;
	winner: number | null;
	place: number | null;
	/** Only in a player's lists: that player's own seat's clock. */
	my_waiting_since?: number | null;
	/** Only in a player's lists: the page's order key (a finished game: when it finished). */
	my_updated_at?: number | null;
	my_deadline?: number | null;
	/** Table talk: messages the player has not read (null: no chat yet). */
	my_chat_unread?: number | null;
}

/**
 * The caller's seat's wait, from its game row (issue 33: `games.waits`, by seat number — outbox.ts
 * `waitsOf`; a turn change writes no seat row): since when it is awaited and its deadline, or null.
 */
const WAIT_SINCE = `json_extract(g.waits, '$[' || s.seat || '][0]')`;
const WAIT_DEADLINE = `json_extract(g.waits, '$[' || s.seat || '][1]')`;

/**
 * `p` (a page of the caller's seats, `order` its order) joined to its games and all their seats.
 * `running`: the page is of games not finished — read through the seats' status index and their
 * game rows by key, for the newest activity (the game's `updated_at`: issue 33, a seat is no longer
 * rewritten with every move of its game, so its own `updated_at` is the time its status began) and
 * the seat's wait (`games.waits`); a player's games in one status that is not finished are few, and
 * sorting them costs reads, not writes. Finished games keep the seat's index order and need no wait.
 */
function pageOfSeats(where: string, order: string, outerOrder: string, limit: string, running = false): string {
	const page = running
		? `SELECT s.game_id AS game_id, ${WAIT_SINCE} AS waiting_since, ${WAIT_DEADLINE} AS deadline, g.updated_at AS updated_at FROM seats s ` +
			`CROSS JOIN games g ON g.id = s.game_id WHERE s.user_id = ?1 AND ${where} ORDER BY ${order} LIMIT ${limit}`
		: `SELECT game_id, NULL AS waiting_since, NULL AS deadline, updated_at FROM seats WHERE user_id = ?1 AND ${where} ORDER BY ${order} LIMIT ${limit}`;
	return (
		`WITH p AS (${page}) ` +
		`SELECT ${LIST_COLUMNS}, p.waiting_since AS my_waiting_since, p.deadline AS my_deadline, p.updated_at AS my_updated_at, cr.count - cr.read AS my_chat_unread ` +
		`FROM p JOIN games g ON g.id = p.game_id LEFT JOIN chat_reads cr ON cr.user_id = ?1 AND cr.game_id = p.game_id ` +
		`LEFT JOIN seats s ON s.game_id = p.game_id LEFT JOIN users u ON u.id = s.user_id ` +
		`ORDER BY ${outerOrder}, s.seat`
	);
}

const NEWEST = 'updated_at DESC, game_id DESC';
const NEWEST_P = 'p.updated_at DESC, p.game_id DESC';

/** A page of finished games: at most this many, newest first. */
export const FINISHED_PAGE = 20;
/** Games awaiting the player listed at once (a player awaited in more sees the oldest first). */
const TURN_LIMIT = 200;
/** Of the player's other games in progress, and of those waiting for players, the newest this many. */
const OTHERS_LIMIT = 100;

/** The player's running games awaiting them (`s` their seat, `g` its game; the status index, then the games by key). */
const AWAITED = `FROM seats s CROSS JOIN games g ON g.id = s.game_id WHERE s.user_id = ?1 AND s.status = 'active' AND ${WAIT_SINCE} IS NOT NULL`;

/** The statements of a player's lists (each binds the user id as ?1); exported for the query-plan test. */
export const MY_GAMES_SQL = {
	/** Awaiting the player's input, oldest waiting first (the player's running games by index, their waits by the games' keys, then sorted: issue 33). */
	turn: pageOfSeats(`s.status = 'active' AND ${WAIT_SINCE} IS NOT NULL`, 'waiting_since, s.game_id', 'p.waiting_since, p.game_id', '?2', true),
	/** In progress, awaiting someone else (newest activity first, from the games' rows). */
	active: pageOfSeats(`s.status = 'active' AND ${WAIT_SINCE} IS NULL`, 'g.updated_at DESC, s.game_id DESC', NEWEST_P, '?2', true),
	waiting: pageOfSeats(`s.status = 'waiting'`, 'g.updated_at DESC, s.game_id DESC', NEWEST_P, '?2', true),
	/** Finished, newest first (by when they finished: the seat's updated_at), older than the keyset cursor (?3, ?4). */
	finished: pageOfSeats(`status = 'finished' AND (updated_at, game_id) < (?3, ?4)`, NEWEST, NEWEST_P, '?2'),
	/** Games per status, counted in the index alone. */
	counts: `SELECT status, count(*) AS n FROM seats WHERE user_id = ?1 GROUP BY status`,
	turnCount: `SELECT count(*) AS n ${AWAITED}`
};

/** "Next game": the one awaiting the player longest, other than ?2, and how many await them (one statement). */
export const NEXT_GAME_SQL =
	`SELECT (SELECT s.game_id ${AWAITED} AND s.game_id != ?2 ORDER BY ${WAIT_SINCE}, s.game_id LIMIT 1) AS id, ` +
	`(SELECT count(*) ${AWAITED} AND s.game_id != ?2) AS waiting`;

/**
 * Public games waiting for players, newest created first (index games_public_started_idx: a waiting
 * game has not started). Issue 33: by creation, not by the last join — the index holds no column a
 * move changes.
 */
export const OPEN_GAMES_SQL =
	`WITH p AS (SELECT id AS game_id, created_at FROM games WHERE status = 'waiting' AND visibility = 'public' AND started_at IS NULL ` +
	`ORDER BY created_at DESC, id DESC LIMIT ?1) ` +
	`SELECT ${LIST_COLUMNS} FROM p JOIN games g ON g.id = p.game_id LEFT JOIN seats s ON s.game_id = p.game_id ` +
	`LEFT JOIN users u ON u.id = s.user_id ORDER BY p.created_at DESC, p.game_id DESC, s.seat`;

/** Rows (one per seat, each game's rows together) → summaries, in the rows' order. */
function summarize(rows: ListRow[], userId: string | null = null): GameSummary[] {
	const out: GameSummary[] = [];
	for (const r of rows) {
		let g = out.at(-1);
		if (!g || g.id !== r.id) {
			g = {
				id: r.id,
				kind: r.game,
				game: r.game,
				status: r.status,
				visibility: r.visibility,
				rated: r.rated === 1,
				seatsWanted: r.seats_wanted,
				timeLimit: r.time_limit,
				options: parseJson<Record<string, unknown>>(r.options, {}),
				creator: { id: r.creator_id, username: null },
				seats: [],
				activeSeats: parseJson(r.active_seats, [] as number[]),
				version: r.version,
				createdAt: r.created_at,
				updatedAt: r.updated_at,
				startedAt: r.started_at,
				finishedAt: r.finished_at
			};
			out.push(g);
		}
		if (r.seat === null || r.user_id === null) continue;
		g.seats.push({ seat: r.seat, userId: r.user_id, username: seatUsername(r.user_id, r.username), colour: r.colour, score: r.score, winner: r.winner === null ? null : r.winner === 1, place: r.place ?? null });
		if (r.user_id === g.creator.id) g.creator.username = r.username;
		if (userId !== null && r.user_id === userId) {
			g.yourSeat = r.seat;
			g.yourTurn = g.status === 'active' && (r.my_waiting_since ?? null) !== null;
			g.waitingSince = g.yourTurn ? (r.my_waiting_since ?? null) : null;
			g.deadline = g.yourTurn ? (r.my_deadline ?? null) : null;
			g.chatUnread = Math.max(0, r.my_chat_unread ?? 0);
		}
	}
	return out;
}

/** Public games waiting for players, newest first. */
export async function openGames(d1: Env['DB'], limit = 50): Promise<GameSummary[]> {
	return summarize((await d1.prepare(OPEN_GAMES_SQL).bind(limit).all<ListRow>()).results);
}

/** `<updated_at>.<game id>` of the last game of a page: where the next page starts. */
const CURSOR = /^(\d{1,15})\.([a-z2-7]{16})$/;

export function validFinishedCursor(cursor: string): boolean {
	return CURSOR.test(cursor);
}

export interface MyGames {
	/** Awaiting the player (oldest waiting first), then in progress, waiting for players, finished (newest first). */
	games: GameSummary[];
	/** All of the player's games by kind (the lists above may show only the newest of them). */
	counts: { yourTurn: number; active: number; waiting: number; finished: number };
	/** Pass as `finished` for the next (older) page of finished games; null on the last page. */
	finishedCursor: string | null;
}

/**
 * The player's games: those awaiting their input first, oldest waiting first; then the others in
 * progress and those waiting for players, newest activity first; and one page of finished games,
 * newest first, from `finishedCursor` on (keyset: updated_at, id). One D1 round trip.
 */
export async function myGames(d1: Env['DB'], userId: string, finishedCursor: string | null = null): Promise<MyGames> {
	const [at, id] = finishedCursor ? CURSOR.exec(finishedCursor)!.slice(1) : [String(Number.MAX_SAFE_INTEGER), '~'];
	const [turn, active, waiting, finished, counts, turnCount] = await d1.batch([
		d1.prepare(MY_GAMES_SQL.turn).bind(userId, TURN_LIMIT),
		d1.prepare(MY_GAMES_SQL.active).bind(userId, OTHERS_LIMIT),
		d1.prepare(MY_GAMES_SQL.waiting).bind(userId, OTHERS_LIMIT),
		d1.prepare(MY_GAMES_SQL.finished).bind(userId, FINISHED_PAGE + 1, Number(at), id),
		d1.prepare(MY_GAMES_SQL.counts).bind(userId),
		d1.prepare(MY_GAMES_SQL.turnCount).bind(userId)
	]);
	const list = (r: D1Result<unknown>) => summarize(r.results as ListRow[], userId);
	const done = list(finished);
	const more = done.length > FINISHED_PAGE;
	const page = done.slice(0, FINISHED_PAGE);
	const last = page.at(-1);
	// The keyset is the seat's own updated_at (when the game finished), which the list is ordered by.
	const lastAt = last ? (finished.results as ListRow[]).find((r) => r.id === last.id)?.my_updated_at ?? last.updatedAt : null;
	const by = new Map((counts.results as { status: string; n: number }[]).map((c) => [c.status, c.n]));
	const yourTurn = (turnCount.results[0] as { n: number }).n;
	return {
		games: [...list(turn), ...list(active), ...list(waiting), ...page],
		counts: { yourTurn, active: (by.get('active') ?? 0) - yourTurn, waiting: by.get('waiting') ?? 0, finished: by.get('finished') ?? 0 },
		finishedCursor: more && last ? `${lastAt}.${last.id}` : null
	};
}

/** The game awaiting the player longest, other than `from` (the one they are in), and how many await them. */
export async function nextGame(d1: Env['DB'], userId: string, from: string | null): Promise<{ id: string | null; waiting: number }> {
	const r = await d1.prepare(NEXT_GAME_SQL).bind(userId, from ?? '').first<{ id: string | null; waiting: number }>();
	return { id: r?.id ?? null, waiting: r?.waiting ?? 0 };
}
