import { describe, expect, it, vi } from 'vitest';
import { emailHtml, emailSender, emailText, type EmailEnv } from './email';
import { DEFAULT_FROM, parseFrom, type DevMail } from '../mail/send';
import { DEV_UNSUBSCRIBE_SECRET, verifyUnsubscribeToken } from './unsubscribe';
import type { Message, Recipient } from './types';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const NOW = Date.UTC(2026, 10, 1);
const ctx = { notificationId: 'n1', event: null };
const ana: Recipient = { id: 'user-ana', username: 'ana', email: 'ana@mail.example', locale: 'en', webhookUrl: null };
const msg: Message = {
	subject: 'Giants: your turn (round 3, auction)',
	text: 'ana, it is your turn in Giants (round 3, auction). Time left: 2 days left.',
	url: 'https://rongo.example/games/abcdefghijklmnop',
	lines: ['ben bid 3 on the <script> ahu.', 'caro passed & waited.']
};

/** A tiny MIME reader: top-level headers (unfolded) and the decoded parts by content type. */
function parseMime(raw: string) {
	const [head, ...rest] = raw.split('\r\n\r\n');
	const headers: Record<string, string> = {};
	for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
		const i = line.indexOf(':');
		headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
	}
	const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'])![1];
	const body = rest.join('\r\n\r\n');
	const parts: Record<string, string> = {};
	for (const chunk of body.split(`--${boundary}`).slice(1, -1)) {
		const [ph, ...pb] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
		expect(ph).toMatch(/Content-Transfer-Encoding: base64/i);
		const type = /Content-Type: ([^;\r\n]+)/i.exec(ph)![1];
		parts[type] = Buffer.from(pb.join('').replace(/\s+/g, ''), 'base64').toString('utf8');
	}
	return { headers, parts, body };
}

function setup(env: Partial<EmailEnv> = {}) {
	const sent: { from: string; to: string; raw: string }[] = [];
	const stored: DevMail[] = [];
	const EMAIL = { send: vi.fn(async (m: unknown) => void sent.push(m as never)) };
	const full = { DB: {} as never, EMAIL: EMAIL as never, UNSUBSCRIBE_SECRET: SECRET, ...env } as EmailEnv;
	const sender = emailSender(full, {
		origin: 'https://rongo.example',
		now: () => NOW,
		makeMessage: (from, to, raw) => ({ from, to, raw }),
		store: async (m) => void stored.push(m)
	});
	return { sender, sent, stored, EMAIL };
}

describe('emailSender', () => {
	it('sends a multipart message with the one-click unsubscribe headers', async () => {
		const { sender, sent, stored } = setup();
		await sender.send(ana, msg, ctx);
		expect(stored).toEqual([]); // no DEV_MAILBOX: no copy
		expect(sent).toHaveLength(1);
		const { from, to, raw } = sent[0];
		expect(from).toBe('turns@rongo.invalid');
		expect(to).toBe('ana@mail.example');
		// Every line ends in CRLF (RFC 5322) and none is longer than 998 characters.
		expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
		for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
		const { headers, parts } = parseMime(raw);
		expect(headers['from']).toMatch(/<turns@rongo\.invalid>$/);
		expect(headers['to']).toBe('<ana@mail.example>');
		expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
		const oneClick = /^<(https:\/\/rongo\.example\/api\/unsubscribe\?t=([^>]+))>$/.exec(headers['list-unsubscribe']);
		expect(oneClick).not.toBeNull();
		expect(verifyUnsubscribeToken(SECRET, oneClick![2], NOW)).toMatchObject({ ok: true, userId: 'user-ana', channel: 'email' });
		expect(headers['content-type']).toMatch(/^multipart\/alternative/);

		const text = parts['text/plain'];
		expect(text).toContain(msg.text);
		expect(text).toContain('Since your last move:');
		expect(text).toContain('- ben bid 3 on the <script> ahu.');
		expect(text).toContain(`Open the game: ${msg.url}`);
		expect(text).toContain(`https://rongo.example/unsubscribe?t=${oneClick![2]}`);
		expect(text).toContain('https://rongo.example/settings/notifications');

		const html = parts['text/html'];
		expect(html).toContain('<html lang="en">');
		expect(html).toContain('ben bid 3 on the &lt;script&gt; ahu.');
		expect(html).toContain('caro passed &amp; waited.');
		expect(html).not.toContain('<script>');
		expect(html).toContain(`href="https://rongo.example/unsubscribe?t=${oneClick![2]}"`);
		expect(html).toContain(`href="${msg.url}"`);
	});

	it('writes in the recipient’s language, with localized links', async () => {
		const { sender, sent } = setup();
		await sender.send({ ...ana, locale: 'de' }, { ...msg, subject: 'Giants: Du bist am Zug – „Runde 3“' }, ctx);
		const { headers, parts } = parseMime(sent[0].raw);
		// Non-ASCII subjects are encoded words; decoded they are the original.
		const words = [...headers['subject'].matchAll(/=\?utf-8\?B\?([^?]+)\?=/gi)].map((w) => Buffer.from(w[1], 'base64').toString('utf8'));
		expect(words.join('')).toBe('Giants: Du bist am Zug – „Runde 3“');
		expect(parts['text/plain']).toContain('Seit deinem letzten Zug:');
		expect(parts['text/plain']).toContain('https://rongo.example/de/unsubscribe?t=');
		expect(parts['text/plain']).toContain('https://rongo.example/de/settings/notifications');
		expect(parts['text/html']).toContain('<html lang="de">');
		expect(parts['text/html']).toContain('Zur Partie');
	});

	it('leaves out the summary heading when there is nothing to summarize', async () => {
		const { sender, sent } = setup();
		await sender.send(ana, { ...msg, lines: [] }, ctx);
		const { parts } = parseMime(sent[0].raw);
		expect(parts['text/plain']).not.toContain('Since your last move');
		expect(parts['text/html']).not.toContain('<ul');
	});

	it('uses MAIL_FROM', async () => {
		const { sender, sent } = setup({ MAIL_FROM: 'Rongo Turns <turns@mail.rongo.example>' });
		await sender.send(ana, msg, ctx);
		expect(sent[0].from).toBe('turns@mail.rongo.example');
		expect(parseMime(sent[0].raw).headers['from']).toMatch(/<turns@mail\.rongo\.example>$/);
	});

	it('does nothing for a recipient without an address', async () => {
		const { sender, EMAIL, stored } = setup({ ORIGIN: 'http://localhost:8787', DEV_MAILBOX: '1' });
		await sender.send({ ...ana, email: null }, msg, ctx);
		expect(EMAIL.send).not.toHaveBeenCalled();
		expect(stored).toEqual([]);
	});

	it('keeps a copy in the development mailbox, and only that without the binding', async () => {
		const a = setup({ ORIGIN: 'http://localhost:8787', DEV_MAILBOX: '1' });
		await a.sender.send(ana, msg, ctx);
		expect(a.sent).toHaveLength(1);
		expect(a.stored).toHaveLength(1);
		const b = setup({ ORIGIN: 'http://localhost:8787', DEV_MAILBOX: '1', EMAIL: undefined, UNSUBSCRIBE_SECRET: undefined });
		await b.sender.send(ana, msg, ctx);
		const mail = b.stored[0];
		expect(mail.to).toBe('ana@mail.example');
		expect(mail.subject).toBe(msg.subject);
		expect(mail.text).toContain(msg.text);
		expect(mail.html).toContain('<html lang="en">');
		expect(mail.headers).toMatchObject({ From: DEFAULT_FROM, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
		// Without a configured secret, development signs with the public dev secret.
		const t = /t=([^>]+)>/.exec(mail.headers['List-Unsubscribe'])![1];
		expect(verifyUnsubscribeToken(DEV_UNSUBSCRIBE_SECRET, t, NOW).ok).toBe(true);
	});

	it('refuses clearly when not configured: no binding, or no unsubscribe secret', async () => {
		const noBinding = setup({ EMAIL: undefined });
		await expect(noBinding.sender.send(ana, msg, ctx)).rejects.toThrow(/EMAIL send_email binding/);
		const log = vi.spyOn(console, 'error').mockImplementation(() => {});
		const noSecret = setup({ UNSUBSCRIBE_SECRET: undefined });
		await expect(noSecret.sender.send(ana, msg, ctx)).rejects.toThrow(/UNSUBSCRIBE_SECRET/);
		expect(noSecret.EMAIL.send).not.toHaveBeenCalled();
		log.mockRestore();
	});

	it('never puts the address into an error', async () => {
		const { sender, EMAIL } = setup();
		EMAIL.send.mockImplementation(async () => {
			throw new Error('email to ana@mail.example not allowed');
		});
		const err = await sender.send(ana, msg, ctx).catch((e) => e);
		expect(err.message).toContain('not allowed');
		expect(err.message).not.toContain('ana@mail.example');
	});
});

describe('a trip of several games (issue 32)', () => {
	it('heads its lines with the games and links them, not with the moves since', () => {
		const links = { unsubscribe: 'https://u.example/u', oneClick: 'https://u.example/o', settings: 'https://u.example/s' };
		const trip: Message = { ...msg, lines: ['Giants with ben (round 3, auction): https://rongo.example/games/a'], heading: 'Your games:', action: 'Open your games' };
		const text = emailText(ana, trip, links, 'en');
		expect(text).toContain('Your games:\n- Giants with ben');
		expect(text).toContain('Open your games: https://rongo.example/games/abcdefghijklmnop');
		expect(text).not.toContain('Since your last move');
		expect(emailHtml(ana, trip, links, 'en')).toContain('>Your games:</h2>');
		expect(emailText(ana, msg, links, 'en')).toContain('Since your last move:');
	});
});

describe('parseFrom', () => {
	it('reads both forms and refuses garbage', () => {
		expect(parseFrom('Rongo <turns@rongo.invalid>')).toEqual({ name: 'Rongo', addr: 'turns@rongo.invalid' });
		expect(parseFrom('"Rongo Bot" <a@b.c>')).toEqual({ name: 'Rongo Bot', addr: 'a@b.c' });
		expect(parseFrom('a@b.c')).toEqual({ name: '', addr: 'a@b.c' });
		expect(() => parseFrom('Rongo')).toThrow(/MAIL_FROM/);
	});
});
