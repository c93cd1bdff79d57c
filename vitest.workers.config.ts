// Worker + Durable Object tests, run inside workerd by @cloudflare/vitest-plugin against the
// real Worker (wrangler.toml: src/worker.ts = SvelteKit's built fetch + the Durable Objects),
// local D1 with the migrations applied (tests/worker/setup.ts) and real DO storage.
// Needs `npm run build` first: src/worker.ts imports .svelte-kit/cloudflare/_worker.js.
// The plain Node tests (engine, helpers) stay in vite.config.ts; see docs/testing.md.
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testKinds } from './tests/kinds/test-kinds.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
	plugins: [
		// The registries' test kinds (Take-away), so the unchanged platform is shown to host a second game.
		testKinds(),
		cloudflareTest(async () => ({
			wrangler: { configPath: './wrangler.toml' },
			miniflare: {
				// Read in Node, applied inside workerd by the setup file (D1 has no fs there).
				bindings: {
					TEST_MIGRATIONS: await readD1Migrations(here('./migrations')),
					// Enables GameRoom.failNextD1Writes (the outbox retry test); never set in wrangler.toml.
					ROOM_TEST_SEAMS: '1',
					// Keeps sent mails in D1 dev_mailbox (tests/worker/mail.worker.test.ts); never in wrangler.toml.
					DEV_MAILBOX: '1'
				}
			}
		}))
	],
	resolve: {
		alias: [{ find: '$lib', replacement: here('./src/lib') }]
	},
	test: {
		name: 'workers',
		include: ['tests/worker/**/*.worker.test.ts'],
		setupFiles: ['./tests/worker/setup.ts'],
		// A guard against a hung test, not a speed limit: `npm test` runs these beside the e2e files
		// (scripts/test.ts), and on a loaded machine one heavy test took over 30 s.
		testTimeout: 90_000,
		// Vitest 5 hands each new test file's runner every module it has cached on disk, and the
		// Cloudflare pool inlines their code into one WebSocket message; with the whole app (three
		// engines, their bots, the SvelteKit server) that message outgrew workerd's 32 MiB limit
		// (1009 "Message is too large", a test file's worker gone). Without the disk cache each module
		// is fetched on its own.
		fsModuleCache: false,
		// Two test files at a time (issue 32: 571 s → 265 s alone, all green): a file mostly waits on
		// workerd and D1, and every file uses its own users and games, so they do not meet.
		maxWorkers: 2
	}
});
