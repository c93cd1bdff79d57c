// See https://svelte.dev/docs/kit/types#app.d.ts
// Workers types are imported, not added to `types`: the global ones would clash with the DOM
// types the Svelte components use.
import type { D1Database, DurableObjectNamespace, Fetcher, SendEmail } from '@cloudflare/workers-types';
import type { GameRoom } from '$lib/server/room/GameRoom';
import type { Postman } from '$lib/server/notify/Postman';
import type { UserHub } from '$lib/server/notify/UserHub';

declare global {
	namespace App {
		// interface Error {}
		/** Set by src/lib/server/auth/handle.ts on every request (null when signed out). */
		interface Locals {
			user: { id: string; username: string } | null;
			session: { id: string; expiresAt: number } | null;
		}
		// interface PageData {}
		// interface PageState {}
		interface Platform {
			env: Env;
			/** The request's execution context (adapter-cloudflare): work that may finish after the response. */
			ctx?: { waitUntil(promise: Promise<unknown>): void };
		}
	}

	/** The Worker's bindings, as declared in wrangler.toml. */
	interface Env {
		ASSETS: Fetcher;
		DB: D1Database;
		/** Optional: sign-ups allowed per address and hour (default 10), e.g. for local e2e runs. */
		AUTH_SIGNUPS_PER_HOUR?: string;
		/** One GameRoom Durable Object per game (`idFromName(gameId)`), src/lib/server/room/. */
		GAME_ROOM: DurableObjectNamespace<GameRoom>;
		/** '1' only in the worker tests (vitest.workers.config.ts): enables GameRoom.failNextD1Writes. */
		ROOM_TEST_SEAMS?: string;
		/** "1": count what Cloudflare bills (src/lib/server/meter.ts; set only by bench:load). */
		METER?: string;
		/** Web Push (docs/notifications.md): VAPID public key, uncompressed P-256 point, base64url. */
		VAPID_PUBLIC_KEY?: string;
		/** Secret: the VAPID private key (JWK `d`, base64url). `wrangler secret put VAPID_PRIVATE_KEY`. */
		VAPID_PRIVATE_KEY?: string;
		/** VAPID contact (RFC 8292 `sub`), e.g. `mailto:ops@example.org`. */
		VAPID_SUBJECT?: string;
		/** The one notification postman (`idFromName('postman')`), src/lib/server/notify/Postman.ts. */
		POSTMAN: DurableObjectNamespace<Postman>;
		/**
		 * One per user (`idFromName(userId)`): the live inbox badge and the register of the user's sockets by
		 * session (src/lib/server/notify/UserHub.ts, src/lib/server/sockets/session-register.ts).
		 */
		USER_HUB: DurableObjectNamespace<UserHub>;
		/** The site's public origin, for links in notifications (no request to take it from). */
		ORIGIN?: string;
		/** Cloudflare's send_email binding (wrangler.toml); absent in a plain `vite dev`. */
		EMAIL?: SendEmail;
		/** Sender of notification emails, `Name <addr>` on a verified domain (docs/notifications.md "Email"). */
		MAIL_FROM?: string;
		/** Secret (≥ 32 characters): signs unsubscribe links. `wrangler secret put UNSUBSCRIBE_SECRET`. */
		UNSUBSCRIBE_SECRET?: string;
		/** '1' only in development (`npm start`, e2e, worker tests): keeps mails for /dev/mailbox. Never in wrangler.toml. */
		DEV_MAILBOX?: string;
	}
}

// `env` from 'cloudflare:workers' (src/cloudflare-workers.d.ts) is typed `Cloudflare.Env`.
declare module '@cloudflare/workers-types' {
	namespace Cloudflare {
		interface Env extends globalThis.Env {}
	}
}

export {};
