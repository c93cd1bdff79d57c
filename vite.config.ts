import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { testKinds } from './tests/kinds/test-kinds.js';
import { compactMessages } from './scripts/lib/compact-messages.js';

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
		include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
		// *.worker.test.ts run inside workerd after the build: vitest.workers.config.ts.
		exclude: ['**/node_modules/**', '**/*.worker.test.ts'],
		environment: 'node'
	}
}));
