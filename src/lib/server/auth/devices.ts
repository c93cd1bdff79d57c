/**
 * Device cookies (OWASP Authentication Cheat Sheet, "device cookies"): a browser an account has
 * signed in on gets a random token in an HttpOnly cookie; the database keeps its SHA-256 only, as
 * for sessions. When the per-username limit is full — someone guessing from many addresses — the
 * owner still signs in from their known browsers, each with a small limit of its own
 * (./ratelimit.ts). A stranger can therefore slow guessing at an account but cannot lock its
 * owner out. docs/security.md "Rate limits".
 */
import type { Cookies } from '@sveltejs/kit';
import type { D1Database } from '@cloudflare/workers-types';
import { generateSessionToken, sessionIdFromToken } from './session';

export const DEVICE_COOKIE = 'device';
const DEVICE_TTL = 365 * 24 * 60 * 60 * 1000;
const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

export interface Device {
	token: string;
	expiresAt: number;
}

/** The `device` cookie of a request (read from the header: the auth code runs for forms and JSON alike). */
export function deviceToken(request: Request): string | null {
	for (const part of (request.headers.get('cookie') ?? '').split(';')) {
		const [name, ...value] = part.trim().split('=');
		if (name === DEVICE_COOKIE) {
			const token = value.join('=');
			return TOKEN_SHAPE.test(token) ? token : null;
		}
	}
	return null;
}

/** The device's id if `token` is a live device cookie of `userId`, else null. */
export async function knownDevice(d1: D1Database, token: string | null, userId: string | undefined, now = Date.now()): Promise<string | null> {
	if (!token) return null;
	const id = sessionIdFromToken(token);
	// Asked whether or not the username exists: the time taken must not tell (an unknown name matches nothing).
	const row = await d1.prepare('SELECT 1 AS ok FROM known_devices WHERE id = ?1 AND user_id = ?2 AND expires_at > ?3').bind(id, userId ?? '', now).first();
	return row ? id : null;
}

/** A new device cookie for `userId` (after a successful sign-in or sign-up); drops the user's expired ones. */
export async function issueDevice(d1: D1Database, userId: string, now = Date.now()): Promise<Device> {
	const token = generateSessionToken();
	const expiresAt = now + DEVICE_TTL;
	await d1.batch([
		d1.prepare('INSERT INTO known_devices (id, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)').bind(sessionIdFromToken(token), userId, now, expiresAt),
		d1.prepare('DELETE FROM known_devices WHERE user_id = ?1 AND expires_at <= ?2').bind(userId, now)
	]);
	return { token, expiresAt };
}

export function setDeviceCookie(cookies: Cookies, device: Device): void {
	cookies.set(DEVICE_COOKIE, device.token, { httpOnly: true, sameSite: 'lax', secure: true, path: '/', expires: new Date(device.expiresAt) });
}
