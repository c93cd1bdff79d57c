import { describe, expect, it } from 'vitest';
import { SCRYPT, WORKERS_MAX_SCRYPT_COST, constantTimeEqual, hashPassword, needsRehash, verifyPassword } from './password';

// Real scrypt at the production cost: a few hashes take seconds on a loaded 2-core machine.
describe('password hashing', { timeout: 30_000 }, () => {
	it('verifies the right password and refuses a wrong one', async () => {
		const h = await hashPassword('correct horse battery');
		expect(h).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
		expect(await verifyPassword(h, 'correct horse battery')).toBe(true);
		expect(await verifyPassword(h, 'correct horse batterY')).toBe(false);
		expect(needsRehash(h)).toBe(false);
	});

	it('salts: the same password hashes differently', async () => {
		expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
	});

	it('treats Unicode forms of a password alike (NFKC)', async () => {
		const h = await hashPassword('caf\u00e9 au lait');
		expect(await verifyPassword(h, 'cafe\u0301 au lait')).toBe(true);
	});

	it('refuses malformed or over-costly stored hashes without throwing', async () => {
		for (const bad of ['', 'x', 'pbkdf2-sha256$600000$a$b', 'scrypt$1048576$8$1$AAAA$AAAA', 'scrypt$16385$8$5$AAAA$AAAA', 'scrypt$16384$8$5$!!$AAAA']) {
			expect(await verifyPassword(bad, 'whatever1')).toBe(false);
		}
	});

	// Production workerd refuses scrypt above this cost and PBKDF2 above 100k iterations; the
	// local workerd enforces neither, so this test is the only guard before a deploy.
	it('stays within the Workers production KDF limits', () => {
		expect(SCRYPT.N * SCRYPT.r * SCRYPT.p).toBeLessThanOrEqual(WORKERS_MAX_SCRYPT_COST);
		expect(128 * SCRYPT.N * SCRYPT.r).toBeLessThanOrEqual(32 * 1024 * 1024);
	});

	it('compares in constant time by content', () => {
		expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
		expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
		expect(constantTimeEqual(new Uint8Array([1]), new Uint8Array([1, 2]))).toBe(false);
	});
});
