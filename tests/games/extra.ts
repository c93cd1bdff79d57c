/**
 * The Worker tests' stand-in for src/lib/games/extra.ts (aliased in vitest.workers.config.ts): the
 * registry there gets the test-only kind Take-away besides the real ones.
 */
import { erase, type Kind } from '$lib/engine';
import { takeaway } from './takeaway/kind';

export const extraKinds: readonly Kind[] = [erase(takeaway)];
