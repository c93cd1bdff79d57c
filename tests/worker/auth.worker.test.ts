// Accounts through the real Worker and the local D1: sign-up, sign-in, sessions (expiry,
// renewal, revocation), the Origin check and hostile input (docs/security.md).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { ORIGIN, api, randomIp, request, sessionCookie, signUp, uniqueName, type TestUser } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const tokenOf = (cookie: string) => cookie.slice('session='.length);
const idOf = (cookie: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(tokenOf(cookie))));

async function userRow(username: string) {
	return env.DB.prepare('SELECT * FROM users WHERE username_key = ?').bind(username.toLowerCase()).first<Record<string, unknown>>();
}
async function sessionRow(id: string) {
	return env.DB.prepare('SELECT * FROM sessions WHERE id = ?').bind(id).first<{ id: string; user_id: string; expires_at: number }>();
}
async function me(user: Pick<TestUser, 'cookie'>) {
	return api(user as TestUser, 'GET', '/api/auth/me');
}
async function signIn(username: string, password: string, ip = randomIp()) {
	return request('POST', '/api/auth/signin', { body: { username, password }, ip });
}

describe('sign up, sign in, sign out', () => {
	it('signs up: 201, the user, a hardened session cookie; only the token hash is stored', async () => {
		const username = uniqueName('Alice');
		const res = await request('POST', '/api/auth/signup', { body: { username, password: 'a good password', email: 'alice@example.org' } });
		expect(res.status).toBe(201);
		const body = (await res.json()) as { user: { id: string; username: string; email: string } };
		expect(body.user).toMatchObject({ username, email: 'alice@example.org' });
		const line = res.headers.getSetCookie().find((l) => l.startsWith('session='))!;
		expect(line).toMatch(/HttpOnly/i);
		expect(line).toMatch(/SameSite=Lax/i);
		expect(line).toMatch(/Secure/i);
		expect(line).toMatch(/Path=\//);
		const expires = Date.parse(/Expires=([^;]+)/i.exec(line)![1]);
		expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

		const cookie = line.split(';')[0];
		expect(tokenOf(cookie)).toMatch(/^[a-z2-7]{32}$/);
		const row = await sessionRow(idOf(cookie));
		expect(row?.user_id).toBe(body.user.id);
		const dump = JSON.stringify(await env.DB.prepare('SELECT * FROM sessions').all());
		expect(dump).not.toContain(tokenOf(cookie));
		const user = await userRow(username);
		expect(user?.password_hash).toMatch(/^scrypt\$/);
		expect(user?.username_key).toBe(username.toLowerCase());

		const who = await me({ cookie });
		expect(who.status).toBe(200);
		expect(who.body.user).toEqual({ id: body.user.id, username, email: 'alice@example.org' });
	});

	it('refuses a taken username, case-insensitively', async () => {
		const a = await signUp('bob');
		const res = await request('POST', '/api/auth/signup', { body: { username: a.username.toUpperCase(), password: 'another password' } });
		expect(res.status).toBe(409);
		expect(await res.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
	});

	it('signs in with the right password, any case of the name; refuses a wrong one', async () => {
		const u = await signUp('carol');
		const ok = await signIn(u.username.toUpperCase(), u.password);
		expect(ok.status).toBe(200);
		expect(((await ok.json()) as any).user.id).toBe(u.id);
		const cookie = sessionCookie(ok)!;
		expect(cookie).not.toBe(u.cookie);
		expect((await me({ cookie })).status).toBe(200);

		const wrong = await signIn(u.username, u.password + 'x');
		expect(wrong.status).toBe(401);
		expect(await wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
		expect(sessionCookie(wrong)).toBeNull();

		const unknown = await signIn(uniqueName('nobody'), 'whatever123');
		expect(unknown.status).toBe(401);
		expect(await unknown.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
	});

	it('signs out: the session is gone from D1 and the cookie deleted', async () => {
		const u = await signUp('dave');
		const out = await api(u, 'POST', '/api/auth/signout');
		expect(out.status).toBe(200);
		expect(sessionCookie(out.res)).toBe('session=');
		expect(await sessionRow(idOf(u.cookie))).toBeNull();
		const after = await me(u);
		expect(after.status).toBe(401);
		expect(after.body).toMatchObject({ code: 'UNAUTHENTICATED' });
	});

	it('answers 401 UNAUTHENTICATED without a session, and for a forged token', async () => {
		expect((await me({ cookie: '' })).body).toMatchObject({ code: 'UNAUTHENTICATED' });
		const forged = await me({ cookie: 'session=' + 'a'.repeat(32) });
		expect(forged.status).toBe(401);
		expect(sessionCookie(forged.res)).toBe('session=');
		expect((await me({ cookie: 'session=../../etc' })).status).toBe(401);
	});
});

describe('session lifetime', () => {
	it('an expired session signs nobody in and is deleted', async () => {
		const u = await signUp('erin');
		const id = idOf(u.cookie);
		await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').bind(Date.now() - 1000, id).run();
		const r = await me(u);
		expect(r.status).toBe(401);
		expect(sessionCookie(r.res)).toBe('session=');
		expect(await sessionRow(id)).toBeNull();
	});

	it('renews a session with fewer than 15 days left to 30 days (sliding), not one with more', async () => {
		const u = await signUp('frank');
		const id = idOf(u.cookie);
		await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').bind(Date.now() + 20 * DAY, id).run();
		const fresh = await me(u);
		expect(fresh.status).toBe(200);
		expect(sessionCookie(fresh.res)).toBeNull();

		await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').bind(Date.now() + 10 * DAY, id).run();
		const old = await me(u);
		expect(old.status).toBe(200);
		expect(sessionCookie(old.res)).toBe(u.cookie);
		const line = old.res.headers.getSetCookie().find((l) => l.startsWith('session='))!;
		expect(Math.abs(Date.parse(/Expires=([^;]+)/i.exec(line)![1]) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
		const row = await sessionRow(id);
		expect(Math.abs(row!.expires_at - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
	});

	it('lists own sessions (hash ids, current marked) and revokes one; the others live on', async () => {
		const u = await signUp('grace');
		const second = sessionCookie(await signIn(u.username, u.password))!;
		const list = await api(u, 'GET', '/api/auth/sessions');
		expect(list.status).toBe(200);
		const sessions = list.body.sessions as { id: string; current: boolean }[];
		expect(sessions.map((s) => s.id).sort()).toEqual([idOf(u.cookie), idOf(second)].sort());
		expect(sessions.find((s) => s.current)?.id).toBe(idOf(u.cookie));
		expect(JSON.stringify(list.body)).not.toContain(tokenOf(second));

		const revoke = await api(u, 'DELETE', `/api/auth/sessions/${idOf(second)}`);
		expect(revoke.status).toBe(200);
		expect((await me({ cookie: second })).status).toBe(401);
		expect((await me(u)).status).toBe(200);

		// Revoking the current session also deletes its cookie.
		const self = await api(u, 'DELETE', `/api/auth/sessions/${idOf(u.cookie)}`);
		expect(self.status).toBe(200);
		expect(sessionCookie(self.res)).toBe('session=');
		expect((await me(u)).status).toBe(401);
	});

	it('keeps where each session signed in (request.cf country and city), not the address; unknown is null', async () => {
		const u = await signUp('place');
		const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
		const sign = (cf: Record<string, unknown>) =>
			request('POST', '/api/auth/signin', { body: { username: u.username, password: u.password }, ip: '10.9.8.7', cf, headers: { 'user-agent': ua } });
		const berlin = sessionCookie(await sign({ country: 'DE', city: 'Berlin' }))!;
		const nowhere = sessionCookie(await sign({ country: 'XX' }))!;
		const tor = sessionCookie(await sign({ country: 'T1', city: '' }))!;
		// The sign-in form too (its body guard copies the request: the copy must keep `cf`).
		const viaForm = sessionCookie(
			await request('POST', '/signin', {
				raw: new URLSearchParams({ username: u.username, password: u.password }).toString(),
				contentType: 'application/x-www-form-urlencoded',
				headers: { accept: 'text/html' },
				cf: { country: 'NZ', city: 'Auckland' }
			})
		)!;
		const list = await api(u, 'GET', '/api/auth/sessions');
		const byId = new Map((list.body.sessions as { id: string; country: string | null; city: string | null; userAgent: string }[]).map((s) => [s.id, s]));
		expect(byId.get(idOf(berlin))).toMatchObject({ country: 'DE', city: 'Berlin', userAgent: ua });
		expect(byId.get(idOf(nowhere))).toMatchObject({ country: null, city: null });
		expect(byId.get(idOf(tor))).toMatchObject({ country: null, city: null });
		expect(byId.get(idOf(viaForm))).toMatchObject({ country: 'NZ', city: 'Auckland' });
		expect(JSON.stringify(list.body)).not.toContain('10.9.8.7');
		// The export says the same.
		const data = await api(u, 'GET', '/api/me/data');
		expect(data.body.sessions).toContainEqual(expect.objectContaining({ country: 'DE', city: 'Berlin', browser: ua }));
	});

	it("cannot revoke another user's session: 404, and that session still works", async () => {
		const alice = await signUp('heidi');
		const bob = await signUp('ivan');
		const r = await api(alice, 'DELETE', `/api/auth/sessions/${idOf(bob.cookie)}`);
		expect(r.status).toBe(404);
		expect(r.body).toMatchObject({ code: 'NOT_FOUND' });
		expect((await me(bob)).status).toBe(200);
		expect((await api(alice, 'DELETE', '/api/auth/sessions/not-a-hash')).status).toBe(404);
		expect((await api(null, 'DELETE', `/api/auth/sessions/${idOf(bob.cookie)}`)).status).toBe(401);
	});
});

describe('Origin check (CSRF)', () => {
	it('refuses a cross-origin JSON post: 403 CROSS_ORIGIN, nothing created', async () => {
		const username = uniqueName('mallory');
		for (const origin of ['http://evil.example', 'null', null]) {
			const res = await request('POST', '/api/auth/signup', { body: { username, password: 'long enough' }, origin });
			expect(res.status).toBe(403);
			expect(await res.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
		}
		expect(await userRow(username)).toBeNull();
	});

	it('refuses cross-origin sign-out, revocation and form posts; the session survives', async () => {
		const u = await signUp('judy');
		for (const [method, path] of [['POST', '/api/auth/signout'], ['DELETE', `/api/auth/sessions/${idOf(u.cookie)}`]]) {
			const res = await request(method, path, { cookie: u.cookie, origin: 'https://evil.example' });
			expect(res.status).toBe(403);
		}
		const form = await request('POST', '/signout', { cookie: u.cookie, origin: 'https://evil.example', raw: '', contentType: 'application/x-www-form-urlencoded' });
		expect(form.status).toBe(403);
		expect((await me(u)).status).toBe(200);
	});

	it('refuses a cross-origin WebSocket upgrade, even a GET', async () => {
		const u = await signUp('ken');
		const res = await request('GET', '/api/games/some-game/socket', {
			cookie: u.cookie,
			origin: 'https://evil.example',
			headers: { upgrade: 'websocket', connection: 'Upgrade' }
		});
		expect(res.status).toBe(403);
		expect(await res.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
	});

	it('lets cross-origin GETs through (reading public pages is no attack)', async () => {
		const res = await request('GET', '/signin', { origin: 'https://elsewhere.example' });
		expect(res.status).toBe(200);
	});
});

// Rate limits: tests/worker/ratelimit.worker.test.ts.

describe('hostile input', () => {
	const names: [string, string][] = [
		['ab', 'BAD_USERNAME'],
		['a'.repeat(25), 'BAD_USERNAME'],
		['x'.repeat(10_000), 'BAD_USERNAME'],
		['Ålice', 'BAD_USERNAME'],
		['al ice', 'BAD_USERNAME'],
		['alice\u0000x', 'BAD_USERNAME'],
		['adm\u202Eni', 'BAD_USERNAME'],
		['😀😀😀', 'BAD_USERNAME'],
		['<script>', 'BAD_USERNAME'],
		["o'; DROP TABLE users;--", 'BAD_USERNAME'],
		['__proto__', 'USERNAME_RESERVED'],
		['constructor', 'USERNAME_RESERVED'],
		['Admin', 'USERNAME_RESERVED']
	];
	for (const [username, code] of names) {
		it(`refuses the username ${JSON.stringify(username.slice(0, 30))} with ${code}`, async () => {
			const res = await request('POST', '/api/auth/signup', { body: { username, password: 'long enough' } });
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({ code });
			expect(await userRow(username)).toBeNull();
		});
	}

	const bodies: [string, unknown, number, string][] = [
		['a short password', { password: 'short' }, 400, 'BAD_PASSWORD'],
		['a 257-character password', { password: 'p'.repeat(257) }, 400, 'BAD_PASSWORD'],
		['a password with control characters', { password: 'long\u0007enough' }, 400, 'BAD_PASSWORD'],
		['a bad email', { email: 'not an email' }, 400, 'BAD_EMAIL'],
		['an email with markup', { email: '<a@b.c>' }, 400, 'BAD_EMAIL'],
		['a number for the username', { username: 12345 }, 400, 'BAD_REQUEST'],
		['an array for the password', { password: ['long enough'] }, 400, 'BAD_REQUEST'],
		['an object for the email', { email: { $ne: null } }, 400, 'BAD_REQUEST']
	];
	for (const [what, over, status, code] of bodies) {
		it(`refuses ${what} with ${status} ${code}`, async () => {
			const username = uniqueName('olga');
			const res = await request('POST', '/api/auth/signup', { body: { username, password: 'long enough', ...(over as object) } });
			expect(res.status).toBe(status);
			expect(await res.json()).toMatchObject({ code });
			expect(await userRow(username)).toBeNull();
		});
	}

	const raws: [string, string, string | undefined, number, string][] = [
		['a __proto__ key', '{"username":"pat_proto","password":"long enough","__proto__":{"admin":true}}', 'application/json', 400, 'BAD_REQUEST'],
		['malformed JSON', '{"username":"pat_bad",', 'application/json', 400, 'BAD_JSON'],
		['an empty body', '', 'application/json', 400, 'BAD_JSON'],
		['JSON null', 'null', 'application/json', 400, 'BAD_REQUEST'],
		['deep nesting', '{"username":"pat_deep","password":"long enough","email":' + '['.repeat(5000) + ']'.repeat(5000) + '}', 'application/json', 400, 'BAD_REQUEST'],
		['a 20 KiB body', JSON.stringify({ username: 'pat_big', password: 'long enough', pad: 'x'.repeat(20_000) }), 'application/json', 413, 'TOO_LARGE'],
		['text/plain', '{"username":"pat_text","password":"long enough"}', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
		['no content type', '{"username":"pat_none","password":"long enough"}', undefined, 415, 'UNSUPPORTED_MEDIA_TYPE']
	];
	for (const [what, raw, contentType, status, code] of raws) {
		it(`answers ${what} with ${status} ${code}`, async () => {
			const before = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE username_key LIKE 'pat_%'").first<{ n: number }>();
			for (const path of ['/api/auth/signup', '/api/auth/signin']) {
				const res = await request('POST', path, { raw, contentType });
				expect(res.status).toBe(status);
				expect(await res.json()).toMatchObject({ code });
			}
			const after = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE username_key LIKE 'pat_%'").first<{ n: number }>();
			expect(after?.n).toBe(before?.n);
		});
	}

	it('signs in nobody with a hostile username or an enormous password', async () => {
		for (const username of ['__proto__', "' OR 1=1 --", 'x'.repeat(5000), '']) {
			const res = await signIn(username, 'long enough');
			expect(res.status).toBe(401);
			expect(await res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
		}
		const u = await signUp('quinn');
		const res = await signIn(u.username, 'p'.repeat(10_000));
		expect(res.status).toBe(401);
	});
});

describe('privacy', () => {
	it("never shows a user's email in another user's responses", async () => {
		const email = `secret-${crypto.randomUUID()}@example.org`;
		const alice = await signUp('rita', { email });
		const bob = await signUp('sam');
		const seen: string[] = [];
		const signin = await signIn(bob.username, bob.password);
		seen.push(await signin.text());
		for (const path of ['/api/auth/me', '/api/auth/sessions', '/settings/sessions', '/signout', '/']) {
			seen.push(await (await request('GET', path, { cookie: bob.cookie })).text());
		}
		seen.push(await (await request('DELETE', `/api/auth/sessions/${idOf(alice.cookie)}`, { cookie: bob.cookie })).text());
		seen.push(await (await request('POST', '/api/auth/signup', { body: { username: alice.username, password: 'long enough' } })).text());
		seen.push(await (await signIn(alice.username, 'wrong password')).text());
		for (const text of seen) expect(text).not.toContain(email);
		// The owner does see it.
		expect(JSON.stringify((await me(alice)).body)).toContain(email);
	});
});

describe('form pages', () => {
	const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
	const FORM = 'application/x-www-form-urlencoded';
	// As a browser sends it: without it SvelteKit answers form actions as JSON for `use:enhance`.
	const html = { accept: 'text/html' };

	it('a sign-up with an address lands on My games asking to look for the mail (issue 30)', async () => {
		const username = uniqueName('uma');
		const up = await request('POST', '/signup', {
			raw: form({ username, password: 'long enough', email: `${username}@example.org` }),
			contentType: FORM,
			headers: html
		});
		expect(up.status).toBe(303);
		expect(up.headers.get('location')).toBe('/games?welcome=check-mail');
		const page = await request('GET', '/games?welcome=check-mail', { cookie: sessionCookie(up)!, headers: html });
		expect(await page.text()).toContain('data-testid="check-mail"');
	});

	it('signs up and in through the forms: 303 to /games with the cookie', async () => {
		const username = uniqueName('tina');
		const up = await request('POST', '/signup', { raw: form({ username, password: 'long enough', email: '' }), contentType: FORM, headers: html });
		expect(up.status).toBe(303);
		expect(up.headers.get('location')).toBe('/games');
		expect(sessionCookie(up)).toMatch(/^session=[a-z2-7]{32}$/);
		expect((await userRow(username))?.email).toBeNull();

		const inn = await request('POST', '/signin', { raw: form({ username, password: 'long enough' }), contentType: FORM, headers: html });
		expect(inn.status).toBe(303);
		const cookie = sessionCookie(inn)!;

		const page = await request('GET', '/settings/sessions', { cookie, headers: html });
		expect(page.status).toBe(200);
		// Both sessions (the sign-up's and the sign-in's) are listed, this one marked.
		const text = await page.text();
		expect(text.match(/data-testid="session"/g)).toHaveLength(2);
		expect(text.match(/This browser/g)).toHaveLength(1);

		const out = await request('POST', '/signout', { cookie, raw: '', contentType: FORM, headers: html });
		expect(out.status).toBe(303);
		expect(await sessionRow(idOf(cookie))).toBeNull();
	});

	it('shows the error on a failed form sign-in, in German under /de', async () => {
		const res = await request('POST', '/de/signin', { raw: form({ username: 'nobody_here', password: 'wrong password' }), contentType: FORM, headers: html });
		expect(res.status).toBe(401);
		const page = await res.text();
		expect(page).toContain('Benutzername oder Passwort ist falsch.');
		expect(page).not.toContain('wrong password');
	});

	it('sends signed-out visitors of /settings/sessions to /signin', async () => {
		const res = await request('GET', '/settings/sessions');
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/signin');
	});

	it("does not revoke another user's session through the form", async () => {
		const a = await signUp('uma');
		const b = await signUp('vic');
		const res = await request('POST', '/settings/sessions?/revoke', { cookie: a.cookie, raw: form({ id: idOf(b.cookie) }), contentType: FORM, headers: html });
		expect(res.status).toBe(404);
		expect((await me(b)).status).toBe(200);
	});
});
