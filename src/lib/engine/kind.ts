/**
 * The plug-in contract (issue 11): everything the platform needs from a game *kind* — a rule set
 * such as `giants` — so that nothing outside a kind's own folders knows its rules. A single played
 * game is a *game* (its id is the `gameId`); a kind is what it is a game of.
 *
 * The platform (rooms, lobby, lists, notifications, export, tools) reaches a kind only through this
 * interface and the registry (`src/lib/games/index.ts`). Modelled on boardgame.io's `Game` (name,
 * setup, validateSetupData, playerView) plus what an asynchronous site needs on top: seat range,
 * option schema, a status line for lists, the automatic move on a timeout, bots, texts and the
 * randomness check of a finished game.
 *
 * Everything here is pure (conventions §1) and shared by the server and the browser.
 */
import type * as v from 'valibot';
import type { RngState } from './rng';
import type { GameExportV2 } from './export';
import type { Applied, Game, Result, ScoreSheet, Seat } from './types';

/** A bot: a legal move for `seat`, chosen from that seat's own view (what a player could know). */
export type Bot<View, Move> = (view: View, seat: Seat, rng: RngState) => Move;

/** What lists and notifications say about where a game stands. */
export interface StatusLine {
	/** The round being played (or the one the game ended in); null for kinds without rounds. */
	round: number | null;
	/** The kind's own phase id; `texts.phase` words it. */
	phase: string;
}

/**
 * How a finished game ended, as the kind says it (issue 29: one truth). Everything else about the end
 * — that the game is over, who won, whether it was a draw, each seat's total — is derived from it by
 * the platform (./outcome.ts), never said twice.
 */
export interface Outcome {
	/** The kind's own reason id (e.g. `pedestals`); `texts.reason` words it. */
	reason: string;
	rounds: number | null;
	/** Every seat's final total with its breakdown (the end screen), by seat. */
	sheets: ScoreSheet[];
	/**
	 * Each seat's place, by seat: 1 is first; seats the rules cannot separate share a place and the
	 * next place is skipped (1, 1, 3). The rules' tie-breakers are the kind's business.
	 */
	places: number[];
	/**
	 * Nobody won: the game ended level (every seat shares first place and the rules call it a draw,
	 * not a shared victory). Leave it out for a kind that cannot end in a draw.
	 */
	draw?: boolean;
}

/** The log entries one version of a game produced (the start, then each move). */
export interface LogBatch<Entry = unknown> {
	version: number;
	log: Entry[];
}

/** One random draw of a game, recomputed from the revealed seed and compared with the public log. */
export interface DrawCheck {
	/** The kind's label for the draw, already worded (e.g. "Round 3: dice"). */
	label: string;
	shown: string;
	recomputed: string;
	status: 'confirmed' | 'mismatch' | 'forced';
}

/** The randomness check of a finished game (G-0.3, R-0.3, M-0.3). */
export interface RandomnessCheck {
	/** The seed matches the commitment published at the start. */
	commitment: boolean;
	draws: DrawCheck[];
	/** Commitment true and no draw a mismatch. */
	ok: boolean;
}

/** The input of a randomness check: what a finished game's export reveals, and its public log. */
export interface RevealedGame<Config, Move, Entry> {
	config: Config;
	seed: string;
	seedCommitment: string;
	moves: { seat: Seat; move: Move }[];
	log: LogBatch<Entry>[];
}

/**
 * Texts a kind brings, in the user's language (the kind's own Paraglide messages). The server (for
 * notifications) and the browser (log, lists) both use them; they never import UI code.
 */
export interface KindTexts<Entry, At = unknown> {
	/** The kind's display name, e.g. "Giants". */
	name(): string;
	/** One line about the kind for the lobby (players, length, theme). */
	blurb(): string;
	phase(phase: string): string;
	reason(reason: string): string;
	/**
	 * One public log entry as a sentence; `nameOf` words a seat. `at`, when the caller has it, is
	 * the game right after the entry (a state or a view) for richer words (e.g. a statue's size).
	 */
	logLine(entry: Entry, nameOf: (seat: Seat) => string, at?: At): string;
	/** What the room did for a seat whose clock ran out (`timeoutMove(...).auto`). */
	auto(auto: string): string;
	/** The options a game was created with, in words, one line each (the invite page); [] for none. */
	options(options: Record<string, unknown>): string[];
}

/**
 * What a kind says (issue 29: the minimum; the platform derives the rest in ./outcome.ts): `start`
 * is the setup (with the log of its automatic steps), `outcome` the end (null while the game runs:
 * the game is over exactly when it is not null), `activeSeats` who is awaited while it runs.
 * Written with its own types, so a kind's mistakes are compile errors; the platform holds it erased
 * (`Kind`, `erase`).
 */
export interface GameKind<Config = unknown, State = unknown, Move = unknown, View = unknown, Entry = unknown, Options = unknown>
	extends Game<Config, State, Move, View, Entry> {
	/** Seats a game of this kind can have (a game may start early with at least `min`). */
	readonly seats: { min: number; max: number };
	/** Minutes a typical game takes at the table, for the lobby (async games take days). */
	readonly typicalMinutes: number;
	/** The creator's options: a valibot schema whose output has every default filled in. */
	readonly options: v.GenericSchema<unknown, Options>;
	/**
	 * The engine config for a game with these (validated) options and this many players. `scenario`
	 * is a test seam only (forced dice, a starting position…): the kind validates it.
	 */
	config(options: Options, players: number, scenario?: unknown): Result<Config>;
	/** The initial state plus the log entries of the automatic steps at the start (e.g. G-0.4's first phase). */
	start(config: Config, seed: string): Result<Applied<State, Entry>>;
	/** Round and phase, for lists and notifications. */
	status(state: State | View): StatusLine;
	/** A seat's public colour (lists, notifications), or null if the kind has none or not yet. */
	seatColour(state: State | View, seat: Seat): string | null;
	/** The automatic move for a seat whose clock ran out, and its id for texts; null: none possible. */
	timeoutMove(state: State | View, seat: Seat): { move: Move; auto: string } | null;
	/** Bots by name; `defaultBot` plays dropped seats. Each chooses among `legalMoves` only. */
	readonly bots: Readonly<Record<string, Bot<View, Move>>>;
	readonly defaultBot: string;
	/** How the game ended, or null while it runs (see `Outcome`). */
	outcome(state: State | View): Outcome | null;
	/**
	 * Optional: the end reasons (`Outcome.reason`) that are digital safeguards, not the rules' normal
	 * end (e.g. a round limit that only keeps bot games finite). Bots are measured by how rarely their games end so.
	 */
	readonly safeguards?: readonly string[];
	/** Recompute every random draw from the revealed seed and compare it with the public log. */
	verify(game: RevealedGame<Config, Move, Entry>): RandomnessCheck;
	readonly texts: KindTexts<Entry, State | View>;
	/**
	 * Optional: reads an export written before export v2 (a kind's own older format) as v2, or
	 * refuses it. Only kinds that had exports before v2 need it (Giants: its v1 exports).
	 */
	legacyExport?(raw: unknown): Result<GameExportV2<Config, Move>>;
	/**
	 * Optional: the kind's position format (see `PositionFormat`): a game in progress written down,
	 * which `npm run scenario`, `POST /api/dev/scenario` and tests start from.
	 */
	readonly position?: PositionFormat<State>;
	/** Optional: standing answers (see `Standing`); kinds without a recurring decision leave it out. */
	readonly standing?: Standing<State, Move>;
	/**
	 * Optional (issue 32): decisions a seat may plan ahead while it waits (see `Queueing`); kinds
	 * without such decisions leave it out.
	 */
	readonly queue?: Queueing<View, Move>;
	/**
	 * Optional (issue 32): whose turn it is — the seat the rules give the turn to, whose own turn a
	 * decision of that seat is — or null in a phase that is nobody's turn (a sealed decision of all,
	 * a scoring). A decision of another seat is one the rules put in someone else's turn (a defence,
	 * a sacrifice). Read by `npm run bench:wakeups` (wake-ups split by own turns and others').
	 */
	turnOf?(state: State | View): Seat | null;
	/**
	 * Optional: true for a move that, alone, is no real decision of the seat's own game — it declines
	 * to act (a pass, a bid of nothing, an empty choice, declining a defence) or only acts for nobody's
	 * own position (a neutral colour's placement). Called only with moves `apply` accepted. Ratings
	 * (server/people/ratings.ts): a game in which a seat made no move but such ones, timeouts and
	 * the bot's moves rates nobody, so a second account that only passes cannot feed a rating.
	 * Kinds without such moves leave it out (every move of theirs is a decision).
	 */
	passive?(move: Move): boolean;
}

/**
 * A kind's position format (issue 29; docs/positions.md): a game in progress written down — hands,
 * displays, piles, tracks, whose turn, the decision awaited — secrets included, as JSON a person can
 * write. It is *read* where every test seam is read: the scenario extra `{ position, … }` of the
 * kind's `config(options, players, extra)`, which refuses an impossible position at once (code
 * `BAD_POSITION`, the message naming the rule or the conservation fact: every card and piece exactly
 * once), and `start(config, seed)` begins the game there. So a game from a position is an ordinary
 * game of its config and seed: it replays, exports and is verified like any other. A position holds
 * secrets, like a state: only the kind's `view` decides what a seat sees, from a position or not.
 */
export interface PositionFormat<State> {
	/**
	 * The scenario extra that starts a game at `state` (its `position`, and whatever else its start
	 * needs, e.g. colours and the start player): `config(options, state's seats, write(state))` and
	 * `start` with the state's seed give `state` back (tests/kinds/contract.test.ts checks it on
	 * states of random play). With `{ fresh: true }` (see `WriteOptions`), `start` with any seed gives
	 * the same game for every seat, with what nobody has seen drawn from that seed.
	 */
	write(state: State, opts?: WriteOptions): Record<string, unknown>;
	/** Where the format is documented (a docs/ path and section), for error messages and tools. */
	readonly doc: string;
}

/**
 * How `PositionFormat.write` writes a state (issue 34). `fresh`: leave out everything that only the
 * game's seed decided and nobody has seen — the generator's state, the order of face-down piles and
 * decks, what is still to be drawn — so that `start` with *another* seed draws all of it anew (a game
 * played on from a finished game's position has its own seed and commitment for everything random
 * from then on: a player who studied the finished game's history must not know the next draws).
 * Everything public or held by a seat (hands, displays, the board, whose turn, the decision
 * awaited) is written exactly as without it. Without `fresh` the state round-trips exactly with its
 * own seed.
 *
 * What is unseen follows the kind's rules on secrets (what is face down, and whether anyone saw its
 * order); what a seat holds secretly — a hand, a face-down card's kind, a sealed choice — is the
 * seat's knowledge, not the seed's, and stays. A format writes a pile left to the seed in a form its
 * reader shuffles from the seed (Rapa Nui and Moa: `{ top: [] }`, docs/positions.md "Fresh
 * positions"), so the new game's randomness check recomputes it. tests/kinds/contract.test.ts checks,
 * on states of random play: `write(start(config(write(s, fresh)), another seed), fresh)` equals
 * `write(s, fresh)`; the same seats are awaited with the same legal moves, status and outcome; every
 * seat's and the spectator's view of a running game differs only by the commitment; another seed
 * draws the unseen anew; a game played on from it is confirmed by `verify` with its own seed.
 */
export interface WriteOptions {
	fresh?: boolean;
}

/**
 * Standing answers (issue 13, Rapa Nui ): a seat's private, stored answer to a recurring
 * decision ("always fame"). Whenever that decision awaits the seat, the room plays the answer as the
 * seat's own move, at once, so the others see exactly what they see of a player who chose at once.
 * The answer itself is never shown to anyone but its seat; setting one is no move (no version).
 */
export interface Standing<State, Move> {
	/** The answers a seat may hold (ids the kind's UI words). */
	readonly answers: readonly string[];
	/** The move `answer` makes for `seat` now, or null when nothing it answers awaits the seat. */
	answer(state: State, seat: Seat, answer: string): Move | null;
}

/**
 * Plan ahead (issue 32, docs/api.md "Plan ahead"): while a seat waits, its player may queue its next
 * decisions — a list of steps, each an ordered list of alternatives ("a worker on H20; if that is not
 * possible, on H17"). Whenever a decision awaits the seat after another seat's move and the seat has a
 * queue whose first step `answers` it, the room takes that step: the first alternative that `due`
 * turns into a move is played as the seat's own move (as a standing answer is) and the step leaves
 * the queue; if none is, the whole queue is dropped and the player is woken (their "your turn"). A
 * first step that answers another decision waits, and the player is woken for this one. The queue is
 * private to the seat.
 *
 * Secrets: `check` and `due` see only the seat's own view, so nothing the player could not know
 * decides whether a queued move is accepted or played; `apply` then plays it on the state. A kind
 * must let only decisions whose legality its views tell exactly be queued (tests/kinds/queue.test.ts
 * checks `due(view) !== null` ⇔ `apply(state)` accepts, on states of random play).
 */
export interface Queueing<View, Move> {
	/**
	 * Whether `move` (untrusted JSON) may be queued by `seat` now, judged from the seat's view: a move
	 * of a queueable kind of decision, well formed, that could still be legal when it comes up. The
	 * refusal names the rule or says why (code `NOT_QUEUEABLE` or the kind's own).
	 */
	check(view: View, seat: Seat, move: unknown): Result<Move>;
	/**
	 * A decision awaits `seat` (its view is `view`): the move that plays the queued `move` now, or
	 * null when it is not legal now or answers another decision than the one awaited.
	 */
	due(view: View, seat: Seat, move: Move): Move | null;
	/**
	 * Optional: whether `move` is an answer to the decision that awaits `seat` now — legal or not. A
	 * step none of whose alternatives answers it waits for a later decision (the seat is woken for this
	 * one as usual, and the queue is kept); a step that answers it but cannot be played drops the queue.
	 * Without it every queued move answers whatever awaits the seat (a queue that meets another
	 * decision is dropped). E.g. a planned defence does not answer the seat's own turn.
	 */
	answers?(view: View, seat: Seat, move: Move): boolean;
	/**
	 * What the seat could queue now (the page offers these): each queueable move as it would be legal
	 * if the decision came up in the view as it is. [] when nothing can be planned now.
	 */
	options(view: View, seat: Seat): Move[];
	/**
	 * What a careful player would queue now while waiting — only what is safe (e.g. the rest of the
	 * round's placements); [] for nothing. The bots of `npm run bench:wakeups` plan with it.
	 */
	plan(view: View, seat: Seat, rng: RngState): Move[][];
}

/**
 * A kind as the platform holds it: its types erased to `unknown` (the platform never looks inside a
 * state, view, move or log entry; it only hands each back to the kind that made it).
 */
export type Kind = GameKind<unknown, unknown, unknown, unknown, unknown, unknown>;

/**
 * The one place a kind's types are erased, for the registry (src/lib/games/index.ts). Sound because
 * the platform gives a kind only what that kind produced: states from its own `start`/`apply`, views
 * from its own `view`, moves its own `apply` validates (they arrive as untrusted JSON and `apply`
 * takes `unknown`), configs from its own `config`. TypeScript cannot see that invariant, hence the
 * cast — here and nowhere else.
 */
export function erase<C, S, M, V, E, O>(kind: GameKind<C, S, M, V, E, O>): Kind {
	return kind as unknown as Kind;
}
