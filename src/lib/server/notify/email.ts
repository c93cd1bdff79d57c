/**
 * The email channel (issue 5): one MIME message per notification, sent through Cloudflare's
 * `send_email` binding (`env.EMAIL`), in the recipient's language, with a signed unsubscribe
 * link in the body and as RFC 8058 one-click headers. Where DEV_MAILBOX is "1" every mail is
 * also kept in D1 `dev_mailbox` for /dev/mailbox; without the binding there, it is only kept.
 *
 * The lead's renderer (render.ts) decides the words (Message); this file only wraps them.
 * Never logs or throws the address: the postman stores error messages (`lastError`).
 */
import { devMailbox as keepsMail } from '../dev';
import type { D1Database, SendEmail } from '@cloudflare/workers-types';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { DEFAULT_FROM, emailMessage, escapeHtml, keepDevCopy, mimeRaw, parseFrom, type DevMail } from '../mail/send';
import type { ChannelSender, Message, Recipient } from './types';
import { oneClickUrl, unsubscribePageUrl, unsubscribeSecret, unsubscribeToken, type SecretEnv } from './unsubscribe';

export interface EmailEnv extends SecretEnv {
	DB: D1Database;
	EMAIL?: SendEmail;
	MAIL_FROM?: string;
	ORIGIN?: string;
}

export interface EmailOptions {
	/** The site's origin for the links; default env.ORIGIN, else the origin of the message's URL. */
	origin?: string;
	now?: () => number;
	/** Builds what `env.EMAIL.send` takes; default `new EmailMessage(...)` from `cloudflare:email`. */
	makeMessage?: (from: string, to: string, raw: string) => unknown;
	/** Keeps a development copy; default: a row in D1 `dev_mailbox`. */
	store?: (mail: DevMail) => Promise<void>;
}

type Locale = Recipient['locale'];

export interface Links {
	/** The page that asks before unsubscribing (body link). */
	unsubscribe: string;
	/** RFC 8058 one-click POST target (List-Unsubscribe header). */
	oneClick: string;
	settings: string;
}

export function emailText(to: Recipient, msg: Message, links: Links, locale: Locale): string {
	const out = [msg.text, ''];
	if (msg.lines.length > 0) {
		out.push(msg.heading ?? m.mail_since_heading({}, { locale }));
		for (const line of msg.lines) out.push(`- ${line}`);
		out.push('');
	}
	out.push(`${msg.action ?? m.mail_open_game({}, { locale })}: ${msg.url}`, '', '-- ');
	out.push(m.mail_footer_why({ name: to.username }, { locale }));
	out.push(m.mail_unsubscribe_text({ url: links.unsubscribe }, { locale }));
	out.push(m.mail_settings_text({ url: links.settings }, { locale }));
	return out.join('\n');
}

/** Simple, accessible HTML: one column, real text (no images), a language, high contrast. */
export function emailHtml(to: Recipient, msg: Message, links: Links, locale: Locale): string {
	const e = escapeHtml;
	const small = 'font-size:14px;color:#3d3d3d';
	const lines =
		msg.lines.length === 0
			? ''
			: `<h2 style="font-size:17px;margin:20px 0 8px">${e(msg.heading ?? m.mail_since_heading({}, { locale }))}</h2>\n<ul style="padding-left:20px;margin:0">\n${msg.lines.map((l) => `<li style="margin:4px 0">${e(l)}</li>`).join('\n')}\n</ul>\n`;
	return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(msg.subject)}</title></head>
<body style="margin:0;padding:16px;background:#ffffff;color:#1a1a1a;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:1.5">
<div role="article" aria-roledescription="email" aria-label="${e(msg.subject)}" lang="${locale}" style="max-width:36rem;margin:0 auto">
<p style="margin:0 0 12px">${e(msg.text)}</p>
${lines}<p style="margin:24px 0"><a href="${e(msg.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:underline;font-weight:600">${e(msg.action ?? m.mail_open_game({}, { locale }))}</a></p>
<hr style="border:0;border-top:1px solid #cccccc;margin:24px 0 12px">
<p style="${small};margin:0 0 8px">${e(m.mail_footer_why({ name: to.username }, { locale }))}</p>
<p style="${small};margin:0"><a href="${e(links.unsubscribe)}" style="color:#1d4ed8">${e(m.mail_unsubscribe({}, { locale }))}</a> · <a href="${e(links.settings)}" style="color:#1d4ed8">${e(m.mail_settings({}, { locale }))}</a></p>
</div>
</body>
</html>`;
}

export interface BuiltEmail {
	from: string;
	raw: string;
	mail: DevMail;
}

/** The whole message: headers, a text part and an HTML part (multipart/alternative). */
export function buildEmail(to: Recipient & { email: string }, msg: Message, links: Links, fromValue: string): BuiltEmail {
	const from = parseFrom(fromValue);
	const locale = to.locale;
	const text = emailText(to, msg, links, locale);
	const html = emailHtml(to, msg, links, locale);
	const headers = {
		'List-Unsubscribe': `<${links.oneClick}>`,
		'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click'
	};
	return {
		from: from.addr,
		raw: mimeRaw(from, to.email, msg.subject, headers, { text, html }),
		mail: { to: to.email, subject: msg.subject, text, html, headers: { From: fromValue, ...headers } }
	};
}

/** Replaces the address wherever an error message repeats it (miniflare's do: "email to … not allowed"). */
function scrub(message: string, address: string): string {
	return address ? message.split(address).join('<recipient>') : message;
}

export function settingsUrl(origin: string, locale: Locale): string {
	return `${origin}${locale === 'de' ? '/de' : ''}/settings/notifications`;
}

export function emailSender(env: EmailEnv, opts: EmailOptions = {}): ChannelSender {
	const dev = keepsMail(env);
	const store = opts.store ?? ((mail: DevMail) => keepDevCopy(env.DB, mail));
	const makeMessage = opts.makeMessage ?? emailMessage;

	return {
		async send(to, msg) {
			if (!to.email) return; // nothing to deliver to; the user has no address
			if (!env.EMAIL && !dev) throw new Error('email is not configured: the EMAIL send_email binding is missing');
			const secret = unsubscribeSecret(env);
			// Every email must carry a working unsubscribe link; without the secret none is sent.
			if (!secret) throw new Error('email is not configured: UNSUBSCRIBE_SECRET is missing');
			const origin = opts.origin ?? env.ORIGIN ?? new URL(msg.url).origin;
			const now = opts.now?.() ?? Date.now();
			const token = unsubscribeToken(secret, to.id, 'email', now);
			const links: Links = {
				unsubscribe: unsubscribePageUrl(origin, token, to.locale),
				oneClick: oneClickUrl(origin, token),
				settings: settingsUrl(origin, to.locale)
			};
			const address = to.email;
			let built: BuiltEmail;
			try {
				built = buildEmail({ ...to, email: address }, msg, links, env.MAIL_FROM || DEFAULT_FROM);
			} catch (e) {
				throw new Error(`email could not be built: ${scrub(e instanceof Error ? e.message : String(e), address)}`);
			}
			if (env.EMAIL) {
				try {
					const message = await makeMessage(built.from, address, built.raw);
					await env.EMAIL.send(message as never);
				} catch (e) {
					throw new Error(`email send failed: ${scrub(e instanceof Error ? e.message : String(e), address)}`);
				}
			}
			if (dev) await store(built.mail);
		}
	};
}
