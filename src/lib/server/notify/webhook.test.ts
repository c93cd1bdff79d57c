import { describe, expect, it, vi } from 'vitest';
import { PermanentFailure, validWebhookUrl, webhookPayload, webhookSender } from './webhook';
import type { Message, Recipient } from './types';

const HOOK = 'https://discord.com/api/webhooks/123/secret-token';
const to: Recipient = { id: 'u1', username: 'ana', email: null, locale: 'en', webhookUrl: HOOK };
const msg: Message = {
	subject: 'Giants: your turn (round 3, auction)',
	text: 'ana, it is your turn in Giants. <!channel> @everyone',
	url: 'https://rongo.example/games/abcdefghijklmnop',
	lines: ['ben bid 3.', 'caro passed.']
};
const ctx = { notificationId: 'n1', event: null };

function fakeFetch(status: number) {
	return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(status === 204 ? null : 'x', { status }));
}

describe('validWebhookUrl', () => {
	// The policy itself (every private, loopback, credentialed spelling): outbound.test.ts.
	it('is the outbound-URL policy', () => {
		expect(validWebhookUrl(HOOK)).toBe(true);
		expect(validWebhookUrl('https://169.254.169.254/latest/meta-data')).toBe(false);
		expect(validWebhookUrl('http://localhost:9000/hook', true)).toBe(true);
		expect(validWebhookUrl('http://localhost:9000/hook', false)).toBe(false);
	});
});

describe('webhookPayload', () => {
	it('carries Discord and Slack fields with the game name and link', () => {
		const p = webhookPayload(msg);
		expect(p.content).toBe(`${msg.subject}\n${msg.url}`);
		expect(p.embeds).toEqual([{ title: msg.subject, url: msg.url, description: `${msg.text}\n• ben bid 3.\n• caro passed.` }]);
		expect(p.allowed_mentions).toEqual({ parse: [] });
		expect(p.text).toContain('Giants: your turn');
		expect(p.text).toContain(`<${msg.url}>`);
		// Slack control sequences in user-controlled text are escaped.
		expect(p.text).toContain('&lt;!channel&gt;');
		expect(p.text).not.toContain('<!channel>');
	});

	it('stays inside the services’ length limits', () => {
		const long = { ...msg, subject: 'S'.repeat(500), text: 'T'.repeat(5000), lines: Array(200).fill('L'.repeat(100)) };
		const p = webhookPayload(long);
		expect(p.content.length).toBeLessThanOrEqual(2000);
		expect(p.embeds[0].title.length).toBeLessThanOrEqual(256);
		expect(p.embeds[0].description.length).toBeLessThanOrEqual(4096);
	});
});

describe('webhookSender', () => {
	it('POSTs JSON to the webhook, without following redirects, with a timeout', async () => {
		const f = fakeFetch(204);
		await webhookSender({}, f as never).send(to, msg, ctx);
		expect(f).toHaveBeenCalledTimes(1);
		const [url, init] = f.mock.calls[0];
		expect(url).toBe(HOOK);
		expect(init?.method).toBe('POST');
		expect(init?.redirect).toBe('manual');
		expect(init?.signal).toBeInstanceOf(AbortSignal);
		expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
		expect(JSON.parse(String(init?.body))).toEqual(webhookPayload(msg));
	});

	it('does nothing without a webhook URL', async () => {
		const f = fakeFetch(200);
		await webhookSender({}, f as never).send({ ...to, webhookUrl: null }, msg, ctx);
		expect(f).not.toHaveBeenCalled();
	});

	it('throws a retryable error on 5xx, 429 and redirects; permanent on 404, 410, 401, 403, 400', async () => {
		for (const status of [500, 502, 429, 302]) {
			const err = await webhookSender({}, fakeFetch(status) as never).send(to, msg, ctx).catch((e) => e);
			expect(err, String(status)).toBeInstanceOf(Error);
			expect(err, String(status)).not.toBeInstanceOf(PermanentFailure);
		}
		for (const status of [404, 410, 401, 403, 400]) {
			const err = await webhookSender({}, fakeFetch(status) as never).send(to, msg, ctx).catch((e) => e);
			expect(err, String(status)).toBeInstanceOf(PermanentFailure);
			expect(err.message).toContain(String(status));
		}
	});

	it('refuses a disallowed URL permanently without fetching it', async () => {
		const f = fakeFetch(200);
		const err = await webhookSender({}, f as never)
			.send({ ...to, webhookUrl: 'https://169.254.169.254/x' }, msg, ctx)
			.catch((e) => e);
		expect(err).toBeInstanceOf(PermanentFailure);
		expect(f).not.toHaveBeenCalled();
		await webhookSender({ ORIGIN: 'http://localhost:8787', DEV_MAILBOX: '1' }, f as never).send({ ...to, webhookUrl: 'http://localhost:9/x' }, msg, ctx);
		expect(f).toHaveBeenCalledTimes(1);
	});

	it('never puts the URL into an error', async () => {
		const f = vi.fn(async () => {
			throw new TypeError(`fetch failed for ${HOOK}`);
		});
		const err = await webhookSender({}, f as never).send(to, msg, ctx).catch((e) => e);
		expect(err).toBeInstanceOf(Error);
		expect(err.message).not.toContain('secret-token');
		expect(err.message).toContain('TypeError');
		const timeout = vi.fn(async () => {
			throw new DOMException('The operation timed out.', 'TimeoutError');
		});
		const err2 = await webhookSender({}, timeout as never).send(to, msg, ctx).catch((e) => e);
		expect(err2.message).toContain('timed out');
	});
});
