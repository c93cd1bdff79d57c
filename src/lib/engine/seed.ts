/**
 * Seeding the generator and the seed's public commitment (the derivation is described in rng.ts).
 * A module of its own so that the browser's legal-move helpers, which only draw (rng.ts), do not
 * bundle SHA-256.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { next, type RngState } from './rng';

const utf8 = new TextEncoder();

/** Hex SHA-256 of the seed: the public commitment shown in every view from the start. */
export function commitSeed(seed: string): string {
	return encodeHexLowerCase(sha256(utf8.encode(seed)));
}

export function seedRng(seed: string): RngState {
	const key = sha256(utf8.encode('rongo-rng:' + seed));
	const view = new DataView(key.buffer, key.byteOffset, key.byteLength);
	const s: RngState = [view.getUint32(0), view.getUint32(4), view.getUint32(8), view.getUint32(12)];
	for (let i = 0; i < 12; i++) next(s);
	return s;
}

