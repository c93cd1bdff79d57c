export * from './types';
export { replay } from './replay';
export { cloneJson, jsonEqual } from './clone';
export { commitSeed, seedRng, next, below, type RngState } from './rng';
