/**
 * The webhook channel (issue 5): one JSON POST per notification to the user's incoming webhook,
 * understood by Discord (`content`, `embeds`) and Slack (`text`) alike — each ignores the other's
 * fields. The URL is the user's secret (it is the credential of their channel): it never appears
 * in an error or a log line.
 *
 * The Worker fetches a URL a user typed, so it is checked like any server-side request to a
 * user-chosen address (./outbound.ts, the policy Web Push endpoints share), and redirects are not
 * followed (a public URL could redirect inward).
 */
import type { ChannelSender, Message } from './types';
import { devServer, type DevEnv } from '../dev';
import { allowedOutboundUrl } from './outbound';

/** The delivery can never succeed as it is (gone, refused, malformed): the postman does not retry. */
export class PermanentFailure extends Error {
	readonly permanent = true;
	constructor(message: string) {
		super(message);
		this.name = 'PermanentFailure';
	}
}

export interface WebhookEnv extends DevEnv {}

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** 4xx answers that no retry can fix (bad payload, bad or revoked webhook, deleted or archived channel). */
const PERMANENT = new Set([400, 401, 403, 404, 410]);

/**
 * Whether `url` may be stored and called as a webhook: the outbound-URL policy shared with Web
 * Push (./outbound.ts). `dev` (a development server) also allows http and local addresses.
 */
export function validWebhookUrl(url: string, dev = false): boolean {
	return allowedOutboundUrl(url, dev);
}

const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);
/** Slack reads `<…>` as links and mentions (`<!channel>`): its docs ask for these three escaped. */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The one payload for both services. Limits: Discord content 2000, embed title 256, description 4096. */
export function webhookPayload(msg: Message) {
	const description = cut([msg.text, ...msg.lines.map((l) => `• ${l}`)].join('\n'), 4000);
	return {
		// Discord
		content: cut(`${msg.subject}\n${msg.url}`, 2000),
		embeds: [{ title: cut(msg.subject, 256), url: msg.url, description }],
		// No @everyone/@here/role pings, whatever a username contains.
		allowed_mentions: { parse: [] as string[] },
		// Slack
		text: cut(`${slackEscape(msg.subject)}\n${slackEscape(msg.text)}\n<${msg.url}>`, 3000)
	};
}

export function webhookSender(env: WebhookEnv, fetchFn: typeof fetch = fetch): ChannelSender {
	const dev = devServer(env);
	return {
		async send(to, msg) {
			if (!to.webhookUrl) return;
			if (!validWebhookUrl(to.webhookUrl, dev)) throw new PermanentFailure('the webhook URL is not allowed');
			let res: Response;
			try {
				res = await fetchFn(to.webhookUrl, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'user-agent': 'Rongo-Notifications/1' },
					body: JSON.stringify(webhookPayload(msg)),
					redirect: 'manual',
					signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)
				});
			} catch (e) {
				// Only the error's kind: runtimes put the URL (the user's secret) into their messages.
				const kind = e instanceof Error ? e.name : 'error';
				throw new Error(`webhook request failed (${kind === 'TimeoutError' ? 'timed out' : kind})`);
			}
			await res.body?.cancel().catch(() => {});
			if (res.ok) return;
			if (PERMANENT.has(res.status)) throw new PermanentFailure(`the webhook answered ${res.status}`);
			throw new Error(`the webhook answered ${res.status}`);
		}
	};
}
