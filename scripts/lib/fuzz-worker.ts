/**
 * A worker thread of `npm run fuzz --jobs J` (scripts/fuzz.ts): loads the kind's fuzzer once, then
 * answers each chunk of game indices it is sent with the chunk's totals or its first failure.
 * It runs under the same loader as the main thread (tsx's `--import`, inherited through execArgv).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadFuzzer, runChunk } from './fuzz-run';

const { kind, seed, fuzzer } = workerData as { kind: string; seed: string; fuzzer?: string };
const fuzzGame = await loadFuzzer(kind, fuzzer);
const port = parentPort!;
port.on('message', ({ start, end }: { start: number; end: number }) => port.postMessage(runChunk(fuzzGame, start, end, seed)));
