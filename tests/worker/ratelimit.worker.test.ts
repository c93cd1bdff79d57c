// Issue 10: the sign-in and sign-up limits were check-then-act — 40 simultaneous wrong passwords
// for one user were all checked against a limit of 10 (and the right one then signed in), 60 from
// one address against 30, and 20 simultaneous sign-ups made 19 accounts against 10. And anyone
// could lock an owner out by failing 10 sign-ins on their username. Now each attempt takes its
// place in every bucket in one statement before anything is checked (src/lib/server/auth/
// ratelimit.ts), and a stranger's failures do not hold back the owner (per-address buckets, a far
// higher per-username bar, and the owner's known browsers exempt from that bar).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '$lib/server/auth/ratelimit';
import { randomIp, request, signUp, uniqueName } from './helpers';

const signIn = (username: string, password: string, ip: string, cookie?: string) =>
	request('POST', '/api/auth/signin', { body: { username, password }, ip, cookie });

/** Statuses of responses, counted. */
async function tally(responses: Promise<Response>[]): Promise<Record<number, number>> {
	const out: Record<number, number> = { 200: 0, 201: 0, 401: 0, 429: 0 };
	for (const r of await Promise.all(responses)) {
		out[r.status] = (out[r.status] ?? 0) + 1;
		if (r.status === 429) expect(await r.json()).toMatchObject({ code: 'RATE_LIMITED' });
		else await r.body?.cancel();
	}
	return out;
}

const deviceCookie = (res: Response) => res.headers.getSetCookie().find((l) => l.startsWith('device='))?.split(';')[0] ?? null;

describe('sign-in limits, counted atomically', () => {
	it('50 simultaneous wrong passwords for one user from one address: at most 10 are checked', { timeout: 90_000 }, async () => {
		const owner = await signUp('lim');
		const ip = randomIp();
		const t = await tally(Array.from({ length: 50 }, (_, i) => signIn(owner.username, `wrong password ${i}`, ip)));
		expect(t[401]).toBeGreaterThan(0);
		expect(t[401]).toBeLessThanOrEqual(LIMITS.signinUserAddress.max);
		expect(t[401] + t[429]).toBe(50);
		// From that address even the right password waits now …
		expect((await signIn(owner.username, owner.password, ip)).status).toBe(429);
		// … but the stranger has not locked the owner out: from elsewhere it works.
		expect((await signIn(owner.username, owner.password, randomIp())).status).toBe(200);
		// Once the failures are older than the window, the address may try again.
		await env.DB.prepare("UPDATE auth_attempts SET at = at - ?1 WHERE key LIKE 'signin:%' AND key LIKE ?2")
			.bind(LIMITS.signinUserAddress.windowMs + 60_000, `%${owner.username.toLowerCase()}%`)
			.run();
		await env.DB.prepare('UPDATE auth_attempts SET at = at - ?1 WHERE key = ?2').bind(LIMITS.signinAddress.windowMs + 60_000, `signin:addr:${ip}`).run();
		expect((await signIn(owner.username, owner.password, ip)).status).toBe(200);
	});

	it('50 simultaneous wrong sign-ins from one address over many names: at most 30 are checked', { timeout: 90_000 }, async () => {
		const ip = randomIp();
		const t = await tally(Array.from({ length: 50 }, () => signIn(uniqueName('ghost'), 'wrong password', ip)));
		expect(t[401]).toBeGreaterThan(0);
		expect(t[401]).toBeLessThanOrEqual(LIMITS.signinAddress.max);
		expect(t[401] + t[429]).toBe(50);
		const u = await signUp('mia');
		expect((await signIn(u.username, u.password, ip)).status).toBe(429);
		expect((await signIn(u.username, u.password, randomIp())).status).toBe(200);
	});

	it('guessers on many addresses fill the per-username bar; the owner’s known browser still signs in', { timeout: 90_000 }, async () => {
		const first = await request('POST', '/api/auth/signup', { body: { username: uniqueName('own'), password: 'the owner password' } });
		expect(first.status).toBe(201);
		const device = deviceCookie(first);
		expect(device).toMatch(/^device=[a-z2-7]{32}$/);
		const { user } = (await first.json()) as { user: { username: string } };
		const key = `signin:user:${user.username.toLowerCase()}`;
		// 90 failures already counted for the name (from a botnet), then 50 more arrive at once.
		const now = Date.now();
		await env.DB.batch(Array.from({ length: LIMITS.signinUser.max - 10 }, () => env.DB.prepare('INSERT INTO auth_attempts (key, at) VALUES (?1, ?2)').bind(key, now)));
		const t = await tally(Array.from({ length: 50 }, (_, i) => signIn(user.username, `guess ${i}`, randomIp())));
		expect(t[401]).toBeLessThanOrEqual(10);
		expect(t[401] + t[429]).toBe(50);
		const count = await env.DB.prepare('SELECT count(*) AS n FROM auth_attempts WHERE key = ?').bind(key).first<{ n: number }>();
		expect(count?.n).toBe(LIMITS.signinUser.max);
		// A new browser has to wait …
		expect((await signIn(user.username, 'the owner password', randomIp())).status).toBe(429);
		// … the owner's own browser does not, and it is told nothing new (it keeps its device cookie).
		const own = await signIn(user.username, 'the owner password', randomIp(), device!);
		expect(own.status).toBe(200);
		expect(deviceCookie(own)).toBeNull();
		// A device cookie of another account is no pass.
		const other = await request('POST', '/api/auth/signup', { body: { username: uniqueName('oth'), password: 'another password' } });
		expect((await signIn(user.username, 'the owner password', randomIp(), deviceCookie(other)!)).status).toBe(429);
	});

	it('a sign-in that succeeds does not count; failures do', { timeout: 90_000 }, async () => {
		const u = await signUp('suc');
		const ip = randomIp();
		for (let i = 0; i < 5; i++) expect((await signIn(u.username, `wrong ${i}`, ip)).status).toBe(401);
		expect((await signIn(u.username, u.password, ip)).status).toBe(200);
		for (let i = 0; i < 5; i++) expect((await signIn(u.username, `wrong again ${i}`, ip)).status).toBe(401);
		expect((await signIn(u.username, u.password, ip)).status).toBe(429);
	});
});

describe('sign-up limit, counted atomically', () => {
	it('50 simultaneous sign-ups from one address make at most 10 accounts', { timeout: 90_000 }, async () => {
		const ip = randomIp();
		const names = Array.from({ length: 50 }, () => uniqueName('flood'));
		const t = await tally(names.map((username) => request('POST', '/api/auth/signup', { body: { username, password: 'long enough' }, ip })));
		expect(t[201]).toBeGreaterThan(0);
		expect(t[201]).toBeLessThanOrEqual(LIMITS.signupAddress.max);
		expect(t[201] + t[429]).toBe(50);
		const made = await env.DB.prepare(`SELECT count(*) AS n FROM users WHERE username_key IN (SELECT value FROM json_each(?1))`)
			.bind(JSON.stringify(names.map((n) => n.toLowerCase())))
			.first<{ n: number }>();
		expect(made?.n).toBe(t[201]);
	});
});
