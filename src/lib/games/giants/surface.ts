/**
 * Giants's public surface for the UI (issue 29; src/lib/ui/surface.test.ts): what a page may import of
 * the engine besides the words (`./text`) and the plug-in (`./kind`). index.ts re-exports all of it
 * with the `Game` itself; the UI imports it from here so the game page loads the engine's answers
 * and data without the engine's setup, course of play and move schema (index.ts, for the history
 * and tests, brings those). Legality, costs and scoring are the engine's answers here; the UI never
 * computes them.
 */
export type * from './types';
export { legalMoves, activeSeats, transportOptions } from './legal';
export { scores } from './score';
export { placing, queueOptions, turnOf } from './queueOptions';
export { carryInfo } from './carry';
export { transportStep, borrowOptions, type TransportStep, type BorrowOption, type PathHex } from './steps';
export { AHU, AHUS, HEX, HEXES, type AhuData, type HexData, type HexType } from './board';
export { outcome } from './score';
