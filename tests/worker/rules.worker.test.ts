// The prerendered rules pages (issue 11: /rules/<kind>, the body from the kind's UI) exist in both
// languages, and Giants' carries the carrying table (G-5.2); /rules lists every kind.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('rules page', () => {
	it.each([
		['/rules/giants', 'lang="en"', 'Giants — the rules'],
		['/de/rules/giants', 'lang="de"', 'Giants — die Regeln']
	])('serves %s', async (path, lang, title) => {
		const res = await exports.default.fetch(`http://localhost${path}`);
		expect(res.status).toBe(200);
		const html = await res.text();
		expect(html).toContain(lang);
		expect(html).toContain(title);
		expect(html).toContain('<caption');
		expect(html).toContain('G-6.4');
	});

	it.each([
		['/rules', 'The rules of Giants', '/rules/giants'],
		['/de/rules', 'Die Regeln von Giants', '/de/rules/giants']
	])('%s lists the kinds with links to their rules', async (path, text, link) => {
		const res = await exports.default.fetch(`http://localhost${path}`);
		expect(res.status).toBe(200);
		const html = await res.text();
		expect(html).toContain(text);
		expect(html).toContain(`href="${link}"`);
	});

	// Issue 34: a worked example opens in the explorer. The rules page stays prerendered and links
	// it; the explorer's page is rendered in the browser (its shell here).
	it.each([
		['/rules/rapanui', '/rules/rapanui/explore?example=buy', 'Open this position'],
		['/de/rules/rapanui', '/de/rules/rapanui/explore?example=buy', 'Diese Stellung öffnen']
	])('%s links its worked examples to the explorer, which is served', async (path, link, text) => {
		const res = await exports.default.fetch(`http://localhost${path}`);
		expect(res.status).toBe(200);
		const html = await res.text();
		expect(html).toContain(`href="${link}" data-example="buy">${text}</a>`);
		const page = await exports.default.fetch(`http://localhost${link}`);
		expect(page.status).toBe(200);
		expect(page.headers.get('content-type')).toContain('text/html');
		await page.body?.cancel();
	});

	it('an unknown kind has no rules page', async () => {
		expect((await exports.default.fetch('http://localhost/rules/chess')).status).toBe(404);
	});
});
