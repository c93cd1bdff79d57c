import { describe, expect, it, vi } from 'vitest';
import {
	DEV_UNSUBSCRIBE_SECRET,
	UNSUBSCRIBE_TTL_MS,
	oneClickUrl,
	unsubscribeSecret,
	unsubscribeToken,
	unsubscribeUrl,
	verifyUnsubscribeToken
} from './unsubscribe';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const NOW = Date.UTC(2026, 10, 1);
const USER = '4f1c2d7e-0000-4000-8000-123456789abc';

/** Flips one bit of the character at `i` (staying inside the base64url alphabet). */
function flipBit(token: string, i: number): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	for (const bit of [1, 2, 4, 8, 16, 32]) {
		const c = alphabet[alphabet.indexOf(token[i]) ^ bit];
		if (c && c !== token[i]) return token.slice(0, i) + c + token.slice(i + 1);
	}
	throw new Error('no flip');
}

describe('unsubscribe tokens', () => {
	it('round-trips user, channel and expiry', () => {
		const t = unsubscribeToken(SECRET, USER, 'email', NOW);
		expect(verifyUnsubscribeToken(SECRET, t, NOW + 1000)).toEqual({
			ok: true,
			userId: USER,
			channel: 'email',
			expiresAt: Math.floor(NOW / 1000) * 1000 + UNSUBSCRIBE_TTL_MS
		});
	});

	it('refuses every single-bit change, in the payload and in the MAC', () => {
		const t = unsubscribeToken(SECRET, USER, 'email', NOW);
		for (let i = 0; i < t.length; i++) {
			if (t[i] === '.') continue;
			const r = verifyUnsubscribeToken(SECRET, flipBit(t, i), NOW);
			expect(r.ok, `position ${i}`).toBe(false);
		}
		// The last MAC character carries two spare bits: changing only those must fail too.
		const last = t.length - 1;
		const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
		const spare = alphabet[alphabet.indexOf(t[last]) ^ 1];
		expect(verifyUnsubscribeToken(SECRET, t.slice(0, last) + spare, NOW)).toEqual({ ok: false, reason: 'forged' });
	});

	it('refuses a token signed with another secret', () => {
		const t = unsubscribeToken('another-secret-that-is-long-enough-xxxxxxxxxx', USER, 'email', NOW);
		expect(verifyUnsubscribeToken(SECRET, t, NOW)).toEqual({ ok: false, reason: 'forged' });
	});

	it('refuses an expired token, and accepts it until the last millisecond', () => {
		const t = unsubscribeToken(SECRET, USER, 'email', NOW - UNSUBSCRIBE_TTL_MS - 1000);
		expect(verifyUnsubscribeToken(SECRET, t, NOW)).toEqual({ ok: false, reason: 'expired' });
		const u = unsubscribeToken(SECRET, USER, 'email', NOW, 60_000);
		expect(verifyUnsubscribeToken(SECRET, u, NOW + 59_999).ok).toBe(true);
		expect(verifyUnsubscribeToken(SECRET, u, NOW + 60_000)).toEqual({ ok: false, reason: 'expired' });
	});

	it('refuses malformed input', () => {
		for (const bad of [undefined, null, 42, '', 'abc', 'a.b', '.'.repeat(50), 'x'.repeat(2000), 'abc.def.ghi', 'ä.' + 'A'.repeat(43)])
			expect(verifyUnsubscribeToken(SECRET, bad, NOW).ok).toBe(false);
	});

	it('refuses a correctly signed payload of the wrong shape', () => {
		// What a leaked secret would allow is out of scope; this guards the parser after the MAC.
		const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
		const sign = async (payload: string) => {
			const { hmac } = await import('@oslojs/crypto/hmac');
			const { SHA256 } = await import('@oslojs/crypto/sha2');
			const te = new TextEncoder();
			return Buffer.from(hmac(SHA256, te.encode(SECRET), te.encode('rongo-unsubscribe-v1:' + payload))).toString('base64url');
		};
		return Promise.all(
			[
				{ v: 2, u: USER, c: 'email', iat: 1, exp: 2e9 },
				{ v: 1, u: USER, c: 'fax', iat: 1, exp: 2e9 },
				{ v: 1, u: '', c: 'email', iat: 1, exp: 2e9 },
				{ v: 1, u: USER, c: 'email', iat: 5, exp: 5 },
				{ v: 1, u: USER, c: 'email', iat: 1, exp: '2000000000' }
			].map(async (o) => {
				const p = enc(o);
				expect(verifyUnsubscribeToken(SECRET, `${p}.${await sign(p)}`, NOW)).toEqual({ ok: false, reason: 'malformed' });
			})
		);
	});

	it('keeps the channel it was made for', () => {
		const t = unsubscribeToken(SECRET, USER, 'push', NOW);
		expect(verifyUnsubscribeToken(SECRET, t, NOW)).toMatchObject({ ok: true, channel: 'push' });
	});

	it('builds the page and one-click URLs', () => {
		const url = new URL(unsubscribeUrl('https://rongo.example', USER, 'email', NOW, SECRET, 'de'));
		expect(url.origin + url.pathname).toBe('https://rongo.example/de/unsubscribe');
		expect(verifyUnsubscribeToken(SECRET, url.searchParams.get('t'), NOW).ok).toBe(true);
		expect(new URL(unsubscribeUrl('https://rongo.example', USER, 'email', NOW, SECRET)).pathname).toBe('/unsubscribe');
		expect(oneClickUrl('https://rongo.example', 'abc')).toBe('https://rongo.example/api/unsubscribe?t=abc');
	});
});

describe('the secret', () => {
	it('uses the configured one, the dev fallback only in development, else none (logged once)', () => {
		expect(unsubscribeSecret({ UNSUBSCRIBE_SECRET: SECRET })).toBe(SECRET);
		expect(unsubscribeSecret({ ORIGIN: 'http://localhost:8787', DEV_MAILBOX: '1' })).toBe(DEV_UNSUBSCRIBE_SECRET);
		expect(unsubscribeSecret({ ORIGIN: 'http://localhost:8787', ROOM_TEST_SEAMS: '1' })).toBe(DEV_UNSUBSCRIBE_SECRET);
		const log = vi.spyOn(console, 'error').mockImplementation(() => {});
		expect(unsubscribeSecret({})).toBeNull();
		expect(unsubscribeSecret({ UNSUBSCRIBE_SECRET: 'short' })).toBeNull();
		expect(log).toHaveBeenCalledTimes(1);
		expect(String(log.mock.calls[0][0])).toContain('UNSUBSCRIBE_SECRET');
		log.mockRestore();
	});
});
