// The email channel end to end inside workerd: a real send through the local send_email binding
// with the copy in D1 dev_mailbox (DEV_MAILBOX=1 in vitest.workers.config.ts), the unsubscribe
// page (GET asks, POST acts), RFC 8058 one-click without an Origin, refusals of forged, expired
// and wrong-channel tokens, and the development mailbox page.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { emailSender } from '$lib/server/notify/email';
import { DEV_UNSUBSCRIBE_SECRET, UNSUBSCRIBE_TTL_MS, unsubscribeToken } from '$lib/server/notify/unsubscribe';
import type { Message, Recipient } from '$lib/server/notify/types';
import { load as mailboxLoad } from '../../src/routes/dev/mailbox/+page.server';
import { request, signUp, uniqueName, type TestUser } from './helpers';

const FORM = 'application/x-www-form-urlencoded';

async function prefOf(userId: string): Promise<string | null> {
	const row = await env.DB.prepare("SELECT mode FROM notification_prefs WHERE user_id = ? AND channel = 'email'")
		.bind(userId)
		.first<{ mode: string }>();
	return row?.mode ?? null;
}

/** A user with email notifications explicitly on. */
async function emailUser(): Promise<TestUser> {
	const u = await signUp('mail', { email: `${uniqueName('m')}@mail.example` });
	await env.DB.prepare("INSERT INTO notification_prefs (user_id, channel, mode) VALUES (?, 'email', 'turn')").bind(u.id).run();
	return u;
}

const tokenFor = (u: TestUser, channel: 'email' | 'push' = 'email', at = Date.now()) =>
	unsubscribeToken(DEV_UNSUBSCRIBE_SECRET, u.id, channel, at);

/** Flips the lowest bit of one character of the token's payload (stays base64url). */
function flipOneBit(token: string): string {
	const i = 5;
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	const c = alphabet[alphabet.indexOf(token[i]) ^ 1];
	return token.slice(0, i) + c + token.slice(i + 1);
}

const postPage = (token: string, o: { origin?: string | null; path?: string } = {}) =>
	request('POST', o.path ?? `/unsubscribe?t=${token}`, {
		raw: new URLSearchParams({ t: token }).toString(),
		contentType: FORM,
		origin: o.origin,
		// What a browser's plain form post accepts: the page, not SvelteKit's JSON action result.
		headers: { accept: 'text/html' }
	});
const oneClick = (token: string, path = '/api/unsubscribe') =>
	request('POST', `${path}?t=${encodeURIComponent(token)}`, { raw: 'List-Unsubscribe=One-Click', contentType: FORM, origin: null });

describe('emailSender in workerd', () => {
	it('sends through the EMAIL binding and keeps a copy with the headers and the unsubscribe link', async () => {
		const u = await emailUser();
		const to: Recipient = { id: u.id, username: u.username, email: u.email, locale: 'de', webhookUrl: null };
		const subject = `Giants: Du bist am Zug ${uniqueName('s')}`;
		const msg: Message = { subject, text: `${u.username}, du bist am Zug.`, url: 'http://localhost:8787/de/games/abcdefghijklmnop', lines: ['ben bietet 3.'] };
		// The real binding (miniflare parses the MIME and checks From against the envelope) and D1.
		await emailSender(env).send(to, msg, { notificationId: 'n1', event: null });

		const row = await env.DB.prepare('SELECT * FROM dev_mailbox WHERE subject = ?').bind(subject).first<Record<string, string>>();
		expect(row).not.toBeNull();
		expect(row!.to_address).toBe(u.email);
		expect(row!.text).toContain('Seit deinem letzten Zug:');
		expect(row!.text).toContain('- ben bietet 3.');
		expect(row!.html).toContain('<html lang="de">');
		const headers = JSON.parse(row!.headers) as Record<string, string>;
		expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
		const m = /^<(https?:\/\/[^/]+)\/api\/unsubscribe\?t=([A-Za-z0-9_.-]+)>$/.exec(headers['List-Unsubscribe']);
		expect(m).not.toBeNull();
		const token = m![2];
		expect(row!.text).toContain(`/de/unsubscribe?t=${token}`);

		// The link from the mail works: it asks first, then turns the email channel off.
		expect(await prefOf(u.id)).toBe('turn');
		const page = await request('GET', `/de/unsubscribe?t=${token}`);
		expect(page.status).toBe(200);
		expect(await page.text()).toContain(`Zug-E-Mails für ${u.username} abbestellen?`);
		expect(await prefOf(u.id)).toBe('turn');
	});

	it('does nothing for a user without an address', async () => {
		const before = await env.DB.prepare('SELECT count(*) AS n FROM dev_mailbox').first<{ n: number }>();
		await emailSender(env).send({ id: 'x', username: 'x', email: null, locale: 'en', webhookUrl: null }, { subject: 's', text: 't', url: 'http://localhost/', lines: [] }, { notificationId: 'n', event: null });
		const after = await env.DB.prepare('SELECT count(*) AS n FROM dev_mailbox').first<{ n: number }>();
		expect(after!.n).toBe(before!.n);
	});
});

describe('the unsubscribe page', () => {
	it('GET shows the question and changes nothing; POST turns email off', async () => {
		const u = await emailUser();
		const t = tokenFor(u);
		for (let i = 0; i < 2; i++) {
			// A mail scanner may fetch the link any number of times.
			const res = await request('GET', `/unsubscribe?t=${t}`);
			expect(res.status).toBe(200);
			expect(res.headers.get('cache-control')).toContain('no-store');
			const html = await res.text();
			expect(html).toContain(`Stop turn emails for ${u.username}?`);
			expect(html).toMatch(/<form method="post"/);
		}
		expect(await prefOf(u.id)).toBe('turn');
		const done = await postPage(t);
		expect(done.status).toBe(200);
		expect(await done.text()).toContain(`Done: ${u.username} gets no more turn emails.`);
		expect(await prefOf(u.id)).toBe('off');
	});

	it('works for a user without a prefs row (the default), creating it as off', async () => {
		const u = await signUp('plain', { email: `${uniqueName('p')}@mail.example` });
		expect(await prefOf(u.id)).toBeNull();
		expect((await postPage(tokenFor(u))).status).toBe(200);
		expect(await prefOf(u.id)).toBe('off');
	});

	it('refuses forged, expired, other-channel and malformed tokens with 400, changing nothing', async () => {
		const u = await emailUser();
		const bad = {
			forged: flipOneBit(tokenFor(u)),
			expired: tokenFor(u, 'email', Date.now() - UNSUBSCRIBE_TTL_MS - 60_000),
			push: tokenFor(u, 'push'),
			foreignSecret: unsubscribeToken('some-other-secret-that-is-long-enough-000000', u.id, 'email', Date.now()),
			malformed: 'not-a-token',
			missing: ''
		};
		for (const [kind, t] of Object.entries(bad)) {
			const get = await request('GET', `/unsubscribe?t=${encodeURIComponent(t)}`);
			expect(get.status, `GET ${kind}`).toBe(400);
			const html = await get.text();
			expect(html, kind).toContain('This unsubscribe link is invalid or has expired.');
			expect(html, kind).toContain('href="/settings/notifications"');
			expect((await postPage(t)).status, `POST ${kind}`).toBe(400);
			const one = await oneClick(t);
			expect(one.status, `one-click ${kind}`).toBe(400);
			expect(await one.json()).toMatchObject({ code: 'INVALID_TOKEN' });
		}
		expect(await prefOf(u.id)).toBe('turn');
	});

	it('says it in German under /de', async () => {
		const res = await request('GET', '/de/unsubscribe?t=nope');
		expect(res.status).toBe(400);
		expect(await res.text()).toContain('Dieser Abmeldelink ist ungültig oder abgelaufen.');
	});

	it('keeps the Origin check for the page’s own form', async () => {
		const u = await emailUser();
		expect((await postPage(tokenFor(u), { origin: 'https://evil.example' })).status).toBe(403);
		expect((await postPage(tokenFor(u), { origin: null })).status).toBe(403);
		expect(await prefOf(u.id)).toBe('turn');
	});
});

describe('RFC 8058 one-click', () => {
	it('unsubscribes from a POST without Origin or cookie', async () => {
		const u = await emailUser();
		const res = await oneClick(tokenFor(u));
		expect(res.status).toBe(200);
		expect(await res.json()).toEqual({ ok: true, channel: 'email', mode: 'off' });
		expect(await prefOf(u.id)).toBe('off');
	});

	it('also takes the multipart form', async () => {
		const u = await emailUser();
		const fd = new FormData();
		fd.set('List-Unsubscribe', 'One-Click');
		const body = new Request('http://x/', { method: 'POST', body: fd });
		const res = await request('POST', `/api/unsubscribe?t=${tokenFor(u)}`, {
			raw: await body.text(),
			contentType: body.headers.get('content-type')!,
			origin: null
		});
		expect(res.status).toBe(200);
		expect(await prefOf(u.id)).toBe('off');
	});

	it('needs the one-click body; GET only redirects to the page', async () => {
		const u = await emailUser();
		const t = tokenFor(u);
		const noBody = await request('POST', `/api/unsubscribe?t=${t}`, { raw: 'x=y', contentType: FORM, origin: null });
		expect(noBody.status).toBe(400);
		const get = await request('GET', `/api/unsubscribe?t=${t}`, { origin: null });
		expect(get.status).toBe(303);
		expect(get.headers.get('location')).toBe(`/unsubscribe?t=${t}`);
		expect(await prefOf(u.id)).toBe('turn');
	});

	it('is the only exception to the Origin check', async () => {
		const u = await emailUser();
		// The same request to any other path, or another method, is still refused.
		expect((await oneClick(tokenFor(u), '/de/api/unsubscribe')).status).toBe(403);
		expect((await oneClick(tokenFor(u), '/api/unsubscribe-now')).status).toBe(403);
		expect((await oneClick(tokenFor(u), '/unsubscribe')).status).toBe(403);
		const put = await request('PUT', `/api/unsubscribe?t=${tokenFor(u)}`, { raw: 'List-Unsubscribe=One-Click', contentType: FORM, origin: null });
		expect(put.status).toBe(403);
		expect(await prefOf(u.id)).toBe('turn');
	});
});

describe('/dev/mailbox', () => {
	it('lists the kept mails, newest first, where DEV_MAILBOX is on', async () => {
		const subject = `Mailbox test ${uniqueName('x')}`;
		const older = `Older ${uniqueName('x')}`;
		for (const [s, at] of [[older, Date.now() - 60_000], [subject, Date.now() + 60_000]] as const)
			await env.DB.prepare('INSERT INTO dev_mailbox (id, to_address, subject, text, html, headers, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
				.bind(crypto.randomUUID(), 'someone@mail.example', s, 'Plain <b>text</b>', '<p>html</p>', '{"From":"Rongo <turns@rongo.invalid>"}', at)
				.run();
		const res = await request('GET', '/dev/mailbox');
		expect(res.status).toBe(200);
		const html = await res.text();
		expect(html).toContain(subject);
		expect(html.indexOf(subject)).toBeLessThan(html.indexOf(older));
		expect(html).toContain('Plain &lt;b>text&lt;/b>');
		// The mail's HTML runs nothing and reaches nothing of the page; it may only open a link in a
		// new tab (the site's pages refuse to be framed).
		const sandbox = html.match(/<iframe sandbox="([^"]*)"/)?.[1];
		expect(sandbox).toBeDefined();
		expect(sandbox).not.toMatch(/allow-scripts|allow-same-origin|allow-top-navigation|allow-forms/);
	});

	it('does not exist without DEV_MAILBOX', async () => {
		const err = await Promise.resolve()
			.then(() => mailboxLoad({ platform: { env: { ...env, DEV_MAILBOX: undefined } }, setHeaders: () => {} } as never))
			.catch((e) => e);
		expect(err?.status).toBe(404);
	});
});
