/**
 * Sessions after Lucia's guide (lucia-auth.com, "Basic API"): the token is 20 random bytes in
 * base32, lives only in the user's httpOnly cookie, and the database keeps its SHA-256 hash as
 * the session id — a leaked `sessions` table signs nobody in. 30 days, renewed (sliding) when
 * fewer than 15 remain.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { Cookies } from '@sveltejs/kit';
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, lt } from 'drizzle-orm';
import { getDb } from '../db';
import { sessions, users } from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL = 30 * DAY;
export const RENEW_WHEN_LEFT = 15 * DAY;
export const SESSION_COOKIE = 'session';

export interface SessionUser {
	id: string;
	username: string;
}
export interface SessionInfo {
	id: string;
	expiresAt: number;
}
export type SessionValidation =
	| { session: SessionInfo; user: SessionUser; renewed: boolean }
	| { session: null; user: null; renewed: false };

/** 20 bytes = 160 bits of entropy, 32 base32 characters. */
export function generateSessionToken(): string {
	return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

export function sessionIdFromToken(token: string): string {
	return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Where a sign-in came from, as far as Cloudflare knows (`request.cf`); each part null when not. */
export interface SignInPlace {
	country: string | null;
	city: string | null;
}

/**
 * The place of a request from Cloudflare's `request.cf` (country: ISO 3166 alpha-2; city: a name).
 * Cloudflare's "T1" (Tor) and "XX" (unknown) are no country. Local `wrangler dev` runs with
 * CLOUDFLARE_CF_FETCH_ENABLED=false (scripts/lib/devserver.ts) and then makes up a place; that is
 * what a dev session shows.
 */
export function placeOf(request: Request): SignInPlace {
	const cf = (request as { cf?: { country?: unknown; city?: unknown } }).cf;
	const country = typeof cf?.country === 'string' && /^[A-Z]{2}$/.test(cf.country) && cf.country !== 'XX' && cf.country !== 'T1' ? cf.country : null;
	const city = typeof cf?.city === 'string' && cf.city.trim() ? cf.city.trim().slice(0, 100) : null;
	return { country, city };
}

export async function createSession(
	d1: D1Database,
	token: string,
	userId: string,
	userAgent: string | null = null,
	now = Date.now(),
	place: SignInPlace = { country: null, city: null }
): Promise<SessionInfo> {
	const session = { id: sessionIdFromToken(token), userId, expiresAt: now + SESSION_TTL, createdAt: now };
	await getDb(d1)
		.insert(sessions)
		.values({ ...session, userAgent: userAgent?.slice(0, 200) ?? null, country: place.country, city: place.city });
	return { id: session.id, expiresAt: session.expiresAt };
}

export async function validateSessionToken(d1: D1Database, token: string, now = Date.now()): Promise<SessionValidation> {
	const none = { session: null, user: null, renewed: false } as const;
	// Anything else was never issued by us: no need to ask the database.
	if (!TOKEN_SHAPE.test(token)) return none;
	const db = getDb(d1);
	const id = sessionIdFromToken(token);
	// The one query of every request: a plain prepared statement (issue 16's profile: drizzle's query
	// building was a third of a no-op's CPU). One primary-key read with the user joined.
	const row = await d1
		.prepare('SELECT s.expires_at AS expiresAt, u.id AS userId, u.username AS username FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?1')
		.bind(id)
		.first<{ expiresAt: number; userId: string; username: string }>();
	if (!row) return none;
	if (now >= row.expiresAt) {
		await db.delete(sessions).where(eq(sessions.id, id));
		return none;
	}
	let expiresAt = row.expiresAt;
	let renewed = false;
	if (row.expiresAt - now < RENEW_WHEN_LEFT) {
		expiresAt = now + SESSION_TTL;
		renewed = true;
		await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
	}
	return { session: { id, expiresAt }, user: { id: row.userId, username: row.username }, renewed };
}

/** A session id (the SHA-256 hex of a token). */
export const SESSION_ID = /^[0-9a-f]{64}$/;

/**
 * When the session `id` of `userId` expires, or null if it has ended (signed out, revoked, expired).
 * For the sockets' re-check (src/lib/server/room/game-sockets.ts): one primary-key read, no renewal.
 */
export async function sessionExpiry(d1: D1Database, id: string, userId: string, now = Date.now()): Promise<number | null> {
	const row = await getDb(d1)
		.select({ expiresAt: sessions.expiresAt })
		.from(sessions)
		.where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
		.get();
	return row && row.expiresAt > now ? row.expiresAt : null;
}

/** Revokes one of the user's own sessions; false when there is none with that id for them. */
export async function invalidateOwnSession(d1: D1Database, userId: string, sessionId: string): Promise<boolean> {
	const gone = await getDb(d1)
		.delete(sessions)
		.where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
		.returning({ id: sessions.id });
	return gone.length > 0;
}

/** Ends every session of the user; returns their ids (for closing their sockets, ./sign-out.ts). */
export async function invalidateUserSessions(d1: D1Database, userId: string): Promise<string[]> {
	const gone = await getDb(d1).delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
	return gone.map((g) => g.id);
}

/** The user's live sessions, newest first (ids are hashes: listing them reveals no token). */
export async function listUserSessions(d1: D1Database, userId: string, now = Date.now()) {
	const db = getDb(d1);
	await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
	const rows = await db
		.select({
			id: sessions.id,
			createdAt: sessions.createdAt,
			expiresAt: sessions.expiresAt,
			userAgent: sessions.userAgent,
			country: sessions.country,
			city: sessions.city
		})
		.from(sessions)
		.where(eq(sessions.userId, userId))
		.all();
	return rows.sort((a, b) => b.createdAt - a.createdAt);
}

export function setSessionCookie(cookies: Cookies, token: string, expiresAt: number): void {
	cookies.set(SESSION_COOKIE, token, {
		httpOnly: true,
		sameSite: 'lax',
		secure: true,
		path: '/',
		expires: new Date(expiresAt)
	});
}

export function deleteSessionCookie(cookies: Cookies): void {
	cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: 0 });
}
