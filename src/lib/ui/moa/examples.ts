/**
 * The Moa rules page's worked examples as positions (issue 34) — data,
 * src/lib/games/moa/examples.json, checked by src/lib/games/moa/examples.test.ts — and the
 * kind whose engine explores them in the browser. Loaded only by /rules/moa/explore and the rules
 * page's links (src/lib/ui/kinds.ts `examples`), never by the game page.
 */
import { erase } from '$lib/engine';
import type { WorkedExample } from '$lib/engine/examples';
import { moaKind } from '$lib/games/moa/kind';
import data from '$lib/games/moa/examples.json';

export const kind = erase(moaKind);
export const examples = data as unknown as WorkedExample[];
