// Issue 10 "Hardening": responses of the real Worker carry the security headers
// (src/lib/server/security-headers.ts, docs/security.md "Headers and Content-Security-Policy").
// The prerendered pages and static files, which Cloudflare serves without the Worker, are covered
// by tests/e2e/headers.e2e.ts against `wrangler dev`.
import { describe, expect, it } from 'vitest';
import { request, signUp } from './helpers';

function directives(policy: string | null): Record<string, string[]> {
	const out: Record<string, string[]> = {};
	for (const part of (policy ?? '').split(';')) {
		const [name, ...values] = part.trim().split(/\s+/);
		if (name) out[name] = values;
	}
	return out;
}

function expectHardened(res: Response) {
	expect(res.headers.get('x-content-type-options')).toBe('nosniff');
	expect(res.headers.get('x-frame-options')).toBe('DENY');
	expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
	expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
	expect(res.headers.get('permissions-policy')).toContain('camera=()');
	expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
}

describe('security headers through the Worker', () => {
	it('an SSR page: the headers and SvelteKit’s nonce policy, no inline script allowed otherwise', async () => {
		const alice = await signUp('hdr');
		const res = await request('GET', '/lobby', { cookie: alice.cookie });
		expect(res.status).toBe(200);
		expectHardened(res);
		const d = directives(res.headers.get('content-security-policy'));
		expect(d['script-src']).toContain("'self'");
		expect(d['script-src'].some((s) => s.startsWith("'nonce-"))).toBe(true);
		expect(d['script-src']).not.toContain("'unsafe-inline'");
		expect(d['object-src']).toEqual(["'none'"]);
		await res.body?.cancel();
	});

	it('a JSON answer under /api/ and a redirect: the headers, a policy that loads nothing', async () => {
		const api = await request('GET', '/api/auth/me');
		expect(api.status).toBe(401);
		expectHardened(api);
		expect(directives(api.headers.get('content-security-policy'))['default-src']).toEqual(["'none'"]);
		await api.body?.cancel();

		const redirect = await request('GET', '/games');
		expect(redirect.status).toBe(303);
		expectHardened(redirect);
	});
});
