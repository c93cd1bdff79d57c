/**
 * The engine registry's test kinds (in place of src/lib/games/extra.ts in the tests and a test
 * build: tests/kinds/test-kinds.js). One entry per kind, as in src/lib/games/index.ts.
 */
import { erase, type Kind } from '$lib/engine';
import { takeaway } from './takeaway/kind';

export const extraKinds: Readonly<Record<string, Kind>> = {
	takeaway: erase(takeaway)
};
