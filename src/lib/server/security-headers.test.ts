import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_CSP, SECURITY_HEADERS, withSecurityHeaders } from './security-headers';

/** The headers of one path rule of a Cloudflare `_headers` file. */
function rule(file: string, path: string): Record<string, string> {
	const out: Record<string, string> = {};
	let inRule = false;
	for (const line of file.split('\n')) {
		if (line.startsWith('#') || !line.trim()) continue;
		if (!/^\s/.test(line)) {
			inRule = line.trim() === path;
			continue;
		}
		if (!inRule) continue;
		const i = line.indexOf(':');
		out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
	}
	return out;
}

describe('_headers (the static assets, served without the Worker)', () => {
	it('gives every file the Worker’s headers and frame-ancestors', () => {
		const file = readFileSync(new URL('../../../_headers', import.meta.url), 'utf8');
		expect(rule(file, '/*')).toEqual({ ...SECURITY_HEADERS, 'Content-Security-Policy': "frame-ancestors 'none'" });
	});
});

describe('withSecurityHeaders', () => {
	it('sets every header and the fallback policy on a response without them', () => {
		const res = withSecurityHeaders(Response.json({ ok: true }));
		for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
		expect(res.headers.get('content-security-policy')).toBe(FALLBACK_CSP);
	});

	it('keeps a policy and a Referrer-Policy the route set itself', () => {
		const page = new Response('<!doctype html>', {
			headers: { 'content-security-policy': "script-src 'self' 'nonce-abc'", 'referrer-policy': 'no-referrer' }
		});
		const res = withSecurityHeaders(page);
		expect(res.headers.get('content-security-policy')).toBe("script-src 'self' 'nonce-abc'");
		expect(res.headers.get('referrer-policy')).toBe('no-referrer');
		expect(res.headers.get('x-frame-options')).toBe('DENY');
	});

	it('copies a response whose headers are immutable, keeping status and headers', () => {
		const redirect = Response.redirect('https://example.com/signin', 303);
		expect(() => redirect.headers.set('x-test', '1')).toThrow();
		const res = withSecurityHeaders(redirect);
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('https://example.com/signin');
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
		expect(res.headers.get('content-security-policy')).toBe(FALLBACK_CSP);
	});
});
