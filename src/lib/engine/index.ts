export * from './types';
export { replay, replaySteps, type OnStep, type Steps } from './replay';
export { cloneJson, jsonEqual } from './clone';
export { next, below, type RngState } from './rng';
export { commitSeed, seedRng } from './seed';
export type { AnyKind, Bot, DrawCheck, GameKind, KindTexts, LogBatch, Outcome, RandomnessCheck, RevealedGame, Standing, StatusLine } from './kind';
export { buildExport, replayExport, EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportedMove, type ExportInput, type GameExportV2, type ReplayCheck } from './export';
export { playOut, randomLegal, type PlayOutOptions, type PlayedOut } from './playout';
export { check as fuzzCheck, deepFreeze, fuzzContract, FuzzFailure, type FuzzGameResult } from './fuzz';
