// Web Push inside workerd: the subscription API (/api/push) through the real Worker and local D1,
// and the push channel (pushSender) with an injected fetch that plays the push service. The body
// the channel sends is decrypted with the subscription's private key, made here, by the test-only
// RFC 8291 reference (tests/push-rfc8291.ts).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEV_ONLY_VAPID_KEYS, pushSender } from '$lib/server/notify/push';
import { PermanentFailure } from '$lib/server/notify/webhook';
import type { Message, Recipient } from '$lib/server/notify/types';
import { b64uDecode, b64uEncode, referenceDecrypt } from '../push-rfc8291';
import { api, request, signUp, type TestUser } from './helpers';

interface Device {
	endpoint: string;
	keys: { p256dh: string; auth: string };
	privateKey: CryptoKey;
}

/** A browser's side of a subscription: an ECDH P-256 pair, an auth secret, a capability URL. */
async function device(): Promise<Device> {
	const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
	const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
	return {
		endpoint: `https://push.example.test/send/${crypto.randomUUID()}`,
		keys: { p256dh: b64uEncode(raw), auth: b64uEncode(crypto.getRandomValues(new Uint8Array(16))) },
		privateKey: pair.privateKey
	};
}

async function sha256Hex(s: string): Promise<string> {
	const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s));
	return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function subscribe(user: TestUser, d: Device) {
	return api(user, 'POST', '/api/push', { endpoint: d.endpoint, keys: d.keys });
}

async function ownerOf(endpoint: string): Promise<string | null> {
	const row = await env.DB.prepare('SELECT user_id FROM push_subscriptions WHERE endpoint = ?').bind(endpoint).first<{ user_id: string }>();
	return row?.user_id ?? null;
}

describe('/api/push', () => {
	it('answers 401 UNAUTHENTICATED when signed out', async () => {
		const d = await device();
		for (const [method, body] of [
			['GET', undefined],
			['POST', { endpoint: d.endpoint, keys: d.keys }],
			['DELETE', { endpoint: d.endpoint }]
		] as const) {
			const res = await api(null, method, '/api/push', body);
			expect(res.status, method).toBe(401);
			expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) });
		}
	});

	it('GET gives the VAPID public key (the DEV_ONLY one in tests) and which endpoints are this user’s', async () => {
		const alice = await signUp('pusha');
		const empty = await api(alice, 'GET', '/api/push');
		expect(empty.status).toBe(200);
		expect(empty.body).toEqual({ publicKey: DEV_ONLY_VAPID_KEYS.publicKey, endpointHashes: [] });
		const d = await device();
		expect((await subscribe(alice, d)).status).toBe(200);
		const after = await api(alice, 'GET', '/api/push');
		expect(after.body.endpointHashes).toEqual([await sha256Hex(d.endpoint)]);
		// Never the capability URL itself.
		expect(JSON.stringify(after.body)).not.toContain(d.endpoint);
	});

	it('validates the subscription', async () => {
		const alice = await signUp('pushv');
		const d = await device();
		const notOnCurve = b64uEncode(new Uint8Array([4, ...new Uint8Array(64).fill(1)]));
		const bad: [string, unknown][] = [
			['http endpoint', { endpoint: 'http://push.example.test/x', keys: d.keys }],
			['not a URL', { endpoint: 'push.example.test/x', keys: d.keys }],
			['endpoint > 1000', { endpoint: `https://push.example.test/${'a'.repeat(1000)}`, keys: d.keys }],
			['short p256dh', { endpoint: d.endpoint, keys: { ...d.keys, p256dh: d.keys.p256dh.slice(0, 80) } }],
			['short auth', { endpoint: d.endpoint, keys: { ...d.keys, auth: d.keys.auth.slice(0, 20) } }],
			['auth not base64url', { endpoint: d.endpoint, keys: { ...d.keys, auth: '+'.repeat(22) } }],
			['point not on the curve', { endpoint: d.endpoint, keys: { ...d.keys, p256dh: notOnCurve } }],
			['no keys', { endpoint: d.endpoint }]
		];
		for (const [what, body] of bad) {
			const res = await api(alice, 'POST', '/api/push', body);
			expect(res.status, what).toBe(400);
			expect(res.body.code, what).toBe('BAD_REQUEST');
		}
		const raw = await request('POST', '/api/push', { cookie: alice.cookie, raw: 'x', contentType: 'text/plain' });
		expect(raw.status).toBe(415);
		expect(await ownerOf(d.endpoint)).toBeNull();
	});

	it('refuses endpoints the Worker may not call: loopback, private, link-local, metadata, credentials (issue 10)', async () => {
		const alice = await signUp('pushu');
		const d = await device();
		const endpoints = [
			'https://127.0.0.1:1/push',
			'https://169.254.169.254/latest/meta-data/',
			'https://[::1]/push',
			'https://[::ffff:127.0.0.1]/push',
			'https://2130706433/push',
			'https://10.1.2.3/push',
			'https://localhost/push',
			'https://user:pw@push.example.test/send/x'
		];
		for (const endpoint of endpoints) {
			const res = await api(alice, 'POST', '/api/push', { endpoint, keys: d.keys });
			expect(res.status, endpoint).toBe(400);
			expect(res.body.code, endpoint).toBe('BAD_REQUEST');
			expect(res.body.message, endpoint).toMatch(/^endpoint:/);
			expect(await ownerOf(new URL(endpoint).href), endpoint).toBeNull();
			expect(await ownerOf(endpoint), endpoint).toBeNull();
		}
	});

	it('never calls a stored endpoint the policy refuses: the subscription is dropped, the delivery fails for good', async () => {
		const alice = await signUp('pushs');
		const d = await device();
		// As a row written before the policy existed.
		await env.DB.prepare('INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 0)')
			.bind(crypto.randomUUID(), alice.id, 'https://169.254.169.254/x', d.keys.p256dh, d.keys.auth)
			.run();
		const calls: string[] = [];
		const sender = pushSender(env, async (url: string) => {
			calls.push(url);
			return new Response(null, { status: 201 });
		});
		const to: Recipient = { id: alice.id, username: alice.username, email: null, locale: 'en', webhookUrl: null };
		const err = await sender.send(to, { subject: 's', text: 't', url: 'http://localhost/games/x', lines: [] }, { notificationId: 'n-x', event: null }).catch((e) => e);
		expect(err).toBeInstanceOf(PermanentFailure);
		expect(calls).toEqual([]);
		expect(await ownerOf('https://169.254.169.254/x')).toBeNull();
	});

	it('refuses a cross-origin write', async () => {
		const alice = await signUp('pusho');
		const d = await device();
		const res = await request('POST', '/api/push', {
			cookie: alice.cookie,
			body: { endpoint: d.endpoint, keys: d.keys },
			origin: 'https://evil.example'
		});
		expect(res.status).toBe(403);
		expect(await ownerOf(d.endpoint)).toBeNull();
	});

	it('an endpoint moves to whoever subscribed last; only the owner can delete it', async () => {
		const alice = await signUp('pushm');
		const bob = await signUp('pushn');
		const d = await device();
		expect((await subscribe(alice, d)).status).toBe(200);
		expect(await ownerOf(d.endpoint)).toBe(alice.id);
		// Subscribing again is idempotent.
		expect((await subscribe(alice, d)).status).toBe(200);
		// The same browser, now Bob's (a shared computer).
		expect((await subscribe(bob, d)).status).toBe(200);
		expect(await ownerOf(d.endpoint)).toBe(bob.id);
		expect((await api(alice, 'GET', '/api/push')).body.endpointHashes).toEqual([]);

		const notHers = await api(alice, 'DELETE', '/api/push', { endpoint: d.endpoint });
		expect(notHers.status).toBe(404);
		expect(notHers.body.code).toBe('NOT_FOUND');
		expect(await ownerOf(d.endpoint)).toBe(bob.id);

		expect((await api(bob, 'DELETE', '/api/push', { endpoint: d.endpoint })).status).toBe(200);
		expect(await ownerOf(d.endpoint)).toBeNull();
		expect((await api(bob, 'DELETE', '/api/push', { endpoint: d.endpoint })).status).toBe(404);
	});
});

describe('pushSender', () => {
	const msg: Message = {
		subject: 'Your turn in Rongo',
		text: 'carol bid 3 on the auction. Your bid?',
		url: 'http://localhost/games/abcdefghijklmnop',
		lines: []
	};
	const ctx = { notificationId: 'n-1', event: null };
	const recipient = (u: TestUser): Recipient => ({ id: u.id, username: u.username, email: null, locale: 'en', webhookUrl: null });

	type Captured = { url: string; headers: Headers; body: Uint8Array };
	function fakeFetch(status: (url: string) => number | Error) {
		const calls: Captured[] = [];
		const fn = async (url: string, init: RequestInit) => {
			calls.push({ url, headers: new Headers(init.headers), body: new Uint8Array(init.body as Uint8Array) });
			const s = status(url);
			if (s instanceof Error) throw s;
			return new Response(s === 201 ? null : 'push service says', { status: s });
		};
		return { calls, fn };
	}

	it('sends an encrypted JSON payload with VAPID, aes128gcm, TTL and Urgency to each subscription', async () => {
		const alice = await signUp('pushs');
		const phone = await device();
		const laptop = await device();
		await subscribe(alice, phone);
		await subscribe(alice, laptop);
		const push = fakeFetch(() => 201);
		await pushSender(env, push.fn).send(recipient(alice), msg, ctx);

		expect(push.calls.map((c) => c.url).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
		for (const call of push.calls) {
			const d = call.url === phone.endpoint ? phone : laptop;
			const h = call.headers;
			expect(h.get('content-encoding')).toBe('aes128gcm');
			expect(h.get('ttl')).toBe('86400');
			expect(h.get('urgency')).toBe('normal');
			const auth = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(h.get('authorization') ?? '');
			expect(auth).not.toBeNull();
			const [, jh, jp, js, k] = auth!;
			expect(k).toBe(DEV_ONLY_VAPID_KEYS.publicKey);
			const claims = JSON.parse(new TextDecoder().decode(b64uDecode(jp)));
			expect(claims).toMatchObject({ aud: 'https://push.example.test', sub: 'mailto:dev@rongo.invalid' });
			const vapid = await crypto.subtle.importKey('raw', b64uDecode(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
			const signed = new TextEncoder().encode(`${jh}.${jp}`);
			expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, vapid, b64uDecode(js), signed)).toBe(true);

			const out = await referenceDecrypt(call.body, { publicKey: d.keys.p256dh, privateKey: d.privateKey, authSecret: d.keys.auth });
			expect(JSON.parse(new TextDecoder().decode(out.plaintext))).toEqual({
				title: msg.subject,
				body: msg.text,
				url: msg.url,
				tag: 'rongo-n-1'
			});
		}
	});

	it('resolves without a request when the user has no subscription', async () => {
		const carol = await signUp('pushc');
		const push = fakeFetch(() => 201);
		await pushSender(env, push.fn).send(recipient(carol), msg, ctx);
		expect(push.calls).toHaveLength(0);
	});

	it('410 or 404 deletes that subscription and is not an error', async () => {
		const alice = await signUp('pushg');
		const gone = await device();
		const lost = await device();
		const fine = await device();
		for (const d of [gone, lost, fine]) await subscribe(alice, d);
		const push = fakeFetch((url) => (url === gone.endpoint ? 410 : url === lost.endpoint ? 404 : 201));
		await pushSender(env, push.fn).send(recipient(alice), msg, ctx);
		expect(push.calls).toHaveLength(3);
		expect(await ownerOf(gone.endpoint)).toBeNull();
		expect(await ownerOf(lost.endpoint)).toBeNull();
		expect(await ownerOf(fine.endpoint)).toBe(alice.id);
	});

	it('any other failure throws (the postman retries), keeps the subscription and never names the endpoint path', async () => {
		const alice = await signUp('pushf');
		const d = await device();
		await subscribe(alice, d);
		const secret = new URL(d.endpoint).pathname;
		for (const outcome of [500, 429, new Error(`connect failed: ${d.endpoint}`)]) {
			const push = fakeFetch(() => outcome);
			const err = await pushSender(env, push.fn)
				.send(recipient(alice), msg, ctx)
				.then(() => null, (e: Error) => e);
			expect(err, String(outcome)).toBeInstanceOf(Error);
			expect(err!.message).toContain('https://push.example.test');
			expect(err!.message).not.toContain(secret);
			expect(await ownerOf(d.endpoint)).toBe(alice.id);
		}
	});
});
