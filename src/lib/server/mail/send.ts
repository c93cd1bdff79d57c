/**
 * What every mail the site sends shares — notification mails (notify/email.ts) and account mails
 * (./account-mail.ts) alike: the sender, the MIME message with a text and an HTML part, the message
 * the `send_email` binding takes, and the copy a development server keeps for /dev/mailbox.
 */
import { createMimeMessage } from 'mimetext/browser';
import { encodeBase64 } from '@oslojs/encoding';
import type { D1Database } from '@cloudflare/workers-types';
import { getDb } from '$lib/server/db';
import { devMailbox } from '$lib/server/db/schema';

/** `.invalid` never resolves (RFC 2606): production must set MAIL_FROM to a verified sender. */
export const DEFAULT_FROM = 'Rongo <turns@rongo.invalid>';

/** `Name <addr>` or a bare address. */
export function parseFrom(value: string): { name: string; addr: string } {
	const angle = /^\s*"?([^"<>]*?)"?\s*<([^<>\s@]+@[^<>\s@]+)>\s*$/.exec(value);
	if (angle) return { name: angle[1].trim(), addr: angle[2] };
	const bare = value.trim();
	if (/^[^<>\s@"]+@[^<>\s@"]+$/.test(bare)) return { name: '', addr: bare };
	throw new Error('MAIL_FROM is not an address ("Name <sender@domain>" or "sender@domain")');
}

export const escapeHtml = (s: string) =>
	s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** UTF-8, base64, 76-character lines (RFC 2045): any text survives any mail hop unchanged. */
export function base64Body(text: string): string {
	const b64 = encodeBase64(new TextEncoder().encode(text.replace(/\r?\n/g, '\r\n')));
	return b64.replace(/.{1,76}/g, '$&\r\n').trimEnd();
}

/** The raw message: the headers, then a text part and an HTML part (multipart/alternative). */
export function mimeRaw(
	from: { name: string; addr: string },
	to: string,
	subject: string,
	headers: Record<string, string>,
	body: { text: string; html: string }
): string {
	const mime = createMimeMessage();
	mime.setSender(from.name ? { name: from.name, addr: from.addr } : from.addr);
	mime.setRecipient(to);
	mime.setSubject(subject);
	for (const [k, v] of Object.entries(headers)) mime.setHeader(k, v);
	mime.addMessage({ contentType: 'text/plain', data: base64Body(body.text), encoding: 'base64' });
	mime.addMessage({ contentType: 'text/html', data: base64Body(body.html), encoding: 'base64' });
	return mime.asRaw();
}

/** What `env.EMAIL.send` takes. Lazily: routes must not import `cloudflare:*` at module load (docs/workarounds.md). */
export async function emailMessage(from: string, to: string, raw: string): Promise<unknown> {
	const { EmailMessage } = await import('cloudflare:email');
	return new EmailMessage(from, to, raw);
}

/** A mail as /dev/mailbox shows it. */
export interface DevMail {
	to: string;
	subject: string;
	text: string;
	html: string;
	headers: Record<string, string>;
}

/** Keeps a development copy of a mail (D1 `dev_mailbox`; only where DEV_MAILBOX is on, dev.ts). */
export async function keepDevCopy(d1: D1Database, mail: DevMail): Promise<void> {
	await getDb(d1)
		.insert(devMailbox)
		.values({
			id: crypto.randomUUID(),
			to: mail.to,
			subject: mail.subject,
			text: mail.text,
			html: mail.html,
			headers: JSON.stringify(mail.headers),
			createdAt: Date.now()
		});
}
