/**
 * Tutorials (issue 31): a short guided game of a kind, played in the browser with the kind's real
 * engine against scripted opponents. A kind's tutorial is *data* — a JSON file of steps (its UI
 * registers it, src/lib/ui/kinds.ts `tutorial`) — so it can be corrected without touching code, and
 * tests/kinds/tutorials.test.ts replays every script through its engine: a rule change that breaks
 * a tutorial fails CI. docs/tutorials.md describes the format; this module is its only reader.
 *
 * Pure and shared (conventions §1): the learn page (src/routes/learn/[game]) and the test run the
 * same functions.
 */
import * as v from 'valibot';
import type { Kind } from './kind';
import { jsonEqual } from './clone';
import { fail, ok, type Failure, type Result, type Seat } from './types';
import type { LogBatch } from './kind';

/** A text of the tutorial in every language of the site (a script is data: its words live in it). */
export interface TutorialText {
	en: string;
	de: string;
}

/** A move the script makes by itself: a scripted opponent's, or one the coach plays for the learner. */
export interface ScriptedMove {
	seat: Seat;
	move: unknown;
}

export interface TutorialStep {
	/** Stable and unique in its script (progress, tests, screenshots): lowercase words with dashes. */
	id: string;
	/** What the coach says: a sentence or two. */
	say: TutorialText;
	/**
	 * A CSS selector of the part of the table the step is about: the coach outlines it and scrolls
	 * it into view. Optional (a step about the whole table points at nothing).
	 */
	point?: string;
	/**
	 * The move the learner is to make. Absent: an explanation, and the coach waits for "Next". A move
	 * counts as this one when it leads to the same game (the same state), however the UI wrote it.
	 */
	expect?: unknown;
	/**
	 * The clicks that make `expect` on the table, in order (CSS selectors): the coach's "Show me"
	 * outlines the next one, and the end-to-end test follows them (tests/e2e/learn.e2e.ts).
	 */
	do?: string[];
	/** Said when the learner makes another legal move: why the suggested one is the point here. */
	other?: TutorialText;
	/**
	 * Optional, for the end-to-end test (tests/e2e/learn.e2e.ts): clicks that make another legal
	 * move here (the coach must answer with `other`), and clicks that try one the rules refuse (the
	 * coach must give the engine's reason in words). Never played: the learner's game stays as it is.
	 */
	tryOther?: string[];
	tryRefused?: string[];
	/** Moves that follow by themselves after this step (after `expect`, or after "Next"). */
	then?: ScriptedMove[];
}

export interface TutorialScript {
	/** The kind's id. */
	kind: string;
	/** The game's options as the kind's schema reads them (defaults filled by it). */
	options: Record<string, unknown>;
	players: number;
	/** A fixed seed: the tutorial deals the same every time. */
	seed: string;
	/** The kind's scenario extra (e.g. `{ position }`, docs/positions.md), or absent for a plain start. */
	scenario?: unknown;
	/** The learner's seat. */
	seat: Seat;
	/** Every seat's name (the learner's is shown as "you" by the page), by seat. */
	names: string[];
	/** About how long it takes, for the links ("about 12 minutes"). */
	minutes: number;
	steps: TutorialStep[];
}

/** A tutorial under way: the game as it stands and its log, as the game page's socket would have it. */
export interface TutorialGame {
	state: unknown;
	/** The log of every version so far (version 0: the start). */
	log: LogBatch[];
	version: number;
}

/** The tutorial's game at its start (the script's options, players, seed and scenario). */
export function startTutorial(kind: Kind, script: TutorialScript): Result<TutorialGame> {
	if (script.kind !== kind.id) return fail('BAD_TUTORIAL', `the script is for ${script.kind}, not ${kind.id}`);
	const options = kindOptions(kind, script.options);
	if (!options.ok) return options;
	const config = kind.config(options.value, script.players, script.scenario);
	if (!config.ok) return config;
	const started = kind.start(config.value, script.seed);
	if (!started.ok) return started;
	return ok({ state: started.value.state, log: [{ version: 0, log: started.value.log }], version: 0 });
}

function kindOptions(kind: Kind, raw: unknown): Result<unknown> {
	const r = v.safeParse(kind.options, raw ?? {});
	return r.success ? ok(r.output) : fail('BAD_TUTORIAL', "the script's options are not the kind's");
}

/** Plays `move` for `seat`; a refusal is the engine's own (its code and message name the rule). */
export function play(kind: Kind, game: TutorialGame, seat: Seat, move: unknown): Result<TutorialGame> {
	const r = kind.apply(game.state, seat, move);
	if (!r.ok) return r;
	const version = game.version + 1;
	return ok({ state: r.value.state, log: [...game.log, { version, log: r.value.log }], version });
}

/** Plays the script's own moves in order; the first refusal ends it (the script no longer fits the rules). */
export function playAll(kind: Kind, game: TutorialGame, moves: readonly ScriptedMove[] | undefined): Result<TutorialGame> {
	let g = game;
	for (const [i, m] of (moves ?? []).entries()) {
		const r = play(kind, g, m.seat, m.move);
		if (!r.ok) return fail(r.code, `scripted move ${i + 1} (seat ${m.seat}): ${r.message}`);
		g = r.value;
	}
	return ok(g);
}

/** What became of a move the learner made at a step. */
export type Attempt =
	/** The suggested move (or one leading to the same game): played, with the step's `then`. */
	| { kind: 'done'; game: TutorialGame }
	/** A legal move, but not this step's point: not played. */
	| { kind: 'other' }
	/** Refused by the engine: its reason, not played. */
	| { kind: 'refused'; failure: Failure }
	/** The step awaits "Next", not a move. */
	| { kind: 'explain' };

/** The learner (seat `script.seat`) made `move` at `step`. */
export function attempt(kind: Kind, script: TutorialScript, game: TutorialGame, step: TutorialStep, move: unknown): Attempt {
	const mine = play(kind, game, script.seat, move);
	if (!mine.ok) return { kind: 'refused', failure: mine };
	if (step.expect === undefined) return { kind: 'explain' };
	const wanted = play(kind, game, script.seat, step.expect);
	if (!wanted.ok || !jsonEqual(wanted.value.state, mine.value.state)) return { kind: 'other' };
	const after = playAll(kind, wanted.value, step.then);
	// A script that no longer fits the rules is caught by the replay test; the page shows the game as it is.
	return { kind: 'done', game: after.ok ? after.value : wanted.value };
}

/** Past an explanation step ("Next"): its `then` moves. */
export function next(kind: Kind, game: TutorialGame, step: TutorialStep): Result<TutorialGame> {
	return playAll(kind, game, step.then);
}

/**
 * The whole script played through, as the test replays it and the page resumes: the game before
 * each step (`before[i]`) and at the end. Refused with the step's id when a step does not fit: its
 * expected move is refused, or it is not the learner's turn when a move is expected.
 */
export function replayTutorial(kind: Kind, script: TutorialScript): Result<{ before: TutorialGame[]; end: TutorialGame }> {
	const start = startTutorial(kind, script);
	if (!start.ok) return start;
	let g = start.value;
	const before: TutorialGame[] = [];
	const ids = new Set<string>();
	for (const step of script.steps) {
		if (ids.has(step.id)) return fail('BAD_TUTORIAL', `step ids must be unique: ${step.id}`);
		ids.add(step.id);
		before.push(g);
		if (step.expect !== undefined) {
			if (!kind.activeSeats(g.state).includes(script.seat))
				return fail('BAD_TUTORIAL', `step ${step.id}: a move is expected but the learner's seat is not awaited`);
			const r = play(kind, g, script.seat, step.expect);
			if (!r.ok) return fail(r.code, `step ${step.id}: the expected move is refused: ${r.message}`);
			g = r.value;
		}
		const t = playAll(kind, g, step.then);
		if (!t.ok) return fail(t.code, `step ${step.id}: ${t.message}`);
		g = t.value;
	}
	return ok({ before, end: g });
}

/** The step's words in `locale` (English when the script lacks that language). */
export function say(text: TutorialText, locale: string): string {
	return (text as unknown as Record<string, string>)[locale] ?? text.en;
}
