/**
 * Kinds registered besides the app's own: none in the app. The tests and a test build put
 * tests/games/extra.ts in this module's place (tests/kinds/test-kinds.js), which registers the test
 * kind Take-away the way src/lib/games/index.ts registers the real ones; the UI registry has the same
 * seam (src/lib/ui/extra.ts). So a kind that exists only for the tests is hosted by the very
 * registries the site uses, and the site's own build contains not a line of it.
 */
import type { Kind } from '$lib/engine';

export const extraKinds: Readonly<Record<string, Kind>> = {};
