// Accounts, issue 15, through the real Worker and the local D1 (docs/security.md "Email
// verification", "Password reset", "Usernames"): verification links (once, in time, for their
// purpose only), email notifications only to a verified address, address changes, password reset
// (the same answer for every account, single use, at most an hour, rate limits, every session
// ended), password change, look-alike usernames. Mails are read from D1 dev_mailbox
// (DEV_MAILBOX=1 in vitest.workers.config.ts), as the real send_email binding left them.
import { INSERT_EVENT_SQL } from '$lib/server/notify/event-row';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '$lib/server/auth/ratelimit';
import { RESET_TTL } from '$lib/server/auth/email-tokens';
import { skeleton } from '$lib/server/auth/skeleton';
import { deliverDue, fanOut, type Senders } from '$lib/server/notify/delivery';
import type { ChannelSender, Recipient } from '$lib/server/notify/types';
import { address, api, mailLink as link, mailCount, mails, randomIp, request, sessionCookie, signUp, uniqueName, verifiedUser, type TestUser } from './helpers';

const DB = env.DB;
const FORM = 'application/x-www-form-urlencoded';


async function userRow(id: string) {
	return DB.prepare('SELECT * FROM users WHERE id = ?1').bind(id).first<Record<string, any>>();
}

const state = (u: TestUser) => api(u, 'GET', '/api/auth/account');
const verify = (token: string) => request('POST', '/api/auth/verify', { body: { token } });
const forgot = (login: string, ip = randomIp()) => request('POST', '/api/auth/forgot', { body: { login }, ip });
const reset = (token: string, password: string) => request('POST', '/api/auth/reset', { body: { token, password } });
const signIn = (username: string, password: string) => request('POST', '/api/auth/signin', { body: { username, password } });

describe('email verification', () => {
	it('sign-up with an address mails a link; the link works once; the address is then verified', async () => {
		const email = address();
		const u = await signUp('vfy', { email });
		expect((await state(u)).body).toEqual({ username: u.username, email, emailVerified: false, pendingEmail: email });
		const row = await userRow(u.id);
		expect(row!.email_verified_at).toBeNull();

		const sent = await mails(email);
		expect(sent).toHaveLength(1);
		expect(sent[0].subject).toBe('Confirm your email address for Rongo');
		const token = await link(email, 'verify');
		// Only the SHA-256 of the token is stored, with its purpose, user, address and expiry.
		const stored = await DB.prepare('SELECT * FROM account_tokens WHERE user_id = ?1').bind(u.id).all<Record<string, any>>();
		expect(stored.results).toHaveLength(1);
		expect(stored.results[0]).toMatchObject({ purpose: 'verify_email', email });
		expect(JSON.stringify(stored.results)).not.toContain(token);

		const first = await verify(token);
		expect(first.status).toBe(200);
		expect(await first.json()).toEqual({ email });
		expect((await state(u)).body).toEqual({ username: u.username, email, emailVerified: true, pendingEmail: null });

		const again = await verify(token);
		expect(again.status).toBe(400);
		expect(await again.json()).toMatchObject({ code: 'BAD_TOKEN' });
	});

	it('opening the verify page confirms nothing (mail scanners fetch links); its headers keep the token private', async () => {
		const email = address();
		const u = await signUp('page', { email });
		await link(email, 'verify');
		const page = await request('GET', '/verify', { headers: { accept: 'text/html' } });
		expect(page.status).toBe(200);
		expect(page.headers.get('referrer-policy')).toBe('no-referrer');
		expect(page.headers.get('cache-control')).toBe('no-store');
		expect((await userRow(u.id))!.email_verified_at).toBeNull();
		// The page confirms by a POST (tests/e2e/account.e2e.ts clicks its button); a form post to the page itself is no way in.
		expect((await request('POST', '/verify', { raw: 'token=x', contentType: FORM, headers: { accept: 'text/html' } })).status).toBeGreaterThanOrEqual(400);
	});

	it('an expired link is refused and verifies nothing', async () => {
		const email = address();
		const u = await signUp('exp', { email });
		const token = await link(email, 'verify');
		await DB.prepare('UPDATE account_tokens SET expires_at = ?1 WHERE user_id = ?2').bind(Date.now() - 1, u.id).run();
		const res = await verify(token);
		expect(res.status).toBe(400);
		expect(await res.json()).toMatchObject({ code: 'BAD_TOKEN' });
		expect((await userRow(u.id))!.email_verified_at).toBeNull();
	});

	it('a token is good for its own purpose only, and a wrong-purpose try does not use it up', async () => {
		const u = await verifiedUser('purp');
		expect((await forgot(u.username)).status).toBe(200);
		const resetToken = await link(u.email, 'reset');
		expect(await (await verify(resetToken)).json()).toMatchObject({ code: 'BAD_TOKEN' });
		// Still good for what it is for.
		expect((await reset(resetToken, 'a brand new password')).status).toBe(200);

		const other = address();
		expect((await api(u, 'POST', '/api/auth/email', { email: other })).status).toBe(401); // the reset ended that session
		const again = await signIn(u.username, 'a brand new password');
		const cookie = sessionCookie(again)!;
		expect((await api({ ...u, cookie }, 'POST', '/api/auth/email', { email: other })).status).toBe(202);
		const verifyToken = await link(other, 'verify');
		expect(await (await reset(verifyToken, 'yet another password')).json()).toMatchObject({ code: 'BAD_TOKEN' });
		expect((await verify(verifyToken)).status).toBe(200);
	});

	it('malformed tokens and bodies get clear errors and change nothing', async () => {
		for (const token of ['', 'x', 'A'.repeat(32), '0'.repeat(32), 'a'.repeat(33)]) {
			const res = await verify(token);
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({ code: 'BAD_TOKEN' });
		}
		expect((await request('POST', '/api/auth/verify', { body: { token: 'a'.repeat(65) } })).status).toBe(400);
		expect((await request('POST', '/api/auth/verify', { body: [] })).status).toBe(400);
		expect((await request('POST', '/api/auth/verify', { raw: '{', contentType: 'application/json' })).status).toBe(400);
	});
});

describe('email notifications go to a verified address only', () => {
	const capture = () => {
		const sent: Recipient[] = [];
		const make = (channel: string): ChannelSender => ({
			async send(to) {
				if (channel === 'email') sent.push(to);
			}
		});
		return { senders: { inapp: make('inapp'), email: make('email'), push: make('push'), webhook: make('webhook') } as Senders, sent };
	};
	let n = 0;
	async function turnEvent(userId: string, at: number): Promise<string> {
		const gameId = `acct${(n++).toString().padStart(12, '0')}`;
		await DB.batch([
			DB.prepare(
				`INSERT INTO games (id, game, status, visibility, creator_id, options, seats_wanted, time_limit, engine_version, version, active_seats, waits, created_at, updated_at)
				 VALUES (?1, 'giants', 'active', 'public', ?2, '{}', 3, '3d', 'giants@1', 5, '[0]', '[[0,null]]', 0, 0)`
			).bind(gameId, userId),
			// (Awaited since long before the event, `waits`: delivery.ts isAwaited, a turn is news in the wait it tells of.)
			DB.prepare('INSERT INTO seats (game_id, user_id, seat, version, joined_at) VALUES (?1, ?2, 0, 5, 0)').bind(gameId, userId),
			// Told at once (issue 32: grace 0): these tests are about which address, not when.
			DB.prepare('UPDATE users SET grace_minutes = 0 WHERE id = ?1').bind(userId)
		]);
		const id = `${gameId}:5:turn:0`;
		const data = { gameId, version: 5, seat: 0, round: 1, phase: 'place', names: ['me', 'ben', 'caro'], since: [], deadline: null };
		await DB.prepare(INSERT_EVENT_SQL)
			.bind(id, userId, gameId, 'turn', 5, 0, JSON.stringify(data), at)
			.run();
		return id;
	}
	const channels = async (eventId: string) =>
		(await DB.prepare('SELECT channel FROM notifications WHERE event_id = ?1 ORDER BY channel').bind(eventId).all<{ channel: string }>()).results.map((r) => r.channel);

	it('an unverified address gets no email delivery; once verified it does', async () => {
		const now = Date.parse('2032-01-05T12:00:00Z');
		const email = address();
		const u = await signUp('notif', { email });
		const before = await turnEvent(u.id, now);
		await fanOut(DB, now, 'https://rongo.test');
		// (No push either: no browser of theirs is subscribed; the in-app message went into the inbox.)
		expect(await channels(before)).toEqual([]);
		// The settings say so too: the channel cannot deliver.
		expect((await api(u, 'GET', '/api/me/settings')).body).toMatchObject({ email, emailVerified: false, can: { email: false } });

		expect((await verify(await link(email, 'verify'))).status).toBe(200);
		const after = await turnEvent(u.id, now + 1);
		await fanOut(DB, now + 1, 'https://rongo.test');
		expect(await channels(after)).toEqual(['email']);
		const { senders, sent } = capture();
		await deliverDue(DB, now + 2, senders, 'https://rongo.test');
		expect(sent.filter((r) => r.id === u.id).map((r) => r.email)).toEqual([email]);
		expect((await api(u, 'GET', '/api/me/settings')).body).toMatchObject({ emailVerified: true, can: { email: true } });
	});

	it('a change keeps the old address in use until the new one is verified', async () => {
		const now = Date.parse('2032-02-05T12:00:00Z');
		const u = await verifiedUser('move');
		const next = address();
		const res = await api(u, 'POST', '/api/auth/email', { email: next });
		expect(res.status).toBe(202);
		expect(res.body).toEqual({ username: u.username, email: u.email, emailVerified: true, pendingEmail: next });
		expect((await userRow(u.id))!.email).toBe(u.email);

		const e1 = await turnEvent(u.id, now);
		await fanOut(DB, now, 'https://rongo.test');
		const first = capture();
		await deliverDue(DB, now + 1, first.senders, 'https://rongo.test');
		expect(first.sent.filter((r) => r.id === u.id).map((r) => r.email)).toEqual([u.email]);
		expect(await channels(e1)).toContain('email');

		expect((await verify(await link(next, 'verify'))).status).toBe(200);
		expect((await state(u)).body).toEqual({ username: u.username, email: next, emailVerified: true, pendingEmail: null });
		await turnEvent(u.id, now + 10);
		await fanOut(DB, now + 10, 'https://rongo.test');
		const second = capture();
		await deliverDue(DB, now + 11, second.senders, 'https://rongo.test');
		expect(second.sent.filter((r) => r.id === u.id).map((r) => r.email)).toEqual([next]);
	});

	it('the settings API changes the address the same way; removing is immediate', async () => {
		const u = await verifiedUser('setapi');
		const next = address();
		const put = await api(u, 'PUT', '/api/me/settings', { email: next });
		expect(put.status).toBe(200);
		expect(put.body).toMatchObject({ email: u.email, emailVerified: true });
		expect(await mailCount(next, 'verify')).toBe(1);
		const gone = await api(u, 'PUT', '/api/me/settings', { email: null });
		expect(gone.body).toMatchObject({ email: null, emailVerified: false, can: { email: false } });
		// The waiting change died with it.
		expect(await (await verify(await link(next, 'verify'))).json()).toMatchObject({ code: 'BAD_TOKEN' });
	});

	it('resend: sends the waiting link again, rate-limited; nothing waiting is a 409', async () => {
		const email = address();
		const u = await signUp('resend', { email });
		const old = await link(email, 'verify');
		// The sign-up mail counted: four more fit in the hour.
		for (let i = 1; i < ACCOUNT_LIMITS.verifyUser.max; i++) expect((await api(u, 'POST', '/api/auth/email/resend')).status).toBe(202);
		expect(await mailCount(email, 'verify')).toBe(ACCOUNT_LIMITS.verifyUser.max);
		const over = await api(u, 'POST', '/api/auth/email/resend');
		expect(over.status).toBe(429);
		expect(over.body).toMatchObject({ code: 'RATE_LIMITED' });
		expect(await mailCount(email, 'verify')).toBe(ACCOUNT_LIMITS.verifyUser.max);
		// Only the newest link works.
		expect(await (await verify(old)).json()).toMatchObject({ code: 'BAD_TOKEN' });
		expect((await verify(await link(email, 'verify', ACCOUNT_LIMITS.verifyUser.max))).status).toBe(200);
		const nothing = await api(u, 'POST', '/api/auth/email/resend');
		expect(nothing.status).toBe(409);
		expect(nothing.body).toMatchObject({ code: 'NOTHING_TO_VERIFY' });
	});

	it('one address cannot be flooded from many accounts', async () => {
		const target = address();
		const accounts = await Promise.all(Array.from({ length: ACCOUNT_LIMITS.verifyTo.max + 1 }, () => signUp('flood')));
		const answers = [];
		for (const a of accounts) answers.push((await api(a, 'POST', '/api/auth/email', { email: target })).status);
		expect(answers.filter((s) => s === 202)).toHaveLength(ACCOUNT_LIMITS.verifyTo.max);
		expect(answers.at(-1)).toBe(429);
		expect(await mailCount(target, 'verify')).toBe(ACCOUNT_LIMITS.verifyTo.max);
	});
});

describe('password reset', () => {
	it('answers the same for an existing account, an unknown name or address, and an account without a verified address', async () => {
		const u = await verifiedUser('same');
		const unverified = address();
		const uv = await signUp('unv', { email: unverified });
		const answers = [];
		for (const login of [u.username, u.email, uniqueName('nobody'), `${uniqueName('no')}@mail.example`, uv.username, unverified, 'not a name!']) {
			const res = await forgot(login);
			answers.push({ status: res.status, body: await res.text(), cookies: res.headers.getSetCookie().length });
		}
		expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
		expect(answers[0]).toEqual({ status: 200, body: '{"ok":true}', cookies: 0 });
		// The mails: two for the verified account (by name and by address), none to the unverified address.
		expect(await link(u.email, 'reset', 2)).toMatch(/^[a-z2-7]{32}$/);
		expect(await mailCount(unverified, 'reset')).toBe(0);
	});

	it('a reset link works once, within the hour, and ends every session and device of the account', async () => {
		const u = await verifiedUser('rst');
		// Two more sessions (other browsers), each with a device cookie.
		const others = [await signIn(u.username, u.password), await signIn(u.username, u.password)].map((r) => sessionCookie(r)!);
		expect((await DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?1').bind(u.id).first<{ n: number }>())!.n).toBe(3);
		expect((await DB.prepare('SELECT count(*) AS n FROM known_devices WHERE user_id = ?1').bind(u.id).first<{ n: number }>())!.n).toBe(3);

		expect((await forgot(u.username)).status).toBe(200);
		const token = await link(u.email, 'reset');
		const row = await DB.prepare("SELECT created_at, expires_at FROM account_tokens WHERE user_id = ?1 AND purpose = 'reset_password'").bind(u.id).first<{ created_at: number; expires_at: number }>();
		expect(row!.expires_at - row!.created_at).toBe(RESET_TTL);
		expect(RESET_TTL).toBeLessThanOrEqual(60 * 60 * 1000);

		// A password too short does not use the link up.
		const short = await reset(token, 'short');
		expect(short.status).toBe(400);
		expect(await short.json()).toMatchObject({ code: 'BAD_PASSWORD' });

		const ok = await reset(token, 'the new password is long');
		expect(ok.status).toBe(200);
		expect(await ok.json()).toEqual({ ok: true });
		expect((await DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?1').bind(u.id).first<{ n: number }>())!.n).toBe(0);
		expect((await DB.prepare('SELECT count(*) AS n FROM known_devices WHERE user_id = ?1').bind(u.id).first<{ n: number }>())!.n).toBe(0);
		for (const cookie of [u.cookie, ...others]) expect((await request('GET', '/api/auth/me', { cookie })).status).toBe(401);

		const again = await reset(token, 'and another password');
		expect(again.status).toBe(400);
		expect(await again.json()).toMatchObject({ code: 'BAD_TOKEN' });
		expect((await signIn(u.username, u.password)).status).toBe(401);
		expect((await signIn(u.username, 'the new password is long')).status).toBe(200);
	});

	it('an expired reset link is refused and changes nothing', async () => {
		const u = await verifiedUser('rexp');
		await forgot(u.email);
		const token = await link(u.email, 'reset');
		await DB.prepare("UPDATE account_tokens SET expires_at = ?1 WHERE user_id = ?2 AND purpose = 'reset_password'").bind(Date.now() - 1, u.id).run();
		const before = (await userRow(u.id))!.password_hash;
		const res = await reset(token, 'never to be set');
		expect(res.status).toBe(400);
		expect(await res.json()).toMatchObject({ code: 'BAD_TOKEN' });
		expect((await userRow(u.id))!.password_hash).toBe(before);
		expect((await request('GET', '/api/auth/me', { cookie: u.cookie })).status).toBe(200);
	});

	it('rate limits: per client address a visible 429; per account silently (same answer, no more mails)', async () => {
		const ip = randomIp();
		for (let i = 0; i < ACCOUNT_LIMITS.resetAddress.max; i++) expect((await forgot(uniqueName('x'), ip)).status).toBe(200);
		const over = await forgot(uniqueName('x'), ip);
		expect(over.status).toBe(429);
		expect(await over.json()).toMatchObject({ code: 'RATE_LIMITED' });

		const u = await verifiedUser('rlim');
		const answers = [];
		for (let i = 0; i < ACCOUNT_LIMITS.resetAccount.max + 2; i++) {
			const res = await forgot(i % 2 ? u.email : u.username);
			answers.push(`${res.status} ${await res.text()}`);
		}
		expect(new Set(answers)).toEqual(new Set(['200 {"ok":true}']));
		await link(u.email, 'reset', ACCOUNT_LIMITS.resetAccount.max);
		// Give any late waitUntil work its chance; the count stays at the limit.
		await forgot(uniqueName('flush'));
		expect(await mailCount(u.email, 'reset')).toBe(ACCOUNT_LIMITS.resetAccount.max);
	});

	it('a newer reset mail kills the links mailed before it (issue 28)', async () => {
		const u = await verifiedUser('rnew');
		expect((await forgot(u.username)).status).toBe(200);
		const first = await link(u.email, 'reset');
		expect((await forgot(u.email)).status).toBe(200);
		const second = await link(u.email, 'reset', 2);
		expect(second).not.toBe(first);
		const old = await reset(first, 'from the older mail');
		expect(old.status).toBe(400);
		expect(await old.json()).toMatchObject({ code: 'BAD_TOKEN' });
		expect((await reset(second, 'from the newest mail')).status).toBe(200);
		expect((await signIn(u.username, 'from the older mail')).status).toBe(401);
		expect((await signIn(u.username, 'from the newest mail')).status).toBe(200);
	});

	it('links that do not work are counted per client address: past 20 in an hour, 429 (issue 28)', async () => {
		const u = await verifiedUser('rguess');
		const ip = randomIp();
		const guess = () => `${crypto.randomUUID().replace(/-/g, '').replace(/[^a-z2-7]/g, 'a')}`.padEnd(32, 'b').slice(0, 32);
		const open = (path: '/api/auth/verify' | '/api/auth/reset', token: string, from = ip) =>
			request('POST', path, { body: path === '/api/auth/reset' ? { token, password: 'a guessed new password' } : { token }, ip: from });
		for (let i = 0; i < ACCOUNT_LIMITS.linkAddress.max; i++) {
			const res = await open(i % 2 ? '/api/auth/verify' : '/api/auth/reset', guess());
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({ code: 'BAD_TOKEN' });
		}
		expect((await forgot(u.username)).status).toBe(200);
		const token = await link(u.email, 'reset');
		// From that address even a good link waits (and is not used up); from another it works.
		const limited = await open('/api/auth/reset', token);
		expect(limited.status).toBe(429);
		expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
		expect((await open('/api/auth/verify', guess())).status).toBe(429);
		expect((await open('/api/auth/reset', token, randomIp())).status).toBe(200);
		// A link that works gives its place back: another address, 19 misses, a hit, and a miss is still a miss.
		const ip2 = randomIp();
		for (let i = 0; i < ACCOUNT_LIMITS.linkAddress.max - 1; i++) expect((await open('/api/auth/verify', guess(), ip2)).status).toBe(400);
		const other = await verifiedUser('rgood');
		expect((await forgot(other.username)).status).toBe(200);
		expect((await open('/api/auth/reset', await link(other.email, 'reset'), ip2)).status).toBe(200);
		expect((await open('/api/auth/verify', guess(), ip2)).status).toBe(400);
		expect((await open('/api/auth/verify', guess(), ip2)).status).toBe(429);
	});

	it('the reset page keeps the token out of Referer and URLs', async () => {
		const res = await request('GET', '/reset', { headers: { accept: 'text/html' } });
		expect(res.status).toBe(200);
		expect(res.headers.get('referrer-policy')).toBe('no-referrer');
		expect(res.headers.get('cache-control')).toBe('no-store');
		const u = await verifiedUser('rlink');
		await forgot(u.username);
		await link(u.email, 'reset');
		const mail = (await mails(u.email)).find((m) => m.subject === 'Reset your Rongo password')!;
		// In the fragment: never sent to a server, so never in a request log.
		expect(mail.text).toMatch(/http:\/\/localhost:8787\/reset#[a-z2-7]{32}/);
		expect(mail.text).not.toMatch(/[?&]token=/);
	});
});

describe('password change', () => {
	it('needs the current password, ends the other sessions, keeps this one', async () => {
		const u = await signUp('chg');
		const other = sessionCookie(await signIn(u.username, u.password))!;
		const wrong = await api(u, 'POST', '/api/auth/password', { current: 'not the password', password: 'a new password here' });
		expect(wrong.status).toBe(401);
		expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
		expect((await request('GET', '/api/auth/me', { cookie: other })).status).toBe(200);

		const ok = await api(u, 'POST', '/api/auth/password', { current: u.password, password: 'a new password here' });
		expect(ok.status).toBe(200);
		expect((await request('GET', '/api/auth/me', { cookie: u.cookie })).status).toBe(200);
		expect((await request('GET', '/api/auth/me', { cookie: other })).status).toBe(401);
		expect((await signIn(u.username, u.password)).status).toBe(401);
		expect((await signIn(u.username, 'a new password here')).status).toBe(200);
	});

	it('wrong current passwords are limited; past the limit even the right one waits', async () => {
		const u = await signUp('chglim');
		for (let i = 0; i < ACCOUNT_LIMITS.passwordUser.max; i++)
			expect((await api(u, 'POST', '/api/auth/password', { current: `wrong ${i}`, password: 'a new password here' })).status).toBe(401);
		const right = await api(u, 'POST', '/api/auth/password', { current: u.password, password: 'a new password here' });
		expect(right.status).toBe(429);
		expect((await signIn(u.username, u.password)).status).toBe(200);
	});

	it('signed out: 401; the form page sends strangers to sign in', async () => {
		expect((await request('POST', '/api/auth/password', { body: { current: 'x', password: 'long enough pw' } })).status).toBe(401);
		expect((await request('POST', '/api/auth/email', { body: { email: 'a@b.example' } })).status).toBe(401);
		const page = await request('GET', '/settings/account', { headers: { accept: 'text/html' } });
		expect(page.status).toBe(303);
		expect(page.headers.get('location')).toBe('/signin');
	});
});

describe('usernames that look alike', () => {
	it.each([
		['bob', 'b0b'],
		['alice', 'AIice'],
		['mallory', 'rnallory'],
		['walter', 'vvalter'],
		['a_b', 'a-b']
	])('%s taken: %s is refused', async (first, second) => {
		const tail = uniqueName('').slice(1, 9).replace(/[^a-z0-9]/g, 'x');
		const a = `${first}${tail}`;
		const b = `${second}${tail}`;
		const one = await request('POST', '/api/auth/signup', { body: { username: a, password: 'long enough pw' } });
		expect(one.status).toBe(201);
		const two = await request('POST', '/api/auth/signup', { body: { username: b, password: 'long enough pw' } });
		expect(two.status).toBe(409);
		expect(await two.json()).toMatchObject({ code: 'USERNAME_LOOKALIKE' });
		expect(await DB.prepare('SELECT 1 FROM users WHERE username = ?1').bind(b).first()).toBeNull();
	});

	it('stores the skeleton, and the migration computes the same one in SQL', async () => {
		const u = await signUp('Skel');
		expect((await userRow(u.id))!.username_skeleton).toBe(skeleton(u.username));
		const migration = env.TEST_MIGRATIONS.find((m: { name: string }) => m.name.startsWith('0006'))!;
		const update = migration.queries.find((q: string) => /SET `username_skeleton` =\s*replace/.test(q))!;
		const expr = update.slice(update.indexOf('replace(')).replace(/;\s*$/, '');
		for (const name of ['AIice', 'b0B', 'rnVVi1-x_O', 'Mike', 'rrnn', 'vvv']) {
			const row = await DB.prepare(`SELECT ${expr.replaceAll('`username`', '?1')} AS s`).bind(name).first<{ s: string }>();
			expect(row!.s, name).toBe(skeleton(name));
		}
	});

	it('backfill: existing look-alikes keep their names, the oldest holds the skeleton, and no new look-alike fits', async () => {
		const tail = uniqueName('').slice(1, 9).replace(/[^a-z0-9]/g, 'x');
		const ids = [crypto.randomUUID(), crypto.randomUUID()];
		// As rows written before the migration: no skeleton yet.
		await DB.batch(
			[`io${tail}`, `l0${tail}`].map((name, i) =>
				DB.prepare("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?1, ?2, ?3, 'x', ?4)").bind(ids[i], name, name.toLowerCase(), 1000 + i)
			)
		);
		const migration = env.TEST_MIGRATIONS.find((m: { name: string }) => m.name.startsWith('0006'))!;
		// The migration's steps again, from the backfill on: the index comes after the backfill.
		await DB.prepare('DROP INDEX users_username_skeleton_unique').run();
		for (const q of migration.queries.filter((q: string) => /^(UPDATE|CREATE UNIQUE INDEX)/m.test(q))) await DB.prepare(q).run();
		const rows = await DB.batch(ids.map((id) => DB.prepare('SELECT username, username_skeleton FROM users WHERE id = ?1').bind(id)));
		const [older, newer] = rows.map((r) => r.results[0] as { username: string; username_skeleton: string });
		expect(older.username_skeleton).toBe(skeleton(older.username));
		expect(newer.username_skeleton).toBe(`${skeleton(newer.username)}#${ids[1]}`);
		const third = await request('POST', '/api/auth/signup', { body: { username: `1o${tail}`, password: 'long enough pw' } });
		expect(await third.json()).toMatchObject({ code: 'USERNAME_LOOKALIKE' });
	});
});
