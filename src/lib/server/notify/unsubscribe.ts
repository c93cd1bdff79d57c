/**
 * Signed unsubscribe links (issue 5: "Every email has an unsubscribe link (signed, works without
 * signing in)"). The token itself is the authorization, so it must be unforgeable and short-lived
 * enough: HMAC-SHA256 over its payload with a server secret, 90 days of validity.
 *
 * Token: `<payload>.<mac>`, both base64url without padding. The payload is JSON
 * `{ v: 1, u: userId, c: channel, iat, exp }` (seconds); the MAC covers the payload's *text* with a
 * purpose prefix, so any changed character — even one in the spare bits of the last base64
 * character — fails, and a MAC made for another purpose with the same secret never fits.
 * The payload is only parsed after the MAC matched.
 */
import { devServer, type DevEnv } from '../dev';
import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import type { D1Database } from '@cloudflare/workers-types';
import { getDb } from '$lib/server/db';
import { CHANNELS, notificationPrefs, users, type Channel } from '$lib/server/db/schema';

export const UNSUBSCRIBE_TTL_MS = 90 * 24 * 3_600_000;
/** Shorter secrets are refused: the MAC is only as strong as the key. */
export const MIN_SECRET_LENGTH = 32;
/**
 * Development and tests only (a development server, src/lib/server/dev.ts), like the other dev-only
 * switches: a fixed, public value, so local links keep working across restarts. Never used in
 * production.
 */
export const DEV_UNSUBSCRIBE_SECRET = 'rongo-development-unsubscribe-secret-never-in-production';

const PURPOSE = 'rongo-unsubscribe-v1:';
const MAX_TOKEN = 600;
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,550})\.([A-Za-z0-9_-]{43})$/;
const utf8 = new TextEncoder();

export interface SecretEnv extends DevEnv {
	UNSUBSCRIBE_SECRET?: string;
}

let warned = false;
/** The signing secret, or null when none is configured (production without the secret). */
export function unsubscribeSecret(env: SecretEnv): string | null {
	const s = env.UNSUBSCRIBE_SECRET;
	if (s && s.length >= MIN_SECRET_LENGTH) return s;
	if (devServer(env)) return DEV_UNSUBSCRIBE_SECRET;
	if (!warned) {
		warned = true;
		console.error(
			`configuration error: UNSUBSCRIBE_SECRET is ${s ? `shorter than ${MIN_SECRET_LENGTH} characters` : 'not set'}; ` +
				'no email is sent and unsubscribe links are refused (docs/notifications.md "Unsubscribe links")'
		);
	}
	return null;
}

function mac(secret: string, payload: string): string {
	return encodeBase64urlNoPadding(hmac(SHA256, utf8.encode(secret), utf8.encode(PURPOSE + payload)));
}

export function unsubscribeToken(secret: string, userId: string, channel: Channel, now: number, ttl = UNSUBSCRIBE_TTL_MS): string {
	const iat = Math.floor(now / 1000);
	const body = { v: 1, u: userId, c: channel, iat, exp: iat + Math.floor(ttl / 1000) };
	const payload = encodeBase64urlNoPadding(utf8.encode(JSON.stringify(body)));
	return `${payload}.${mac(secret, payload)}`;
}

/** The page a person opens: it asks before changing anything (mail scanners follow links). */
export function unsubscribeUrl(
	origin: string,
	userId: string,
	channel: Channel,
	now: number,
	secret: string,
	locale: 'en' | 'de' = 'en'
): string {
	return unsubscribePageUrl(origin, unsubscribeToken(secret, userId, channel, now), locale);
}

export function unsubscribePageUrl(origin: string, token: string, locale: 'en' | 'de' = 'en'): string {
	return `${origin}${locale === 'de' ? '/de' : ''}/unsubscribe?t=${token}`;
}

/** RFC 8058 one-click target for the List-Unsubscribe header (POST unsubscribes; GET redirects to the page). */
export function oneClickUrl(origin: string, token: string): string {
	return `${origin}/api/unsubscribe?t=${token}`;
}

export type TokenCheck =
	| { ok: true; userId: string; channel: Channel; expiresAt: number }
	| { ok: false; reason: 'malformed' | 'forged' | 'expired' };

/** Checks a token: its shape, then the MAC (constant time), then the payload and the expiry. */
export function verifyUnsubscribeToken(secret: string, token: unknown, now: number): TokenCheck {
	if (typeof token !== 'string' || token.length > MAX_TOKEN) return { ok: false, reason: 'malformed' };
	const parts = TOKEN_SHAPE.exec(token);
	if (!parts) return { ok: false, reason: 'malformed' };
	const [, payload, given] = parts;
	// Compared as text: two base64 spellings of the same bytes must not both pass.
	if (!constantTimeEqual(utf8.encode(mac(secret, payload)), utf8.encode(given))) return { ok: false, reason: 'forged' };
	let body: unknown;
	try {
		body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64urlIgnorePadding(payload)));
	} catch {
		return { ok: false, reason: 'malformed' };
	}
	const b = body as Record<string, unknown>;
	if (
		!b ||
		typeof b !== 'object' ||
		b.v !== 1 ||
		typeof b.u !== 'string' ||
		b.u.length < 1 ||
		b.u.length > 64 ||
		!CHANNELS.includes(b.c as Channel) ||
		!Number.isSafeInteger(b.iat) ||
		!Number.isSafeInteger(b.exp) ||
		(b.exp as number) <= (b.iat as number)
	)
		return { ok: false, reason: 'malformed' };
	const expiresAt = (b.exp as number) * 1000;
	if (now >= expiresAt) return { ok: false, reason: 'expired' };
	return { ok: true, userId: b.u, channel: b.c as Channel, expiresAt };
}

/**
 * A token from a request, checked for `channel` (the email pages accept only email tokens) and
 * for a user that still exists. Returns who it is for, or null: every refusal looks the same
 * to the visitor (a 400 page), the reason only matters to tests.
 */
export async function tokenUser(
	env: SecretEnv & { DB: D1Database },
	token: unknown,
	channel: Channel,
	now: number
): Promise<{ id: string; username: string } | null> {
	const secret = unsubscribeSecret(env);
	if (!secret) return null;
	const check = verifyUnsubscribeToken(secret, token, now);
	if (!check.ok || check.channel !== channel) return null;
	const row = await getDb(env.DB)
		.select({ id: users.id, username: users.username })
		.from(users)
		.where(eq(users.id, check.userId))
		.get();
	return row ?? null;
}

/** Sets the user's mode for `channel` to off (idempotent). */
export async function turnOff(d1: D1Database, userId: string, channel: Channel): Promise<void> {
	await getDb(d1)
		.insert(notificationPrefs)
		.values({ userId, channel, mode: 'off' })
		.onConflictDoUpdate({ target: [notificationPrefs.userId, notificationPrefs.channel], set: { mode: 'off' } });
}
