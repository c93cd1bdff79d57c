/**
 * Rate limits for sign-in and sign-up, counted in D1 (`auth_attempts`: one row per counted
 * attempt). A sliding window: the number of rows for a key newer than the window. D1 is one
 * database for all Worker instances, so the count holds across the world, unlike an in-memory
 * counter. Old rows are pruned whenever an attempt is recorded.
 */
import type { D1Database } from '@cloudflare/workers-types';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { getDb } from '../db';
import { authAttempts } from '../db/schema';

const MINUTE = 60 * 1000;

export interface Limit {
	max: number;
	windowMs: number;
}

export const LIMITS = {
	/** Failed sign-ins for one username: slows guessing one account's password. */
	signinUser: { max: 10, windowMs: 15 * MINUTE },
	/** Failed sign-ins from one address: slows spraying many accounts. */
	signinIp: { max: 30, windowMs: 15 * MINUTE },
	/** Accounts created from one address. */
	signupIp: { max: 10, windowMs: 60 * MINUTE }
} satisfies Record<string, Limit>;

const LONGEST_WINDOW = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));

export const keys = {
	signinUser: (usernameKey: string) => `signin:user:${usernameKey}`,
	signinIp: (ip: string) => `signin:ip:${ip}`,
	signupIp: (ip: string) => `signup:ip:${ip}`
};

/** True when `key` already has `limit.max` attempts inside the window. */
export async function isLimited(d1: D1Database, key: string, limit: Limit, now = Date.now()): Promise<boolean> {
	const row = await getDb(d1)
		.select({ n: count() })
		.from(authAttempts)
		.where(and(eq(authAttempts.key, key), gt(authAttempts.at, now - limit.windowMs)))
		.get();
	return (row?.n ?? 0) >= limit.max;
}

/** Counts one attempt for each key, and drops rows older than every window, in one batch. */
export async function recordAttempt(d1: D1Database, attemptKeys: string[], now = Date.now()): Promise<void> {
	const db = getDb(d1);
	await db.batch([
		db.insert(authAttempts).values(attemptKeys.map((key) => ({ key, at: now }))),
		db.delete(authAttempts).where(lt(authAttempts.at, now - LONGEST_WINDOW))
	]);
}

/**
 * The client's address. Cloudflare sets CF-Connecting-IP on every request and overwrites any the
 * client sent; Miniflare sets it locally. Missing only outside both: then all such requests share
 * one bucket, which errs on the strict side.
 */
export function clientIp(request: Request): string {
	return request.headers.get('cf-connecting-ip')?.slice(0, 64) || 'unknown';
}
