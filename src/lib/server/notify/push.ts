/**
 * The Web Push channel (issue 5; docs/notifications.md "Web Push"). Each of the recipient's
 * browser subscriptions gets the message as an RFC 8291 (aes128gcm) encrypted JSON payload
 * `{title, body, url, tag}`, with a VAPID (RFC 8292, ES256) Authorization header.
 *
 * The cryptography is @block65/webcrypto-web-push (WebCrypto only, so it runs in workerd); this file
 * decides what is sent and what an answer means. push.test.ts checks the encryption against RFC
 * 8291's Appendix A.
 *
 * Endpoint URLs are capability URLs (whoever has one can push to that browser): errors and logs
 * name only their origin.
 */
import { devServer, type DevEnv } from '../dev';
import { allowedOutboundUrl } from './outbound';
import { PermanentFailure } from './webhook';
import { encryptNotification, vapidHeaders } from '@block65/webcrypto-web-push';
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq } from 'drizzle-orm';
import { getDb } from '$lib/server/db';
import { pushSubscriptions } from '$lib/server/db/schema';
import type { ChannelSender, Message, NotifyEvent, Recipient } from './types';

/** What this channel reads from the Worker's env (a subset, so tests can pass a plain object). */
export interface PushEnv extends DevEnv {
	DB: D1Database;
	VAPID_PUBLIC_KEY?: string;
	VAPID_PRIVATE_KEY?: string;
	VAPID_SUBJECT?: string;
}

export interface VapidKeys {
	/** Uncompressed P-256 point, base64url (65 bytes): the browser's `applicationServerKey`. */
	publicKey: string;
	/** The private scalar (JWK `d`), base64url (32 bytes). */
	privateKey: string;
	/** RFC 8292 `sub`: a mailto: (or https:) contact for the push service's operator. */
	subject: string;
}

/**
 * DEV_ONLY: a key pair for `wrangler dev`, the worker tests and e2e runs, so none of them needs a
 * manual step. It is public (it is in this file), so it must never sign anything real: vapidKeys
 * hands it out only on a development server (src/lib/server/dev.ts), which production never is.
 * Made by `npm run vapid:keys`.
 */
export const DEV_ONLY_VAPID_KEYS: VapidKeys = {
	publicKey: 'BNJFNOkB5AzeQiLmYOk6Y_rpiFWZrF9Ta8OkwMEcGfp3G1fesuLUrrcEvKRS1lQLyLSr_VUJS5NVMazVLk3G5S4',
	privateKey: 'K4M_sm9xpv-Dw8yWNJM56A0nLGykh-_QMBYuIm9ZMO4',
	subject: 'mailto:dev@rongo.invalid'
};

/**
 * The VAPID keys this Worker signs with, or null when push is disabled (production without the
 * secrets: the settings page says so, and the channel sends nothing).
 */
export function vapidKeys(env: Partial<PushEnv>): VapidKeys | null {
	const dev = devServer(env);
	if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
		const subject = env.VAPID_SUBJECT || (dev ? DEV_ONLY_VAPID_KEYS.subject : '');
		// Push services (Apple's among them) refuse a JWT without a contact; better off than refused.
		if (!subject) return null;
		return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
	}
	return dev ? DEV_ONLY_VAPID_KEYS : null;
}

/** A browser's subscription keys as stored (base64url), RFC 8291 §3. */
export interface SubscriptionKeys {
	/** The browser's ECDH P-256 public key, uncompressed (65 bytes). */
	p256dh: string;
	/** The 16-byte authentication secret. */
	auth: string;
}

/**
 * RFC 8291 message encryption (one aes128gcm record, RFC 8188 header with the sender's ephemeral
 * public key as key id). By default the record is padded to the 4096-byte maximum so the length
 * tells an observer nothing about the text; `pad: false` gives the bare RFC form the tests check.
 */
export function encryptPayload(
	keys: SubscriptionKeys,
	plaintext: Uint8Array | string,
	opts: { pad?: boolean } = {}
): Promise<Uint8Array<ArrayBuffer>> {
	const bytes = typeof plaintext === 'string' ? new TextEncoder().encode(plaintext) : plaintext;
	// The library's type wants a whole PushSubscription; it reads only the keys.
	return encryptNotification({ endpoint: '', expirationTime: null, keys }, bytes, { pad: opts.pad ?? true });
}

/** One day: a turn notification older than that is noise; the email and the inbox remain. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What the service worker (src/service-worker.ts) shows. */
export interface PushPayload {
	title: string;
	body: string;
	url: string;
	/** Same tag, same notification: a newer one for the same game replaces the older. */
	tag: string;
}

// Far below the ~3.9 KB a record holds, and more than any notification can show.
const MAX_TITLE = 200;
const MAX_BODY = 1000;

function clip(s: string, max: number): string {
	return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

export function pushPayload(msg: Message, ctx: { notificationId: string; event: NotifyEvent | null }): PushPayload {
	return {
		title: clip(msg.subject, MAX_TITLE),
		body: clip(msg.text, MAX_BODY),
		url: msg.url,
		tag: ctx.event ? `game-${ctx.event.gameId}` : `rongo-${ctx.notificationId}`
	};
}

/** The HTTP request to a push service (RFC 8030 §5) for one subscription. */
export async function buildPushRequest(
	sub: { endpoint: string } & SubscriptionKeys,
	payload: PushPayload,
	vapid: VapidKeys
): Promise<{ url: string; init: RequestInit & { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> } }> {
	const subscription = { endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } };
	// aud = the endpoint's origin, exp = 12 h ahead (RFC 8292 §2: at most 24 h).
	const { headers: auth } = await vapidHeaders(subscription, vapid);
	const body = await encryptPayload(subscription.keys, JSON.stringify(payload));
	return {
		url: sub.endpoint,
		init: {
			method: 'POST',
			headers: {
				...auth,
				ttl: String(PUSH_TTL_SECONDS),
				urgency: 'normal',
				'content-encoding': 'aes128gcm',
				'content-type': 'application/octet-stream'
			},
			body
		}
	};
}

/** An endpoint as it may appear in an error: the push service's origin, never the path. */
export function redactEndpoint(endpoint: string): string {
	try {
		return new URL(endpoint).origin;
	} catch {
		return '(invalid endpoint)';
	}
}

type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The push channel. Sends to every subscription of the recipient; 404/410 from a push service
 * means the subscription is gone (RFC 8030 §7.3): it is deleted and that is not an error. Any
 * other non-2xx, or a network failure, throws after all subscriptions were tried, and the postman
 * retries the whole message — a device that already had it gets the same tag again, which
 * replaces the notification rather than adding a second one.
 */
export function pushSender(env: PushEnv, fetchFn: FetchFn = (url, init) => fetch(url, init)): ChannelSender {
	return {
		async send(to: Recipient, msg: Message, ctx) {
			const db = getDb(env.DB);
			const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, to.id));
			if (subs.length === 0) return;
			const vapid = vapidKeys(env);
			if (!vapid) {
				console.warn('push: VAPID keys not configured, push is disabled');
				return;
			}
			const payload = pushPayload(msg, ctx);
			const failures: string[] = [];
			// Stored before the endpoint policy (issue 10): never fetched, and gone. Push services are
			// never local, so no development exception either.
			const refused = subs.filter((sub) => !allowedOutboundUrl(sub.endpoint));
			for (const sub of refused) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
			if (refused.length === subs.length) throw new PermanentFailure('no push endpoint of this user is allowed');
			await Promise.all(
				subs.filter((sub) => !refused.includes(sub)).map(async (sub) => {
					const where = redactEndpoint(sub.endpoint);
					try {
						const { url, init } = await buildPushRequest(sub, payload, vapid);
						const res = await fetchFn(url, init);
						// The body is the push service's, possibly long; only the status matters.
						await res.body?.cancel().catch(() => {});
						if (res.ok) return;
						if (res.status === 404 || res.status === 410) {
							await db
								.delete(pushSubscriptions)
								.where(and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)));
							return;
						}
						failures.push(`${where}: HTTP ${res.status}`);
					} catch (e) {
						const reason = e instanceof Error ? e.message.replaceAll(sub.endpoint, where) : 'error';
						failures.push(`${where}: ${reason}`.slice(0, 200));
					}
				})
			);
			if (failures.length > 0)
				throw new Error(`push to ${failures.length} of ${subs.length} subscription(s) failed: ${failures.join('; ')}`);
		}
	};
}
