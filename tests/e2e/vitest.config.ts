// End-to-end tests (conventions §13): a real Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core) against the built app under `wrangler dev` with its own fresh local D1 and
// Durable Object state. Run after `npm run build` (`npm test` does both). Plain Node: no
// SvelteKit plugin, no workerd pool.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './sequencer';

export default defineConfig({
	// The tests drive the game with the engine's own bots, which import through $lib.
	resolve: { alias: { $lib: fileURLToPath(new URL('../../src/lib', import.meta.url)) } },
	test: {
		include: ['tests/e2e/**/*.e2e.ts'],
		// The D1 migrations, applied once for all files (each starts on a copy).
		globalSetup: ['tests/e2e/global-setup.ts'],
		environment: 'node',
		testTimeout: 240_000,
		hookTimeout: 180_000,
		// Two files at once: each has its own server, D1 copy and browsers, and a file spends most of
		// its time waiting (for the server, for timers), so two fill the two cores (docs/testing.md).
		fileParallelism: true,
		maxWorkers: 2,
		// The longest files first (sequencer.ts): on a fresh clone Vitest would start the larger files
		// first, and a small but slow one ran alone at the end.
		sequence: { sequencer: LongestFirst }
	}
});
