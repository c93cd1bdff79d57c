/**
 * The game-agnostic engine contract, implemented by every kind's rules (src/lib/games/<kind>/; what
 * the platform hosts them by is their GameKind, ./kind.ts).
 *
 * Every function is pure: it never mutates its input and never reads the clock or a global random
 * source (conventions §1). A rule violation is a value, never an exception (conventions §4).
 */

/** A refused move or query: a stable machine code and a human message (English, for logs and devs). */
export interface Failure {
	ok: false;
	code: string;
	message: string;
}

export type Result<T> = { ok: true; value: T } | Failure;

export function ok<T>(value: T): { ok: true; value: T } {
	return { ok: true, value };
}

export function fail(code: string, message: string): Failure {
	return { ok: false, code, message };
}

/** Seat numbers are 0-based indices into the seating order (clockwise). `null` is a spectator. */
export type Seat = number;
export type Viewer = Seat | null;

/** What `apply` returns on success: the new state and the public log entries the move produced. */
export interface Applied<State, Entry> {
	state: State;
	/** Public, structured log entries: safe to show to every seat and to spectators. */
	log: Entry[];
}

/** One line of a player's final score, e.g. a moai on an ahu or complete rongo tablets. */
export interface ScoreItem {
	kind: string;
	points: number;
	/** Extra data for rendering the item (ahu id, size, …). */
	detail?: Record<string, string | number>;
}

export interface ScoreSheet {
	seat: Seat;
	total: number;
	items: ScoreItem[];
	/** True for every seat that shares the highest total. */
	winner: boolean;
}

/** What a game needs to start: the options the creator chose and the secret seed. */
export interface GameSetup<Config> {
	game: string;
	engineVersion: string;
	config: Config;
	seed: string;
}

/** One entry of the move log: who moved and what. The log plus the setup is the truth (§6). */
export interface LoggedMove<Move> {
	seat: Seat;
	move: Move;
}

export interface Game<Config, State, Move, View, Entry> {
	/** Short id, e.g. `giants`. */
	readonly id: string;
	/** Recorded in every game's setup so a game keeps its rules forever (conventions §8). */
	readonly engineVersion: string;
	/** Validates the options; the seed is any non-empty string. */
	setup(config: Config, seed: string): Result<State>;
	apply(state: State, seat: Seat, move: unknown): Result<Applied<State, Entry>>;
	/** Every move the seat could make now (for transports: one canonical path per outcome). */
	legalMoves(state: State | View, seat: Seat): Move[];
	view(state: State, viewer: Viewer): View;
	/** The seats whose input is awaited now (several at once during a sealed decision). */
	activeSeats(state: State | View): Seat[];
	isOver(state: State | View): boolean;
	scores(state: State | View): ScoreSheet[];
}
