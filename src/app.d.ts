// See https://svelte.dev/docs/kit/types#app.d.ts
// Workers types are imported, not added to `types`: the global ones would clash with the DOM
// types the Svelte components use.
import type { D1Database, Fetcher } from '@cloudflare/workers-types';

declare global {
	namespace App {
		// interface Error {}
		// interface Locals {}
		// interface PageData {}
		// interface PageState {}
		interface Platform {
			env: Env;
		}
	}

	/** The Worker's bindings, as declared in wrangler.toml. */
	interface Env {
		ASSETS: Fetcher;
		DB: D1Database;
	}
}

// `env` from 'cloudflare:workers' (src/cloudflare-workers.d.ts) is typed `Cloudflare.Env`.
declare module '@cloudflare/workers-types' {
	namespace Cloudflare {
		interface Env extends globalThis.Env {}
	}
}

export {};
