export * from './types';
export { replay } from './replay';
export { cloneJson, jsonEqual } from './clone';
export { next, below, type RngState } from './rng';
export { commitSeed, seedRng } from './seed';
