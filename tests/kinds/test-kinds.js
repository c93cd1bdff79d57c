/**
 * The test kinds' seam (issue 29; docs/adding-a-game.md "A kind for the tests only"): the registries
 * import their extra entries from `$lib/games/extra` and `$lib/ui/extra`, empty in the app. This Vite
 * plugin resolves those two specifiers to the test registries under tests/ instead — in the Node
 * tests (vite.config.ts, mode `test`), the Worker tests (vitest.workers.config.ts) and a test build
 * (`vite build --mode test`) — so a test kind such as Take-away is hosted by the same registries as
 * the real kinds while the site's build (`npm run build`, mode `production`) holds not a line of it.
 * No `if (kind === …)`: the site and the tests differ only in which module a specifier names.
 * (A plugin, not a `resolve.alias`: SvelteKit's own `$lib` alias would match first, so the plugin
 * sees the specifiers resolved to the app's files.)
 */
import { fileURLToPath } from 'node:url';

/** @param {string} p */
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** The app's (empty) lists, as `$lib/…` (Vite's aliases run first) resolves them, and their stand-ins. */
const TEST_REGISTRIES = new Map([
	[here('../../src/lib/games/extra'), here('../games/extra.ts')],
	[here('../../src/lib/ui/extra'), here('../ui/extra.ts')]
]);

/**
 * JavaScript (typed by JSDoc) so that both Vite configs import it by its own name.
 * @returns {import('vite').Plugin}
 */
export function testKinds() {
	return {
		name: 'rongo:test-kinds',
		enforce: 'pre',
		resolveId: (/** @type {string} */ id) => TEST_REGISTRIES.get(id.replace(/\.ts$/, '')) ?? null
	};
}
