/**
 * Moa's tutorial (issue 31) for /learn/moa: the script (data, src/lib/games/moa/tutorial.json,
 * engine/tutorial.ts's format) and the kind whose engine plays it in the browser. Loaded only by the
 * learn page (src/lib/ui/kinds.ts `tutorial`), never by the game page (docs/benchmarks.md's budget).
 */
import { erase } from '$lib/engine';
import type { TutorialScript } from '$lib/engine/tutorial';
import { moaKind } from '$lib/games/moa/kind';
import data from '$lib/games/moa/tutorial.json';

export const kind = erase(moaKind);
export const script = data as TutorialScript;
