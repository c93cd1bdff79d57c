/**
 * Kinds registered besides the real ones: none in the app. The Worker tests alias this module to
 * `tests/games/extra.ts` (vitest.workers.config.ts), which registers a tiny test-only kind, so the
 * unchanged platform can be shown to host a second game end to end (issue 11).
 */
import type { Kind } from '$lib/engine';

export const extraKinds: readonly Kind[] = [];
