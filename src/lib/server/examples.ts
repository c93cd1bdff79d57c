/**
 * A rules page's worked example as the start of a played-on game (issue 34: "positions from the rules
 * pages' worked examples … can be opened the same way"), for `POST /api/games/playon`'s
 * `{ example, id, … }`: the example's position started with the kind's `config` and `start` and the
 * example's fixed seed (engine/examples.ts `startExample`), so the route replays the explored line
 * on `state` and writes it fresh as for a tutorial's step. The examples come from the games registry
 * (`examplesOf`), the same files the UI registry's `examples` loads for the pages: server code never
 * imports UI code (tests/plugin-boundary.test.ts). Names no kind.
 */
import type { Kind, Seat } from '$lib/engine';
import { startExample } from '$lib/engine/examples';
import { examplesOf, kindOf } from '$lib/games';

export interface ExamplePosition {
	kind: Kind;
	/** The game at the example's position, before the decision it explains. */
	state: unknown;
	/** The options as the kind's schema read them. */
	options: unknown;
	players: number;
	/** The seat whose decision the example explains (the caller's default seat). */
	seat: Seat;
}

/**
 * The example `id` of kind `kindId` started, or null for an unknown kind, a kind without examples or
 * an unknown id (the route answers 404). An example that its kind refuses (it no longer fits the
 * rules) is a bug the unit tests catch; should one be deployed anyway it is null here too, never a 500.
 */
export async function examplePosition(kindId: string, id: string): Promise<ExamplePosition | null> {
	const kind = kindOf(kindId);
	const examples = kind && (await examplesOf(kind.id));
	const example = examples?.find((e) => e.id === id);
	if (!kind || !example) return null;
	const started = startExample(kind, example);
	return started.ok ? { kind, ...started.value } : null;
}
