/**
 * The registry of game kinds (issue 11; issue 29): the only platform file that names every kind's
 * engine. A kind is one entry here, one in the UI registry (src/lib/ui/kinds.ts — a missing one is a
 * compile error there, `KindId`) and its message files in project.inlang/settings.json; the registry
 * test (tests/kinds/registry.test.ts) fails when a kind lacks any part. docs/adding-a-game.md has
 * the steps. The order of the entries carries no meaning: lists sort kinds by name. Test kinds
 * (Take-away) come from `$lib/games/extra`, empty in the app and filled in the tests and a test build.
 */
import { erase, type Kind } from '$lib/engine';
import type { WorkedExample } from '$lib/engine/examples';
import { extraKinds } from '$lib/games/extra';
import { giantsKind } from './giants/kind';
import { rapanuiKind } from './rapanui/kind';
import { moaKind } from './moa/kind';

const REGISTERED = {
	giants: erase(giantsKind),
	rapanui: erase(rapanuiKind),
	moa: erase(moaKind)
} as const;

/** The id of a kind the app ships (test kinds, `extraKinds`, come on top in the tests). */
export type KindId = keyof typeof REGISTERED;

/** Every registered kind: the app's and, in the tests and a test build, the test kinds. */
export const KINDS: readonly Kind[] = [...Object.values(REGISTERED), ...Object.values(extraKinds)];

/**
 * Records from before kinds (issue 11: stored notification events, v1 exports) name no kind: they
 * are all games of Giants, the only kind there was then. Said by name, not by a position in a list.
 */
export const LEGACY_KIND_ID: KindId = 'giants';

const BY_ID = new Map(KINDS.map((k) => [k.id, k]));

/** The kind with this id, or null (a stored game of an unknown kind is refused, never guessed). */
export function kindOf(id: unknown): Kind | null {
	return typeof id === 'string' ? (BY_ID.get(id) ?? null) : null;
}

/** Every registered kind id, sorted (API validation, the archive filter); no position means anything. */
export const KIND_IDS: readonly string[] = KINDS.map((k) => k.id).sort();

/**
 * The rules pages' worked examples as positions (issue 34; engine/examples.ts), for the server's
 * "Play on from here" (server/examples.ts): loaded lazily, one kind's file on its first request. The
 * pages load the same files through the UI registry (src/lib/ui/kinds.ts `examples`), since server
 * code never imports UI code; tests/kinds/examples.test.ts checks that both registries list the same.
 */
const EXAMPLES: Partial<Record<KindId, () => Promise<{ default: unknown }>>> = {
	rapanui: () => import('./rapanui/examples.json'),
	moa: () => import('./moa/examples.json')
};

/** The worked examples of a kind, or null for a kind without any (or no such kind). */
export async function examplesOf(id: string): Promise<WorkedExample[] | null> {
	const load = Object.hasOwn(EXAMPLES, id) ? EXAMPLES[id as KindId] : undefined;
	return load ? ((await load()).default as WorkedExample[]) : null;
}
