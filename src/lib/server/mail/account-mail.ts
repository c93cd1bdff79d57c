/**
 * Account mails (issue 15): the email-verification and password-reset links. Sent like the
 * notification mails (./send.ts: the `send_email` binding `env.EMAIL`, the sender MAIL_FROM, a copy
 * in the development mailbox where DEV_MAILBOX is on), but they are not notifications: no
 * unsubscribe link (they come only when the person asks for them), no prefs.
 * Never logs or throws the address or the link (the link is a credential).
 */
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { devMailbox as keepsMail } from '../dev';
import { DEFAULT_FROM, emailMessage, escapeHtml, keepDevCopy, mimeRaw, parseFrom } from './send';

export type MailEnv = Pick<Env, 'DB' | 'EMAIL' | 'MAIL_FROM' | 'ORIGIN' | 'DEV_MAILBOX'>;
export type Locale = 'en' | 'de';

export interface AccountMail {
	to: string;
	locale: Locale;
	subject: string;
	/** Paragraphs before and after the link. */
	before: string[];
	link: { url: string; label: string };
	after: string[];
}

export function verifyMail(to: string, locale: Locale, username: string, url: string, hours: number): AccountMail {
	return {
		to,
		locale,
		subject: m.account_mail_verify_subject({}, { locale }),
		before: [m.account_mail_hello({ name: username }, { locale }), m.account_mail_verify_intro({}, { locale })],
		link: { url, label: m.account_mail_verify_button({}, { locale }) },
		after: [m.account_mail_verify_expiry({ hours: String(hours) }, { locale }), m.account_mail_verify_not_you({}, { locale })]
	};
}

export function resetMail(to: string, locale: Locale, username: string, url: string, minutes: number): AccountMail {
	return {
		to,
		locale,
		subject: m.account_mail_reset_subject({}, { locale }),
		before: [m.account_mail_hello({ name: username }, { locale }), m.account_mail_reset_intro({ name: username }, { locale })],
		link: { url, label: m.account_mail_reset_button({}, { locale }) },
		after: [m.account_mail_reset_expiry({ minutes: String(minutes) }, { locale }), m.account_mail_reset_not_you({}, { locale })]
	};
}

export function mailText(mail: AccountMail): string {
	return [...mail.before, `${mail.link.label}: ${mail.link.url}`, ...mail.after].join('\n\n');
}

export function mailHtml(mail: AccountMail): string {
	const e = escapeHtml;
	const p = (t: string) => `<p style="margin:0 0 12px">${e(t)}</p>`;
	return `<!doctype html>
<html lang="${mail.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(mail.subject)}</title></head>
<body style="margin:0;padding:16px;background:#ffffff;color:#1a1a1a;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:1.5">
<div role="article" aria-roledescription="email" aria-label="${e(mail.subject)}" lang="${mail.locale}" style="max-width:36rem;margin:0 auto">
${mail.before.map(p).join('\n')}
<p style="margin:24px 0"><a href="${e(mail.link.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:underline;font-weight:600">${e(mail.link.label)}</a></p>
<p style="margin:0 0 12px;font-size:14px;color:#3d3d3d;word-break:break-all">${e(mail.link.url)}</p>
${mail.after.map(p).join('\n')}
</div>
</body>
</html>`;
}

/** Sends one account mail (and keeps a development copy). Throws without the address in the message. */
export async function sendAccountMail(env: MailEnv, mail: AccountMail): Promise<void> {
	const dev = keepsMail(env);
	if (!env.EMAIL && !dev) throw new Error('email is not configured: the EMAIL send_email binding is missing');
	const fromValue = env.MAIL_FROM || DEFAULT_FROM;
	const from = parseFrom(fromValue);
	const text = mailText(mail);
	const html = mailHtml(mail);
	// A credential inside: ask mail systems not to keep it around longer than needed.
	const headers = { 'Auto-Submitted': 'auto-generated' };
	if (env.EMAIL) {
		try {
			const raw = mimeRaw(from, mail.to, mail.subject, headers, { text, html });
			await env.EMAIL.send((await emailMessage(from.addr, mail.to, raw)) as never);
		} catch (e) {
			const message = e instanceof Error ? e.message : String(e);
			throw new Error(`account mail send failed: ${message.split(mail.to).join('<recipient>').split(mail.link.url).join('<link>')}`);
		}
	}
	if (dev) await keepDevCopy(env.DB, { to: mail.to, subject: mail.subject, text, html, headers: { From: fromValue, ...headers } });
}
