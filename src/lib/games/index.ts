/**
 * The registry of game kinds (issue 11): the only platform file that names every kind. Adding a
 * kind is its own folders plus one line here (and one in the UI registry, src/lib/ui/kinds.ts);
 * docs/adding-a-game.md has the steps.
 */
import type { AnyKind } from '$lib/engine';
import { extraKinds } from '$lib/games/extra';
import { giantsKind } from './giants/kind';
import { rapanuiKind } from './rapanui/kind';
import { moaKind } from './moa/kind';

export const KINDS: readonly AnyKind[] = [giantsKind, rapanuiKind, moaKind, ...extraKinds];

/**
 * Records from before kinds (issue 11: stored notification events, v1 exports) name no kind: they
 * are all games of the first kind, the only one there was.
 */
export const FIRST_KIND: AnyKind = giantsKind;

const BY_ID = new Map(KINDS.map((k) => [k.id, k]));

/** The kind with this id, or null (a stored game of an unknown kind is refused, never guessed). */
export function kindOf(id: unknown): AnyKind | null {
	return typeof id === 'string' ? (BY_ID.get(id) ?? null) : null;
}

/** Every registered kind id, in the registry's order (lobby, archive filter, API validation). */
export const KIND_IDS: readonly string[] = KINDS.map((k) => k.id);
