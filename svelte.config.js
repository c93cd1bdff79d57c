import adapter from '@sveltejs/adapter-cloudflare';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({
			// The adapter reads its own small Wrangler config, not wrangler.toml: it deletes and
			// rewrites whatever file `main` names, and our real `main` is src/worker.ts (SvelteKit's
			// fetch + the Durable Object classes, which the adapter cannot export).
			// See docs/workarounds.md.
			config: 'wrangler.adapter.toml',
			// `vite dev` emulates platform.env from the real config, where the bindings live.
			platformProxy: { configPath: 'wrangler.toml' }
		}),
		// Absolute asset URLs: a page under /de/... must not look for /de/_app/....
		paths: { relative: false },
		// SvelteKit's own Origin check (form content types only) is replaced by the stricter one in
		// src/lib/server/auth/handle.ts (every method but GET/HEAD/OPTIONS, every content type,
		// WebSocket upgrades), which runs first in `handle`. Ours has to decide alone because it
		// has one narrow exception SvelteKit's cannot express: RFC 8058 one-click unsubscribe
		// (POST /api/unsubscribe without an Origin, authorized by its signed token;
		// src/hooks.server.ts). See docs/security.md "Cross-site requests".
		csrf: { trustedOrigins: ['*'] }
	}
};

export default config;
