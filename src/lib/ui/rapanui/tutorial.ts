/**
 * "Learn Rapa Nui" (issue 31): the tutorial's script — data, src/lib/games/rapanui/tutorial.json,
 * replayed by tests/kinds/tutorials.test.ts and src/lib/games/rapanui/tutorial.test.ts — and the kind
 * whose engine plays it in the browser. Loaded only by /learn/rapanui (src/lib/ui/kinds.ts
 * `tutorial`), never by the game page.
 */
import { erase } from '$lib/engine';
import type { TutorialScript } from '$lib/engine/tutorial';
import { rapanuiKind } from '$lib/games/rapanui/kind';
import data from '$lib/games/rapanui/tutorial.json';

export const kind = erase(rapanuiKind);
export const script = data as unknown as TutorialScript;
