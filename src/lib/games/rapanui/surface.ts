/**
 * Rapa Nui's public surface for the UI (issue 29; src/lib/ui/surface.test.ts): what a page may import of
 * the engine besides the words (`./text`) and the plug-in (`./kind`). index.ts re-exports all of it
 * with the `Game` itself; the UI imports it from here so the game page loads the engine's answers
 * and data without the engine's setup, course of play and move schema (index.ts, for the history
 * and tests, brings those). Legality, costs and scoring are the engine's answers here; the UI never
 * computes them.
 */
export type * from './types';
export { legalMoves } from './legal';
export { scores, standings } from './score';
export { leadsToThreeMoai, moaiAmount, woodCost } from './offers';
export { KINDS, TYPES, displayCount, offeringTotal, offeringValues, pileTypes, typeOf } from './rules';
export { options as queueOptions } from './queue';
export { ahead } from './ahead';
