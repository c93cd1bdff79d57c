/**
 * Sign-up and sign-in, shared by the JSON API (/api/auth/*) and the form pages (/signup,
 * /signin): the request bodies, rate limits, password check, session creation (what a name,
 * password and address must look like: ./input.ts). Results are values with stable codes
 * (./failure.ts); the caller turns them into JSON errors or form messages.
 */
import type { D1Database } from '@cloudflare/workers-types';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { getDb } from '../db';
import { users } from '../db/schema';
import type { MailEnv } from '../mail/account-mail';
import { validTimeZone } from '../time-zone';
import { deviceToken, issueDevice, knownDevice, type Device } from './devices';
import { verifyAfterSignUp } from './email-verification';
import { fail, rateLimited, type AuthFailure } from './failure';
import { PASSWORD_MAX, USERNAME, checkEmail, checkPassword, checkUsername } from './input';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password';
import { LIMITS, clientIp, keys, release, reserve, type Bucket, type Limit } from './ratelimit';
import { createSession, generateSessionToken, placeOf } from './session';
import { skeleton } from './skeleton';

/** The JSON bodies; anything but strings in these fields is a 400 BAD_REQUEST from readJson. */
export const SignUpBody = v.strictObject({
	username: v.string(),
	password: v.string(),
	email: v.optional(v.nullable(v.string())),
	/** The notification language and time zone to start with (issue 12: the UI language, the browser's zone). */
	locale: v.optional(v.picklist(['en', 'de'])),
	timeZone: v.optional(v.pipe(v.string(), v.maxLength(64)))
});
export const SignInBody = v.strictObject({ username: v.string(), password: v.string() });

export type AuthSuccess = {
	ok: true;
	user: { id: string; username: string; email: string | null };
	token: string;
	expiresAt: number;
	/** A new device cookie for this browser (null: it has a valid one already). */
	device: Device | null;
};
export type AuthResult = AuthSuccess | AuthFailure;

interface Context {
	db: D1Database;
	request: Request;
	/** Overrides the sign-up limit (env AUTH_SIGNUPS_PER_HOUR, for local demos and e2e runs). */
	signupLimit?: Limit;
	/** Where a sign-up's verification mail goes out from (issue 15; none: no mail). */
	mail?: { env: MailEnv; origin: string };
}

export function signupLimitFrom(value: string | undefined): Limit | undefined {
	const n = Number(value);
	return Number.isSafeInteger(n) && n > 0 ? { max: n, windowMs: LIMITS.signupAddress.windowMs } : undefined;
}

export async function startSession(ctx: Context, user: AuthSuccess['user'], knownHere: boolean): Promise<AuthSuccess> {
	const token = generateSessionToken();
	const session = await createSession(ctx.db, token, user.id, ctx.request.headers.get('user-agent'), Date.now(), placeOf(ctx.request));
	const device = knownHere ? null : await issueDevice(ctx.db, user.id);
	return { ok: true, user, token, expiresAt: session.expiresAt, device };
}

export async function signUp(
	ctx: Context,
	input: { username: string; password: string; email?: string | null; locale?: 'en' | 'de'; timeZone?: string | null }
): Promise<AuthResult> {
	const bad = checkUsername(input.username) ?? checkPassword(input.password);
	if (bad) return bad;
	if (input.timeZone && !validTimeZone(input.timeZone)) return fail(400, 'BAD_TIME_ZONE', 'unknown time zone');
	const email = checkEmail(input.email);
	if ('ok' in email) return email;

	// Every attempt past the input checks takes its place first (ratelimit.ts): no more than the
	// limit can get further, however many arrive at once.
	const places = await reserve(ctx.db, [{ key: keys.signupAddress(clientIp(ctx.request)), limit: ctx.signupLimit ?? LIMITS.signupAddress }]);
	if (!places) return rateLimited();

	const db = getDb(ctx.db);
	const usernameKey = input.username.toLowerCase();
	const taken = () => fail(409, 'USERNAME_TAKEN', 'this username is taken');
	if (await db.select({ id: users.id }).from(users).where(eq(users.usernameKey, usernameKey)).get()) return taken();
	// Issue 15: nor a name that looks like a taken one (./skeleton.ts).
	const usernameSkeleton = skeleton(input.username);
	const lookalike = () => fail(409, 'USERNAME_LOOKALIKE', 'this username looks too much like a taken one');
	if (await db.select({ id: users.id }).from(users).where(eq(users.usernameSkeleton, usernameSkeleton)).get()) return lookalike();

	const user = { id: crypto.randomUUID(), username: input.username, email: email.email };
	try {
		await db.insert(users).values({
			...user,
			usernameKey,
			usernameSkeleton,
			passwordHash: await hashPassword(input.password),
			// Notifications start in the language the person signed up in and at their clock (issue 12).
			...(input.locale ? { locale: input.locale } : {}),
			...(input.timeZone ? { timeZone: input.timeZone } : {}),
			createdAt: Date.now()
		});
	} catch (e) {
		// Two sign-ups for one name at once: the unique index lets only one through.
		if (String(e).includes('UNIQUE')) return String(e).includes('skeleton') ? lookalike() : taken();
		throw e;
	}
	if (user.email && ctx.mail) await verifyAfterSignUp(ctx.mail.env, user.id, ctx.mail.origin);
	return startSession(ctx, user, false);
}

export async function signIn(ctx: Context, input: { username: string; password: string }): Promise<AuthResult> {
	const invalid = fail(401, 'INVALID_CREDENTIALS', 'wrong username or password');
	// No detail about why: a malformed name simply matches no account.
	if (!USERNAME.test(input.username) || input.password.length > PASSWORD_MAX * 2) return invalid;

	const usernameKey = input.username.toLowerCase();
	const db = getDb(ctx.db);
	const row = await db.select().from(users).where(eq(users.usernameKey, usernameKey)).get();
	// A browser this account has signed in on counts in its own bucket, so guessers elsewhere
	// cannot lock the owner out; any other browser counts per (username, address), per username
	// and per address. The place is taken before the password is looked at (ratelimit.ts).
	const device = await knownDevice(ctx.db, deviceToken(ctx.request), row?.id);
	const address = clientIp(ctx.request);
	const buckets: Bucket[] = device
		? [{ key: keys.signinDevice(device), limit: LIMITS.signinDevice }]
		: [
				{ key: keys.signinUserAddress(usernameKey, address), limit: LIMITS.signinUserAddress },
				{ key: keys.signinUser(usernameKey), limit: LIMITS.signinUser },
				{ key: keys.signinAddress(address), limit: LIMITS.signinAddress }
			];
	const places = await reserve(ctx.db, buckets);
	if (!places) return rateLimited();

	// Unknown names cost a hash too, so timing does not tell which names exist.
	const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), input.password);
	if (!row || !ok) return invalid; // the places stay taken: a failure counts
	await release(ctx.db, places);
	if (needsRehash(row.passwordHash)) {
		await db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, row.id));
	}
	return startSession(ctx, { id: row.id, username: row.username, email: row.email }, device !== null);
}
