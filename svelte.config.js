import adapter from '@sveltejs/adapter-cloudflare';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { isMainThread } from 'node:worker_threads';

/**
 * The Cloudflare adapter, except that prerendering starts no platform proxy. The adapter's
 * `emulate()` starts one (wrangler's getPlatformProxy: a workerd process) on the first request it
 * sees and never disposes of it. `vite dev` runs on the main thread, where Miniflare's exit hook
 * ends that workerd with the process. SvelteKit prerenders on a worker thread (its `forked()`),
 * which is terminated at the end of `vite build` without an 'exit' event, so the hook never ran
 * and every build left a workerd behind (issue 29). Prerendering needs no bindings — the adapter's
 * prerender platform throws on every one — so off the main thread the platform is just that: an
 * `env` that throws on every name, and no workerd. `scripts/build-check.ts` fails a build that leaves a
 * process behind. See docs/workarounds.md; upstream: sveltejs/kit#16919.
 * @param {Parameters<typeof adapter>[0]} options
 * @returns {import('@sveltejs/kit').Adapter}
 */
function cloudflare(options) {
	const real = adapter(options);
	return {
		...real,
		emulate() {
			if (isMainThread) return /** @type {NonNullable<typeof real.emulate>} */ (real.emulate)();
			const env = new Proxy(
				{},
				{
					get(_, key) {
						if (typeof key === 'symbol') return undefined;
						throw new Error(`Cannot access platform.env.${key} in a prerenderable route`);
					}
				}
			);
			return { platform: () => /** @type {App.Platform} */ (/** @type {unknown} */ ({ env })) };
		}
	};
}

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: cloudflare({
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
		csrf: { trustedOrigins: ['*'] },
		// Issue 31: a rule's link (`/rules/<kind>#R-4.2`, from a term, the help line, a glossary) has
		// no element with that id: the rules page finds the rule by its number in the text
		// (src/routes/rules/[game]/+page.svelte, ruleAnchor.ts). Any other missing id still fails.
		prerender: {
			handleMissingId: ({ id, message }) => {
				if (/^[A-Z]-\d+(?:\.\d+)*$/.test(id)) return;
				throw new Error(message);
			}
		},
		// The pages' Content-Security-Policy. 'auto': SvelteKit adds a fresh nonce per SSR response
		// (a header) and the sha256 of each inline script to prerendered pages (a <meta>, where
		// frame-ancestors is ignored: `_headers` sends that one). The other headers and the policy
		// of non-page responses: src/lib/server/security-headers.ts. Reasons per directive:
		// docs/security.md "Headers and Content-Security-Policy".
		csp: {
			mode: 'auto',
			directives: {
				'default-src': ['self'],
				// Our bundles only, plus SvelteKit's inline start-up script by nonce or hash. No
				// 'unsafe-inline', no 'unsafe-eval': nothing here needs either.
				'script-src': ['self'],
				// Svelte writes components' CSS to files; no <style> element is inline.
				'style-src': ['self'],
				// Style attributes: app.html's `display: contents` wrapper and SvelteKit's route
				// announcer, and the dev mailbox's mails (an iframe srcdoc inherits this policy). Style
				// attributes run no script and load only what img-src/font-src allow.
				'style-src-attr': ['unsafe-inline'],
				// The board is inline SVG; nothing loads an image from elsewhere or from data:.
				'img-src': ['self'],
				'font-src': ['self'],
				// fetch and the game's and inbox's WebSockets, all to this origin ('self' covers ws:/wss:).
				'connect-src': ['self'],
				// The Web Push service worker (src/service-worker.ts).
				'worker-src': ['self'],
				'manifest-src': ['self'],
				'object-src': ['none'],
				'base-uri': ['self'],
				'form-action': ['self'],
				'frame-ancestors': ['none']
			}
		}
	}
};

export default config;
