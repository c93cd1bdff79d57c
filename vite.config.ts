import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [
		sveltekit(),
		// Options live in project.inlang/paraglide.config.js, shared with the CLI.
		paraglideVitePlugin({ project: './project.inlang' })
	],
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
});
