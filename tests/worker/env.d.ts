// Types for the worker tests: `cloudflare:test` (the plugin's module), the test-only binding
// TEST_MIGRATIONS (vitest.workers.config.ts) and the Worker's exports as `exports.default`.
/// <reference types="@cloudflare/vitest-plugin/types" />
import type { D1Migration } from 'cloudflare:test';

declare module '@cloudflare/workers-types' {
	namespace Cloudflare {
		interface Env {
			TEST_MIGRATIONS: D1Migration[];
		}
		interface GlobalProps {
			mainModule: typeof import('../../src/worker');
		}
	}
}
