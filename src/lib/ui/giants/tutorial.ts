/**
 * "Learn Giants" (issue 31): the tutorial's script — data, src/lib/games/giants/tutorial.json — and
 * the kind whose engine plays it in the browser. Loaded only by /learn/giants (src/lib/ui/kinds.ts
 * `tutorial`), never by the game page: the script is 25 KB the game page's budget has no room for.
 */
import { erase } from '$lib/engine';
import type { TutorialScript } from '$lib/engine/tutorial';
import { giantsKind } from '$lib/games/giants/kind';
import tutorial from '$lib/games/giants/tutorial.json';
import { loadTerms } from './terms.svelte';

export const kind = erase(giantsKind);
export const script = tutorial as TutorialScript;

// The learn page teaches: the table's terms are there from the start (the game page loads them at
// the player's first interaction, for its budget; terms.svelte.ts).
loadTerms();
