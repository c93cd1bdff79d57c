import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import type { RequestHandler } from './$types';
import { noDatabase, unauthenticated } from '$lib/server/auth/respond';
import { getDb } from '$lib/server/db';
import { pushSubscriptions } from '$lib/server/db/schema';
import { apiError, jsonResponse, readJson } from '$lib/server/http';
import { vapidKeys } from '$lib/server/notify/push';
import { allowedOutboundUrl } from '$lib/server/notify/outbound';

/**
 * This browser's Web Push subscription (docs/notifications.md "Web Push", docs/api.md).
 * GET → {publicKey, endpointHashes}; POST {endpoint, keys: {p256dh, auth}} → 200 {ok: true};
 * DELETE {endpoint} → 200 {ok: true}. Signed in only; writes pass the Origin check in hooks.
 */

/** base64url (no padding) of exactly `bytes` bytes. */
const b64u = (bytes: number) =>
	v.pipe(
		v.string(),
		v.length(Math.ceil((bytes * 4) / 3), `base64url of ${bytes} bytes`),
		v.regex(/^[A-Za-z0-9_-]+$/, `base64url of ${bytes} bytes`)
	);

const Endpoint = v.pipe(
	v.string(),
	v.maxLength(1000),
	v.url(),
	v.check((s) => s.startsWith('https://'), 'an https URL')
);

/**
 * The Worker will POST to a subscription's endpoint, so it must be an address the Worker may call
 * (issue 10): the outbound-URL policy webhooks have (https, no private, loopback, link-local or
 * credentialed host; src/lib/server/notify/outbound.ts) — on a development server too: push
 * services are never on this machine. Checked again when sending.
 */
function endpointRefused(endpoint: string): Response | null {
	return allowedOutboundUrl(endpoint)
		? null
		: apiError(400, 'BAD_REQUEST', 'endpoint: not an address a push service has (https to a public host, no credentials)');
}

const SubscribeBody = v.object({
	endpoint: Endpoint,
	// A browser's PushSubscription.toJSON() also carries expirationTime: allowed, not kept.
	expirationTime: v.optional(v.nullable(v.number())),
	keys: v.object({
		// An uncompressed P-256 point starts with 0x04, i.e. 'B' in base64url.
		p256dh: v.pipe(b64u(65), v.startsWith('B', 'an uncompressed P-256 point')),
		auth: b64u(16)
	})
});

const UnsubscribeBody = v.strictObject({ endpoint: Endpoint });

/** SHA-256 hex of an endpoint: lets the page tell whether *this* browser is subscribed without the server echoing capability URLs. */
async function endpointHash(endpoint: string): Promise<string> {
	const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
	return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The encryption would fail on every send for a point that is not on the curve: refuse it now. */
async function isP256Point(b64url: string): Promise<boolean> {
	const bin = atob(b64url.replaceAll('-', '+').replaceAll('_', '/'));
	const raw = Uint8Array.from(bin, (c) => c.charCodeAt(0));
	try {
		await crypto.subtle.importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
		return true;
	} catch {
		return false;
	}
}

/** publicKey is null when push is disabled (no VAPID secrets in production). */
export const GET: RequestHandler = async ({ locals, platform }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	const keys = vapidKeys(platform.env);
	const rows = await getDb(platform.env.DB)
		.select({ endpoint: pushSubscriptions.endpoint })
		.from(pushSubscriptions)
		.where(eq(pushSubscriptions.userId, locals.user.id));
	return jsonResponse({
		publicKey: keys?.publicKey ?? null,
		endpointHashes: await Promise.all(rows.map((r) => endpointHash(r.endpoint)))
	});
};

/**
 * Upsert by endpoint: one browser subscription belongs to one user, so an endpoint that was
 * registered by someone else (a shared computer) moves to whoever subscribed last, with the new keys.
 */
export const POST: RequestHandler = async ({ locals, platform, request }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	if (!vapidKeys(platform.env)) return apiError(503, 'PUSH_DISABLED', 'push notifications are not configured on this server');
	const body = await readJson(request, SubscribeBody);
	if (!body.ok) return body.response;
	const { endpoint, keys } = body.value;
	const refused = endpointRefused(endpoint);
	if (refused) return refused;
	if (!(await isP256Point(keys.p256dh))) return apiError(400, 'BAD_REQUEST', 'keys.p256dh: not a P-256 public key');
	const userId = locals.user.id;
	await getDb(platform.env.DB)
		.insert(pushSubscriptions)
		.values({ id: crypto.randomUUID(), userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: Date.now() })
		.onConflictDoUpdate({
			target: pushSubscriptions.endpoint,
			set: { userId, p256dh: keys.p256dh, auth: keys.auth, createdAt: Date.now() }
		});
	return jsonResponse({ ok: true });
};

/** Only the caller's own: someone else's endpoint answers 404 like an unknown one. */
export const DELETE: RequestHandler = async ({ locals, platform, request }) => {
	if (!platform?.env?.DB) return noDatabase();
	if (!locals.user) return unauthenticated();
	const body = await readJson(request, UnsubscribeBody);
	if (!body.ok) return body.response;
	const deleted = await getDb(platform.env.DB)
		.delete(pushSubscriptions)
		.where(and(eq(pushSubscriptions.endpoint, body.value.endpoint), eq(pushSubscriptions.userId, locals.user.id)))
		.returning({ id: pushSubscriptions.id });
	if (deleted.length === 0) return apiError(404, 'NOT_FOUND', 'no such subscription');
	return jsonResponse({ ok: true });
};
