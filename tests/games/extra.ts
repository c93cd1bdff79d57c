/**
 * The Worker tests' stand-in for src/lib/games/extra.ts (aliased in vitest.workers.config.ts): the
 * registry there gets the test-only kind Take-away besides the real ones.
 */
import type { AnyKind } from '$lib/engine';
import { takeaway } from './takeaway/kind';

export const extraKinds: readonly AnyKind[] = [takeaway];
