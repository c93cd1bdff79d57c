/**
 * The GameRoom's contract: RPC inputs and results, and the WebSocket messages — the wire the browser
 * and the server share (issue 11: it lives outside `server/`). Types and constants only, so routes
 * and the browser import it without pulling in `cloudflare:workers` (docs/workarounds.md).
 * docs/api.md describes the same shapes for HTTP clients. Nothing here knows a game kind: a kind's
 * view and log entries are the `View` and `Entry` parameters, which its own UI fills in.
 */
import type { GameResult, LogBatch } from '$lib/engine';
import type { ChatServerMessage } from './chat';

export type { LogBatch };

/** A game's time control (server/room/clock.ts computes with it). */
export type TimeControl =
	| { kind: 'perMove'; days: number }
	/** Starts with `initialDays`; each own move adds `incrementHours`, never above `capDays`. */
	| { kind: 'bank'; initialDays: number; incrementHours: number; capDays: number };

/** The header through which the Worker tells the room who opened a socket; routes strip any client copy. */
export const USER_HEADER = 'x-rongo-room-user';
/**
 * …and through which session (`{id, expiresAt}`: the session id is the SHA-256 of the cookie's token,
 * never the token): a socket lives no longer than the session that opened it (issue 10).
 */
export const SESSION_HEADER = 'x-rongo-room-session';
export { SESSION_ENDED } from '$lib/protocol/socket';

export interface SocketSession {
	id: string;
	expiresAt: number;
}

export type GameStatus = 'waiting' | 'active' | 'finished';
export type Visibility = 'public' | 'private';
export const TIME_LIMITS = ['1d', '2d', '3d', '5d', '7d', '14d'] as const;
export type TimeLimit = (typeof TIME_LIMITS)[number];

/** The signed-in user as the Worker knows it (`locals.user`). */
export interface RoomUser {
	id: string;
	username: string;
}

/** A kind's options as its schema put them out (engine/kind.ts `options`): the platform keeps them as they are. */
export type GameOptions = Record<string, unknown>;

/**
 * Rated or casual (issue 28, docs/people.md "Which games count"): chosen at creation, shown to everyone,
 * and a casual game never moves a rating. Games from before the choice have none stored: a public
 * game was rated and stays so, a private one counts as casual (the rule for private games since).
 */
export function isRated(g: { rated?: boolean | null; visibility: Visibility }): boolean {
	return typeof g.rated === 'boolean' ? g.rated : g.visibility === 'public';
}

/**
 * Where a game played on from a position came from (issue 34, "Play on from here"): a finished
 * game's (`POST /api/games/:id/playon`), a step of its kind's tutorial or a worked example of its
 * rules page (`POST /api/games/playon`, `tutorial: true` / `example`). Shown on its page and kept in D1 (`games.origin`). A private source game leaves
 * out its id and its players — to anyone but its players and link holders it does not exist (issue
 * 10), and a game played on from it may be public.
 */
export interface GameOrigin {
	/** The finished game's id; null when it is private, and for a tutorial. */
	gameId: string | null;
	/** Its kind (the same as the new game's). */
	kind: string;
	/**
	 * The step of its history the position was taken at (moves played: 0 is the start); for a
	 * tutorial, the number of its step (1-based, as the learn page counts), before the learner's move.
	 */
	step: number;
	/**
	 * True: the position is a step of the kind's tutorial (then `gameId` is null and `players` [],
	 * its seats' names being the script's characters). Absent for a finished game, as in the rows
	 * written before tutorials could be played on.
	 */
	tutorial?: true;
	/**
	 * The rule number a rules page's worked example stands under (e.g. "R-4.4"), when the position is
	 * that example (then `gameId` is null, `players` [] and `step` 0). Absent otherwise.
	 */
	example?: string;
	/** Moves explored beyond that step before playing on (the line), 0 for none. */
	explored: number;
	/** Its players' usernames by seat; [] when it is private, and for a tutorial. */
	players: string[];
}

/**
 * A game created at a position (issue 34): the kind's scenario extra (`kind.position.write(state,
 * { fresh: true })`), read by `kind.config` at the start exactly as a test scenario is; where it came
 * from; and the creator's seat in it (seat k of the position is lobby slot k).
 */
export interface PositionStart {
	extra: Record<string, unknown>;
	origin: GameOrigin;
	seat: number;
}

export interface CreateInput {
	gameId: string;
	/** The game's kind (a registry id, src/lib/games/index.ts). */
	kind: string;
	creator: RoomUser;
	/** The creator's options, validated by the kind's schema in the room. */
	options: unknown;
	/** Within the kind's seat range. */
	seatsWanted: number;
	visibility: Visibility;
	/** Set for private games (the invite link), null for public ones. */
	inviteCode: string | null;
	timeLimit: TimeLimit;
	/** The time control (clock.ts); absent: `timeLimit` days per move. */
	clock?: TimeControl;
	/** Rated or casual (`isRated`); absent: the default for the visibility (public rated, private casual). */
	rated?: boolean;
	/**
	 * Issue 34: start at this position instead of the kind's setup. Never rated (`rated: true` is
	 * refused); seats are not shuffled and the game starts only with every seat taken.
	 */
	from?: PositionStart;
	/** Issue 35: the game is a table of this tournament (created seated: `GameRoom.createSeated`). */
	tournament?: TournamentRef;
}

/**
 * Issue 35: the tournament a game is a table of — its id and name, the round (1-based) and the table
 * (0-based) — set at creation by the tournament (src/lib/server/tournaments/), shown on the game's page.
 */
export interface TournamentRef {
	id: string;
	name: string;
	round: number;
	table: number;
}

/** Every refusal: `status` is the HTTP status the route answers with. */
export interface RoomError {
	ok: false;
	status: number;
	code: string;
	message: string;
	currentVersion?: number;
	/** Plan ahead (issue 32): the refused move's place in the queue sent, or the queue as it is now. */
	step?: number;
	alternative?: number;
	/** A whole turn sent at once (`SubmitInput.more`): which of the further moves was refused (1-based). */
	index?: number;
	queue?: QueueState;
	/** Play on from here (issue 34), BAD_LINE: the kind's own refusal of the line's move at `index` (0-based). */
	refusal?: { code: string; message: string };
}

export type RoomResult<T> = ({ ok: true } & T) | RoomError;

export interface SeatInfo {
	/** Before the start: the lobby slot; from the start: the seat in playing order (G-2.3). */
	seat: number;
	userId: string;
	username: string;
	/** Null until the game starts. */
	colour: string | null;
}

/** What `view(user)` returns; the same object (plus `type`) is sent over the socket. */
export interface RoomView<View = unknown> {
	gameId: string;
	/** The game's kind. */
	kind: string;
	/** The same as `kind`, kept for API clients from before kinds (docs/api.md). */
	game: string;
	version: number;
	status: GameStatus;
	visibility: Visibility;
	/** Rated or casual (`isRated`): a rated game's result moves its players' ratings, a casual one's never. */
	rated: boolean;
	/**
	 * Issue 34: the finished game this one was played on from, or null for a game from the kind's
	 * setup. The room always sets it; optional for views made elsewhere (a tutorial's table).
	 */
	origin?: GameOrigin | null;
	/** Issue 35: the tournament this game is a table of, or null (absent in views made elsewhere). */
	tournament?: TournamentRef | null;
	creatorId: string;
	options: GameOptions;
	seatsWanted: number;
	timeLimit: TimeLimit;
	seats: SeatInfo[];
	/** The viewer's seat, or null for spectators (and signed-out viewers). */
	yourSeat: number | null;
	/** Only for seated players of a private game (so they can share the link); null otherwise. */
	inviteCode: string | null;
	/** Seats whose input is awaited (empty while waiting and when finished). */
	activeSeats: number[];
	/** The kind's `view(state, yourSeat)`; null while waiting. Never the state itself. */
	view: View | null;
	/**
	 * How a finished game ended (engine/outcome.ts: win, shared win or draw; winners, places, totals);
	 * null while it runs.
	 */
	result: GameResult | null;
	/** The game's time control (old games: `timeLimit` days per move). */
	clock: TimeControl;
	/** Each seat's clock (empty while waiting), for everybody: opponents see vacations and drops too. */
	clocks: SeatClock[];
	/**
	 * For a seated viewer: the version they last looked at (a visible, used page), for "since your
	 * last visit" (issue 12); null if never. Absent for everybody else.
	 */
	seenVersion?: number | null;
	/**
	 * The caller's standing answer (engine/kind.ts `Standing`, issue 13), for a seated caller of a kind
	 * that has them; null: none. Absent for everybody else: nobody learns another seat's.
	 */
	standing?: string | null;
	/**
	 * The caller's plan-ahead queue (engine/kind.ts `Queueing`, issue 32): steps, each an ordered list
	 * of alternative moves. For a seated caller of a kind with queues only; nobody sees another seat's.
	 */
	queue?: QueueState;
}

/** A seat's plan-ahead queue (issue 32): steps, each an ordered list of alternative moves, and its revision. */
export interface QueueState {
	steps: object[][];
	rev: number;
}

/** One seat's clock as everybody may see it (epoch ms). */
export interface SeatClock {
	seat: number;
	/** Since when the seat's input is awaited; null when its clock does not run. */
	waitingSince: number | null;
	/** When the seat times out (moved on by the player's vacation); null when not running. */
	deadline: number | null;
	/** Time bank: clock time left in the bank when not running; null for days per move. */
	bank: number | null;
	/** Consecutive timeouts (3: dropped). */
	timeouts: number;
	/** The bot plays this seat until its player reclaims it (a bot seat: for good). */
	dropped: boolean;
	/** A bot seat (issue 34, protocol/people.ts): the kind's default bot plays it from the start, nobody can take it; always `dropped`. */
	bot?: boolean;
	/** The player's vacation running now or planned next (clocks paused during it), or null. */
	vacation: { from: number; until: number } | null;
	/** On vacation right now: the clock is paused. */
	paused: boolean;
}

export interface SubmitInput {
	/** Client-chosen id (1–64 of [A-Za-z0-9_-]); a retry with the same id and move is answered, not applied, again. */
	moveId: string;
	move: unknown;
	/**
	 * Issue 32 (a whole turn in one visit): more moves of the same seat, played right after `move`
	 * and in this order, each its own version — all of them, or none if any is refused (`index`, 1-based
	 * among them, names it). The answer's version is the last one's.
	 */
	more?: unknown[];
	expectedVersion?: number;
}

export interface SubmitOk<Entry = unknown> {
	version: number;
	/** The public log entries the move produced (including automatic steps). */
	log: Entry[];
	/** True when this answers a retry of an already applied move. */
	duplicate: boolean;
}

/** Server → client over the socket. Every message carries the game version. */
export type ServerMessage<View = unknown, Entry = unknown> =
	| ({ type: 'state' } & RoomView<View>)
	| ({ type: 'event'; log: Entry[] } & RoomView<View>)
	| { type: 'error'; code: string; message: string }
	/**
	 * The answer to a move sent over this socket (issue 16), to the mover's socket only: applied (or
	 * a retry of one already applied, `duplicate`). The event of its version goes to every socket.
	 */
	| { type: 'ack'; moveId: string; version: number; duplicate: boolean }
	/** …or refused, with the status, code and message `POST /moves` would have answered. Nothing changed. */
	| { type: 'refused'; moveId: string | null; status: number; code: string; message: string; currentVersion?: number }
	/** Table talk: carries the chat's own sequence, not the game version. */
	| ChatServerMessage;

/** Client → server. */
export type ClientMessage =
	| { type: 'resync' }
	| { type: 'ping' }
	/** The page is visible and was used lately (true), or not any more (false): see server/room/game-sockets.ts LOOKING_MS. */
	| { type: 'presence'; looking: boolean }
	/**
	 * The page showed this version while visible (issue 30): the moves up to it were seen live and are
	 * not news at the next visit. Not presence: it holds back no notification.
	 */
	| { type: 'seen'; version: number }
	/** The user's mutes changed: the room reads them again (table talk, protocol/chat.ts). */
	| { type: 'mutes' }
	/**
	 * A move over the game's socket (issue 16): the body of `POST /api/games/:id/moves`, answered by
	 * `ack` or `refused` with the same moveId. Same idempotency: the HTTP fallback may resend it.
	 */
	| ({ type: 'move' } & SubmitInput);

/** The largest client message a room reads, in UTF-8 bytes (a move's, like the HTTP body limit). */
export const SOCKET_MESSAGE_LIMIT = 16 * 1024;

/** Is this message longer than SOCKET_MESSAGE_LIMIT bytes in UTF-8? (Encoded only when it could be.) */
export function overSocketLimit(text: string): boolean {
	return text.length > SOCKET_MESSAGE_LIMIT || (text.length * 3 > SOCKET_MESSAGE_LIMIT && new TextEncoder().encode(text).length > SOCKET_MESSAGE_LIMIT);
}

/** The D1 rows of one version, as the outbox stores and flushes them. */
export interface D1Payload {
	game: {
		id: string;
		game: string;
		status: GameStatus;
		visibility: Visibility;
		inviteCode: string | null;
		creatorId: string;
		options: string;
		seatsWanted: number;
		timeLimit: TimeLimit;
		engineVersion: string;
		version: number;
		activeSeats: string;
		seedCommitment: string | null;
		/** JSON TimeControl (optional only for payloads written before clocks). */
		clock?: string;
		createdAt: number;
		updatedAt: number;
		startedAt: number | null;
		finishedAt: number | null;
		/** The round being played, or the one the game ended in; null before the start (optional only for payloads written before the archive). */
		rounds?: number | null;
		/** Seats taken. */
		players?: number;
		/** Rated or casual (optional only for payloads written before the choice: then `isRated`). */
		rated?: boolean;
		/** Issue 34: JSON `GameOrigin` of a game played on from a position; null (or absent, older payloads) otherwise. */
		origin?: string | null;
		/** Issue 35: the tournament's id for a tournament's game; null (or absent, older payloads) otherwise. */
		tournamentId?: string | null;
	};
	seats: {
		userId: string;
		seat: number;
		colour: string | null;
		score: number | null;
		winner: number | null;
		/** The seat's place in a finished game (1 first; shared places share it); null before the end or before issue 29. */
		place?: number | null;
		joinedAt: number;
		waitingSince?: number | null;
		deadline?: number | null;
		timeouts?: number;
		dropped?: number;
		/**
		 * The seat's real decisions so far: its own moves that are not `passive` (engine/kind.ts) — no
		 * timeout, no bot. Absent in payloads written before they were counted: unknown, not rated.
		 */
		decisions?: number;
	}[];
}
