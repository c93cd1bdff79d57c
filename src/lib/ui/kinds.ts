/**
 * The UI registry (issue 11): per game kind, its components, each loaded lazily so a page carries
 * only the code of the kind it shows. With src/lib/games/index.ts the only platform files that name
 * every kind; a kind registered there without an entry here is a compile error (`KindId`), and
 * tests/kinds/registry.test.ts checks that every entry loads. docs/adding-a-game.md says what each
 * component receives.
 */
import type { Component, Snippet } from 'svelte';
import type { Kind } from '$lib/engine';
import type { TutorialScript } from '$lib/engine/tutorial';
import type { WorkedExample } from '$lib/engine/examples';
import type { RoomView } from '$lib/protocol/room';
import type { LogLine } from './gameSocket.svelte';
import type { KindId } from '$lib/games';
import { extraRules, extraUI } from '$lib/ui/extra';

/** What the game page gives the kind's game component. */
export interface GameProps {
	room: RoomView;
	/** Newest first. */
	lines: LogLine[];
	name: (seat: number) => string;
	/** A move is on its way: the composer waits. */
	busy: boolean;
	/**
	 * The version the viewer last looked at before this visit (RoomView.seenVersion): the kind shows
	 * what happened since (issue 12). Null on a first visit and for spectators.
	 */
	since: number | null;
	/**
	 * The kind's move (its engine validates it; a refusal comes back as the page's error). `more`
	 * (issue 32, a whole turn in one visit): further moves of the seat's turn, composed on the table
	 * where no new information comes between them, sent together and played right after `move` — all
	 * of them or, if any is refused, none.
	 */
	submit: (move: unknown, more?: unknown[]) => void;
	/**
	 * For kinds with standing answers (engine/kind.ts `Standing`): the viewer's current one (null:
	 * none) and a way to set or clear it. Undefined for spectators and for kinds without them.
	 */
	standing?: string | null;
	setStanding?: (answer: string | null) => void;
	/**
	 * Plan ahead (issue 32, engine/kind.ts `Queueing`): for a seated player of a kind with queues in a
	 * running game, the queued steps (each an ordered list of alternatives, first tried first) and a
	 * way to replace them all (the page sends them; the room checks each move with `queue.check`).
	 * Undefined for spectators and kinds without queues. While nothing awaits the seat, the kind's
	 * composer offers `queue.options(view, seat)` and, instead of Confirm, "Plan this move" (a new
	 * step) and "…or else this" (an alternative of the last step). The page lists and edits the queue
	 * itself (src/lib/ui/QueuePanel.svelte), in the words of `GameModule.moveText`.
	 */
	queue?: unknown[][];
	setQueue?: (steps: unknown[][]) => void;
	/**
	 * The platform's clocks of a running game (empty otherwise), for the kind to place where its
	 * layout has room. Rendered by the page's own code, so every kind's chunk stays free of it.
	 */
	clocks: Snippet;
}

/**
 * What a kind's history component gets (the platform history page, src/lib/ui/history/): the full
 * state after `step` of a finished game — everything is revealed now (G-0.3, R-8.2, M-0.2), so it may
 * show hands and sealed decisions — to draw its board and panels, with the final score at the last
 * step. The page around it steps, words the step and checks the randomness.
 */
export interface HistoryBoardProps {
	state: unknown;
	step: number;
	last: number;
	name: (seat: number) => string;
}

/**
 * What a kind's score sheet gets on the platform's end screen (src/lib/ui/EndScreen.svelte): the
 * finished game's view (the viewer's own; everything is revealed at the end) and the seats' names.
 * The screen says the result above it (engine/outcome.ts), so the sheet need not repeat who won; it
 * must keep every player's total visible at 390 px (mark each total's cell `data-total`).
 */
export interface ScoreSheetProps {
	view: unknown;
	name: (seat: number) => string;
}

/** A kind's rules page body (with its own title, no props): `/rules/<kind>`, registered in KIND_RULES. */
export type RulesLoader = () => Promise<{ default: Component }>;

/**
 * "What can I do now?" (issue 31): the legal options of the viewer's seat in words (null when nothing
 * awaits the seat, and for spectators), and the rule (a rule number such as "R-4", or a section id of
 * the kind's rules page) of the phase being played, which the page links for everybody.
 */
export interface Help {
	now: string | null;
	rule: string;
}

/** The game page's module of a kind (`KindUI.game`). */
export interface GameModule {
	default: Component<GameProps>;
	/** The page's status line from a view. */
	statusText(view: unknown): string;
	/**
	 * Optional (issue 31): what the viewer's seat can do now, in words, with the phase's rule (`Help`);
	 * `seat` is null for spectators. Null only when the kind has nothing to say (e.g. no view).
	 */
	help?(view: unknown, seat: number | null): Help | null;
	/**
	 * Optional (issue 31): an engine refusal's code in the user's words, or null for a code the kind
	 * does not word. The page adds the rule the engine's message names, linked to the rules page.
	 */
	refusal?(code: string): string | null;
	/**
	 * Optional (issue 32), required for kinds with queues: one move of the viewer's seat in words, short
	 * ("Worker on H20"), for the plan-ahead list; `view` is the viewer's view now.
	 */
	moveText?(move: unknown, view: unknown, name: (seat: number) => string): string;
}

export interface KindUI {
	/** The game page's body and its words (`GameModule`). */
	game(): Promise<GameModule>;
	/**
	 * The board and panels of the history page at a step (`HistoryBoardProps`), and the kind itself
	 * (the page replays the game with it): loaded together, so the page carries one kind's engine.
	 */
	history(): Promise<{ default: Component<HistoryBoardProps>; kind: Kind }>;
	/** The kind's options in the lobby's create form (bound; the kind's schema fills defaults). */
	options(): Promise<{ default: Component<{ options: Record<string, unknown> }, object, 'options'> }>;
	/** A small decorative picture for the lobby. */
	picture(): Promise<{ default: Component }>;
	/** The final score of a finished game, on the platform's end screen (`ScoreSheetProps`). */
	scoreSheet(): Promise<{ default: Component<ScoreSheetProps> }>;
	/**
	 * Optional (issue 31): the kind's tutorial — its script (data, engine/tutorial.ts) and the kind
	 * whose engine plays it in the browser — for `/learn/<kind>`. Kinds without one are not offered.
	 */
	tutorial?(): Promise<{ kind: Kind; script: TutorialScript }>;
	/**
	 * Optional (issue 34): the worked examples of the kind's rules page as positions (data,
	 * engine/examples.ts) and the kind whose engine explores them in the browser, for
	 * `/rules/<kind>/explore?example=<id>`. The rules page links each example that is listed here.
	 */
	examples?(): Promise<{ kind: Kind; examples: WorkedExample[] }>;
}

const REGISTERED = {
	giants: {
		game: () => import('./giants/GameView.svelte'),
		history: () => import('./giants/HistoryBoard.svelte'),
		options: () => import('./giants/Options.svelte'),
		picture: () => import('./giants/Picture.svelte'),
		scoreSheet: () => import('./giants/ScoreSheet.svelte'),
		tutorial: () => import('./giants/tutorial')
	},
	rapanui: {
		game: () => import('./rapanui/GameView.svelte'),
		history: () => import('./rapanui/HistoryBoard.svelte'),
		options: () => import('./rapanui/Options.svelte'),
		picture: () => import('./rapanui/Picture.svelte'),
		scoreSheet: () => import('./rapanui/ScoreSheet.svelte'),
		tutorial: () => import('./rapanui/tutorial'),
		examples: () => import('./rapanui/examples')
	},
	moa: {
		game: () => import('./moa/GameView.svelte'),
		history: () => import('./moa/HistoryBoard.svelte'),
		options: () => import('./moa/Options.svelte'),
		picture: () => import('./moa/Picture.svelte'),
		scoreSheet: () => import('./moa/ScoreSheet.svelte'),
		tutorial: () => import('./moa/tutorial'),
		examples: () => import('./moa/examples')
	}
} satisfies Record<KindId, KindUI>;

/** The app's kinds' UI and, in the tests and a test build, the test kinds' (src/lib/ui/extra.ts). */
export const KIND_UI: Readonly<Record<string, KindUI>> = { ...REGISTERED, ...extraUI };

/**
 * The rules page's body of each kind (with its own title), apart from KIND_UI: `/rules/<kind>` is
 * prerendered, and a loader in KIND_UI, which the server-rendered pages import, would put every
 * kind's rules into the Worker's bundle although no request there renders them (issue 29; the
 * bundle's budget is checked by scripts/bundle-size.ts). Unused there, this map is dropped.
 */
const RULES = {
	giants: () => import('./giants/Rules.svelte'),
	rapanui: () => import('./rapanui/Rules.svelte'),
	moa: () => import('./moa/Rules.svelte')
} satisfies Record<KindId, RulesLoader>;

export const KIND_RULES: Readonly<Record<string, RulesLoader>> = { ...RULES, ...extraRules };

/** The UI of a kind, or null for one this build does not show (the page says so). */
export function kindUI(kind: string): KindUI | null {
	return Object.hasOwn(KIND_UI, kind) ? KIND_UI[kind] : null;
}
