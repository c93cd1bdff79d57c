/**
 * The Rapa Nui rules page's worked examples as positions (issue 34) — data,
 * src/lib/games/rapanui/examples.json, checked by src/lib/games/rapanui/examples.test.ts — and the
 * kind whose engine explores them in the browser. Loaded only by /rules/rapanui/explore and the rules
 * page's links (src/lib/ui/kinds.ts `examples`), never by the game page.
 */
import { erase } from '$lib/engine';
import type { WorkedExample } from '$lib/engine/examples';
import { rapanuiKind } from '$lib/games/rapanui/kind';
import data from '$lib/games/rapanui/examples.json';

export const kind = erase(rapanuiKind);
export const examples = data as unknown as WorkedExample[];
