// `npm run test:crash` (issue 17): the built app under `wrangler dev`, killed with SIGKILL twice
// under a load of games and restarted on the same state (tests/crash/kill.crash.ts). Run after
// `npm run build`. Plain Node, like the end-to-end tests: no SvelteKit plugin, no workerd pool. The
// file ends in `.crash.ts`, not `.test.ts`, so the plain `vitest run` (vite.config.ts) leaves it out.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	// The bots and the registry import through $lib.
	resolve: { alias: { $lib: fileURLToPath(new URL('../../src/lib', import.meta.url)) } },
	test: {
		include: ['tests/crash/**/*.crash.ts'],
		environment: 'node',
		testTimeout: 300_000,
		hookTimeout: 60_000,
		fileParallelism: false
	}
});
