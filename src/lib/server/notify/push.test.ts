import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	RFC8291,
	b64uDecode,
	b64uEncode,
	importEcdhPrivate,
	referenceDecrypt,
	referenceEncrypt
} from '../../../../tests/push-rfc8291';
import {
	DEV_ONLY_VAPID_KEYS,
	PUSH_TTL_SECONDS,
	buildPushRequest,
	encryptPayload,
	pushPayload,
	redactEndpoint,
	vapidKeys
} from './push';
import type { Message, NotifyEvent } from './types';

const plaintext = new TextEncoder().encode(RFC8291.plaintext);
const uaKeys = { p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret };
const receiver = async () => ({
	publicKey: RFC8291.uaPublic,
	privateKey: await importEcdhPrivate(RFC8291.uaPublic, RFC8291.uaPrivate),
	authSecret: RFC8291.authSecret
});

afterEach(() => vi.restoreAllMocks());

describe('RFC 8291 Appendix A, by the test-only reference computation', () => {
	it('derives every intermediate value and the exact message body', async () => {
		const { body, schedule } = await referenceEncrypt({ ...RFC8291, plaintext });
		expect(b64uEncode(schedule.ecdhSecret)).toBe(RFC8291.ecdhSecret);
		expect(b64uEncode(schedule.authPrk)).toBe(RFC8291.authPrk);
		expect(b64uEncode(schedule.keyInfo)).toBe(RFC8291.keyInfo);
		expect(b64uEncode(schedule.ikm)).toBe(RFC8291.ikm);
		expect(b64uEncode(schedule.prk)).toBe(RFC8291.prk);
		expect(b64uEncode(schedule.cek)).toBe(RFC8291.cek);
		expect(b64uEncode(schedule.nonce)).toBe(RFC8291.nonce);
		expect(b64uEncode(body.slice(0, 86))).toBe(RFC8291.header);
		expect(b64uEncode(body.slice(86))).toBe(RFC8291.ciphertext);
		expect(b64uEncode(body)).toBe(RFC8291.body);
	});

	it('decrypts the appendix body with the receiver private key, and refuses a flipped bit', async () => {
		const body = b64uDecode(RFC8291.body);
		const out = await referenceDecrypt(body, await receiver());
		expect(new TextDecoder().decode(out.plaintext)).toBe(RFC8291.plaintext);
		expect(out.recordSize).toBe(4096);
		expect(b64uEncode(out.asPublic)).toBe(RFC8291.asPublic);
		body[100] ^= 1;
		await expect(referenceDecrypt(body, await receiver())).rejects.toThrow();
	});
});

describe('encryptPayload (the library) against RFC 8291 Appendix A', () => {
	it('produces the appendix body byte for byte when its salt and ephemeral key are the appendix ones', async () => {
		// The library takes no salt or ephemeral key, so its two sources of randomness are pinned
		// for this one call: WebCrypto's generateKey (the ephemeral ECDH pair) and getRandomValues (the salt).
		const asPrivate = await importEcdhPrivate(RFC8291.asPublic, RFC8291.asPrivate);
		const asPublic = await crypto.subtle.importKey('raw', b64uDecode(RFC8291.asPublic), { name: 'ECDH', namedCurve: 'P-256' }, true, []);
		const generateKey = vi
			.spyOn(crypto.subtle, 'generateKey')
			.mockResolvedValue({ privateKey: asPrivate, publicKey: asPublic } as CryptoKeyPair);
		const random = vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(a: T): T => {
			(a as unknown as Uint8Array).set(b64uDecode(RFC8291.salt));
			return a;
		});
		const body = await encryptPayload(uaKeys, plaintext, { pad: false });
		expect(generateKey).toHaveBeenCalledOnce();
		expect(random).toHaveBeenCalledOnce();
		expect(b64uEncode(body)).toBe(RFC8291.body);
	});

	it('with fresh randomness and padding: decrypts with the appendix receiver key to the plaintext', async () => {
		const a = await encryptPayload(uaKeys, RFC8291.plaintext);
		const b = await encryptPayload(uaKeys, RFC8291.plaintext);
		// Padded to the 4096 bytes a push service must accept, so the length says nothing.
		expect(a.length).toBe(4096);
		// A new salt and ephemeral key each time.
		expect(b64uEncode(a.slice(0, 16))).not.toBe(b64uEncode(b.slice(0, 16)));
		expect(b64uEncode(a.slice(21, 86))).not.toBe(RFC8291.asPublic);
		for (const body of [a, b]) {
			const out = await referenceDecrypt(body, await receiver());
			expect(new TextDecoder().decode(out.plaintext)).toBe(RFC8291.plaintext);
		}
	});

	it('refuses subscription keys of the wrong size', async () => {
		await expect(encryptPayload({ p256dh: RFC8291.uaPublic, auth: 'AAAA' }, 'x')).rejects.toThrow(/16 bytes/);
		await expect(encryptPayload({ p256dh: RFC8291.authSecret, auth: RFC8291.authSecret }, 'x')).rejects.toThrow(/P-256/);
	});
});

describe('vapidKeys', () => {
	const prod = { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ops@example.org' };
	it('uses the configured secrets', () => {
		expect(vapidKeys(prod)).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@example.org' });
		expect(vapidKeys({ ...prod, ROOM_TEST_SEAMS: '1' })?.publicKey).toBe('pub');
	});
	it('falls back to the DEV_ONLY pair only in development and tests', () => {
		expect(vapidKeys({})).toBeNull();
		expect(vapidKeys({ DEV_MAILBOX: '0' })).toBeNull();
		expect(vapidKeys({ ORIGIN: 'http://localhost:8787', DEV_MAILBOX: '1' })).toBe(DEV_ONLY_VAPID_KEYS);
		expect(vapidKeys({ ORIGIN: 'http://localhost:8787', ROOM_TEST_SEAMS: '1' })).toBe(DEV_ONLY_VAPID_KEYS);
		// The flag alone, on a public site (a production deploy that sets it by mistake): never the public pair.
		expect(vapidKeys({ ORIGIN: 'https://rongo.example', DEV_MAILBOX: '1' })).toBeNull();
		expect(vapidKeys({ DEV_MAILBOX: '1' })).toBeNull();
	});
	it('is off in production without a subject or with only one key', () => {
		expect(vapidKeys({ ...prod, VAPID_SUBJECT: undefined })).toBeNull();
		expect(vapidKeys({ VAPID_PUBLIC_KEY: 'pub' })).toBeNull();
	});
	it('the DEV_ONLY pair is a real P-256 pair', async () => {
		const pub = b64uDecode(DEV_ONLY_VAPID_KEYS.publicKey);
		const jwk = { kty: 'EC', crv: 'P-256', x: b64uEncode(pub.slice(1, 33)), y: b64uEncode(pub.slice(33)) };
		const priv = await crypto.subtle.importKey('jwk', { ...jwk, d: DEV_ONLY_VAPID_KEYS.privateKey }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
		const verify = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
		const data = new TextEncoder().encode('x');
		const sig = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, priv, data);
		expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, verify, sig, data)).toBe(true);
	});
});

const msg: Message = { subject: 'Your turn in Rongo', text: 'alice bid 3.', url: 'https://rongo.example/games/abc', lines: [] };

describe('pushPayload', () => {
	it('maps the message and tags by game, so a newer notification replaces the older', () => {
		const event = { gameId: 'g1' } as NotifyEvent;
		expect(pushPayload(msg, { notificationId: 'n1', event })).toEqual({
			title: msg.subject,
			body: msg.text,
			url: msg.url,
			tag: 'game-g1'
		});
		expect(pushPayload(msg, { notificationId: 'n1', event: null }).tag).toBe('rongo-n1');
	});
	it('clips long texts so the payload always fits one record', () => {
		const p = pushPayload({ ...msg, text: 'x'.repeat(5000), subject: 'y'.repeat(500) }, { notificationId: 'n', event: null });
		expect(p.body.length).toBe(1000);
		expect(p.title.length).toBe(200);
		expect(new TextEncoder().encode(JSON.stringify(p)).length).toBeLessThan(3993);
	});
});

describe('buildPushRequest', () => {
	it('sends an aes128gcm body with TTL, Urgency and a VAPID JWT (RFC 8292) signed by the key', async () => {
		const endpoint = 'https://push.example.net/v1/secret-token';
		const payload = pushPayload(msg, { notificationId: 'n', event: null });
		const { url, init } = await buildPushRequest({ endpoint, ...uaKeys }, payload, DEV_ONLY_VAPID_KEYS);
		expect(url).toBe(endpoint);
		expect(init.method).toBe('POST');
		expect(init.headers['content-encoding']).toBe('aes128gcm');
		expect(init.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
		expect(PUSH_TTL_SECONDS).toBe(86400);
		expect(init.headers.urgency).toBe('normal');
		const m = /^vapid t=([^.]+)\.([^.]+)\.([^,]+), k=(.+)$/.exec(init.headers.authorization);
		expect(m).not.toBeNull();
		const [, h, p, s, k] = m!;
		expect(k).toBe(DEV_ONLY_VAPID_KEYS.publicKey);
		expect(JSON.parse(new TextDecoder().decode(b64uDecode(h)))).toMatchObject({ alg: 'ES256' });
		const claims = JSON.parse(new TextDecoder().decode(b64uDecode(p)));
		expect(claims.aud).toBe('https://push.example.net');
		expect(claims.sub).toBe('mailto:dev@rongo.invalid');
		const now = Date.now() / 1000;
		expect(claims.exp).toBeGreaterThan(now);
		expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
		const pub = b64uDecode(k);
		const key = await crypto.subtle.importKey('raw', pub, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
		const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, b64uDecode(s), new TextEncoder().encode(`${h}.${p}`));
		expect(ok).toBe(true);
		const out = await referenceDecrypt(init.body, await receiver());
		expect(JSON.parse(new TextDecoder().decode(out.plaintext))).toEqual(payload);
	});

	it('refuses a non-https endpoint', async () => {
		const payload = pushPayload(msg, { notificationId: 'n', event: null });
		await expect(buildPushRequest({ endpoint: 'http://push.example.net/x', ...uaKeys }, payload, DEV_ONLY_VAPID_KEYS)).rejects.toThrow();
	});
});

it('redactEndpoint keeps only the origin', () => {
	expect(redactEndpoint('https://fcm.googleapis.com/fcm/send/abc:secret')).toBe('https://fcm.googleapis.com');
	expect(redactEndpoint('nonsense')).toBe('(invalid endpoint)');
});
