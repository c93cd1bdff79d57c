// The prerendered rules page exists in both languages and carries the carrying table (G-5.2).
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('rules page', () => {
	it.each([
		['/rules', 'lang="en"', 'Giants — the rules'],
		['/de/rules', 'lang="de"', 'Giants — die Regeln']
	])('serves %s', async (path, lang, title) => {
		const res = await exports.default.fetch(`http://localhost${path}`);
		expect(res.status).toBe(200);
		const html = await res.text();
		expect(html).toContain(lang);
		expect(html).toContain(title);
		expect(html).toContain('<caption');
		expect(html).toContain('G-6.4');
	});
});
