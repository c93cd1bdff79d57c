/**
 * Seeding the generator and the seed's public commitment (the derivation is described in rng.ts).
 * A module of its own so that the browser's legal-move helpers, which only draw (rng.ts), do not
 * bundle SHA-256.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { next, type RngState } from './rng';

// A function, not a module-level `new TextEncoder()`: a top-level `new` is a side effect to the
// bundler, which then loads this module (and SHA-256 with it) on every page that imports anything
// sharing its chunk, used or not.
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Hex SHA-256 of the seed: the public commitment shown in every view from the start. */
export function commitSeed(seed: string): string {
	return encodeHexLowerCase(sha256(utf8(seed)));
}

export function seedRng(seed: string): RngState {
	const key = sha256(utf8('rongo-rng:' + seed));
	const view = new DataView(key.buffer, key.byteOffset, key.byteLength);
	const s: RngState = [view.getUint32(0), view.getUint32(4), view.getUint32(8), view.getUint32(12)];
	for (let i = 0; i < 12; i++) next(s);
	return s;
}

