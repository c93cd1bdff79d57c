/**
 * Worked examples (issue 34: "positions from the rules pages' worked examples … can be opened the
 * same way" as a finished game's step): each example of a kind's rules page written as a position in
 * the kind's own format (docs/positions.md) — the situation just before the decision the example
 * explains — so the explorer can open it and "Play on from here" can start a game there. Data in the
 * kind's folder (`src/lib/games/<kind>/examples.json`), loaded lazily by the UI registry
 * (src/lib/ui/kinds.ts `examples`) and by the games registry for the server
 * (src/lib/games/index.ts `examplesOf`; server code never imports UI code, tests/plugin-boundary.test.ts).
 * Pure, and no kind named: every rule is the kind's `config` and `start`.
 */
import * as v from 'valibot';
import type { Kind } from './kind';
import { fail, ok, type Result, type Seat } from './types';

export interface WorkedExample {
	/** Unique within the kind: lowercase words with dashes (it is a link's `?example=`). */
	id: string;
	/** The rule number the example stands under on the rules page (its anchor: `/rules/<kind>#<rule>`). */
	rule: string;
	players: number;
	/** Every seat's name, by seat: the people the example's text names (Sandra, Patrick, …). */
	names: string[];
	/** The game's options as the kind's schema reads them (defaults filled by it). */
	options: Record<string, unknown>;
	/** The kind's scenario extra (`{ position, colours?, startPlayer? }`, docs/positions.md). */
	scenario: unknown;
	/** The seat whose decision the example explains. */
	seat: Seat;
}

/** The fixed seed an example starts with: what the position leaves to chance is the same every time. */
export function exampleSeed(id: string): string {
	return `example-${id}`;
}

/** An example's id, as the explorer's link and the play-on body carry it. */
export const EXAMPLE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An example started: its state (before the decision), the options the kind read, and its seat count. */
export interface StartedExample {
	state: unknown;
	options: unknown;
	players: number;
	seat: Seat;
}

/**
 * The example's game at its position: the kind's options schema, `config` (which refuses an
 * impossible position, BAD_POSITION with the rule) and `start` with `exampleSeed(id)`. A failure is
 * a value (an example that no longer fits its rules fails the tests, src/lib/games/examples.test.ts).
 */
export function startExample(kind: Kind, example: WorkedExample): Result<StartedExample> {
	const options = v.safeParse(kind.options, example.options ?? {});
	if (!options.success) return fail('BAD_EXAMPLE', `example ${example.id}: its options are not the kind's`);
	const config = kind.config(options.output, example.players, example.scenario);
	if (!config.ok) return config;
	const started = kind.start(config.value, exampleSeed(example.id));
	if (!started.ok) return started;
	return ok({ state: started.value.state, options: options.output, players: example.players, seat: example.seat });
}
