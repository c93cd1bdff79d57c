import { globSync, readFileSync } from 'node:fs';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { testKinds } from './tests/kinds/test-kinds.js';
import { compactMessages } from './scripts/lib/compact-messages.js';

const UNIT_TESTS = ['src/**/*.test.ts', 'tests/**/*.test.ts'];
const UNIT_EXCLUDE = ['**/node_modules/**', '**/*.worker.test.ts'];
/** What makes a test file change module state another file would see. */
const CHANGES_SHARED_STATE = /overwriteGetLocale|overwriteSetLocale|setLocale|vi\.(mock|stub|spyOn|doMock|useFakeTimers)|process\.env(\.\w+|\[[^\]]+\]) =|globalThis\.\w+ =/;
let isolated: string[] | undefined;
/** The unit test files that change shared module state (read once, when Vitest loads this config). */
function isolatedTests(): string[] {
	return (isolated ??= globSync(UNIT_TESTS, { exclude: (f) => f.includes('node_modules') || f.endsWith('.worker.test.ts') }).filter((f) =>
		CHANGES_SHARED_STATE.test(readFileSync(f, 'utf8'))
	));
}

export default defineConfig(({ mode }) => ({
	plugins: [
		// The test kinds (Take-away) join the registries in the tests (Vitest runs in mode `test`) and
		// in a test build (`vite build --mode test`); the site's build never sees them.
		...(mode === 'test' ? [testKinds()] : []),
		sveltekit(),
		// Each message's locale dispatcher as one shared call (the game page's JavaScript budget).
		compactMessages(),
		// Options live in project.inlang/paraglide.config.js, shared with the CLI.
		paraglideVitePlugin({ project: './project.inlang' })
	],
	build: {
		rolldownOptions: {
			treeshake: {
				// Pure code the bundler cannot prove pure (a top-level `new Uint32Array(...)`, an enum's
				// IIFE): left as side effects, they make every page load the chunk they share (SHA-256
				// came to the game page this way). The engines and kinds are pure by contract
				// (conventions §1); unmatched modules keep the default (side effects assumed).
				moduleSideEffects: [
					{ test: /[\\/]node_modules[\\/]@oslojs[\\/]/, sideEffects: false },
					{ test: /[\\/]src[\\/]lib[\\/](engine|games)[\\/][^?]*\.ts$/, sideEffects: false }
				]
			}
		}
	},
	environments: {
		ssr: {
			build: {
				rolldownOptions: {
					// `cloudflare:workers` & co. exist only inside workerd; wrangler resolves them when
					// it bundles src/worker.ts. (`ssr.external` takes no RegExp in Vite 8.)
					external: [/^cloudflare:/]
				}
			}
		}
	},
	test: {
		// Each project names its files (a project extending this config would add to lists here).
		// *.worker.test.ts run inside workerd after the build: vitest.workers.config.ts.
		environment: 'node',
		// Issue 33 (npm test's time): most files share their workers' modules (isolate: false), so
		// the engines, kinds and message catalogs are imported once per worker, not once per file —
		// imports were half of the step's time. A file that changes what other files import (the
		// locale, a mock, a stub, the environment) runs isolated, found by what it calls.
		projects: [
			{ extends: true, test: { name: 'shared', isolate: false, include: UNIT_TESTS, exclude: [...UNIT_EXCLUDE, ...isolatedTests()] } },
			{ extends: true, test: { name: 'isolated', include: isolatedTests() } }
		]
	}
}));
