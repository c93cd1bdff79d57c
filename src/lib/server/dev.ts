/**
 * Development-only switches, and the one guard over all of them (issue 10). `DEV_MAILBOX=1` keeps
 * every mail for /dev/mailbox — every user's address and unsubscribe links, for anyone to read —
 * and, with `ROOM_TEST_SEAMS=1`, turns on things that must never run for real users: the public
 * dev VAPID keys and unsubscribe secret, webhooks to local addresses, test seams that start games
 * from scenarios or stop a room's clock. `npm start`, the e2e and worker tests set them; wrangler.toml
 * never does (src/lib/server/dev.test.ts reads it). And should a production deploy set one anyway
 * (a dashboard variable, a copied command), they stay off: each also needs the site's own address
 * (`ORIGIN`) — and, where there is a request, the address it was made to — to be this machine.
 */

export interface DevEnv {
	DEV_MAILBOX?: string;
	ROOM_TEST_SEAMS?: string;
	/** "1": the cost meter of bench:load (src/lib/server/meter.ts). */
	METER?: string;
	ORIGIN?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A hostname of this machine. */
export function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK.has(hostname.toLowerCase().replace(/\.$/, ''));
}

function loopbackOrigin(origin: string | undefined): boolean {
	if (!origin) return false;
	try {
		return isLoopbackHost(new URL(origin).hostname);
	} catch {
		return false;
	}
}

function onThisMachine(env: DevEnv, url?: URL): boolean {
	return loopbackOrigin(env.ORIGIN) && (url === undefined || isLoopbackHost(url.hostname));
}

/** Mails are kept for /dev/mailbox (and /dev/mailbox exists). */
export function devMailbox(env: DevEnv, url?: URL): boolean {
	return env.DEV_MAILBOX === '1' && onThisMachine(env, url);
}

/** The test seams: scenario games, a room's stopped clock, refused D1 writes. */
export function testSeams(env: DevEnv, url?: URL): boolean {
	return env.ROOM_TEST_SEAMS === '1' && onThisMachine(env, url);
}

/** The reason the eviction seam (GameRoom.evict, issue 33) gives `ctx.abort()`: the error its caller sees carries it. */
export const EVICTED = 'evicted by the test seam';

/** The cost meter (issue 17, bench:load only): counts what Cloudflare bills and shows it at /__meter. */
export function meter(env: DevEnv, url?: URL): boolean {
	return env.METER === '1' && onThisMachine(env, url);
}

/** Any development server: the dev-only keys and secrets, webhooks and push to local addresses. */
export function devServer(env: DevEnv, url?: URL): boolean {
	return devMailbox(env, url) || testSeams(env, url);
}
