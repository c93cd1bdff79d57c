/**
 * The webhook channel (issue 5): one JSON POST per notification to the user's incoming webhook,
 * understood by Discord (`content`, `embeds`) and Slack (`text`) alike — each ignores the other's
 * fields. The URL is the user's secret (it is the credential of their channel): it never appears
 * in an error or a log line.
 *
 * The Worker fetches a URL a user typed, so it is checked like any server-side request to a
 * user-chosen address: https only, no credentials in it, no localhost or private/loopback/
 * link-local IP literal, and redirects are not followed (a public URL could redirect inward).
 * Hostnames that *resolve* to private addresses cannot be checked from a Worker (no DNS API);
 * Workers' outbound fetches cannot reach Cloudflare-internal or RFC 1918 networks anyway.
 */
import type { ChannelSender, Message } from './types';

/** The delivery can never succeed as it is (gone, refused, malformed): the postman does not retry. */
export class PermanentFailure extends Error {
	readonly permanent = true;
	constructor(message: string) {
		super(message);
		this.name = 'PermanentFailure';
	}
}

export interface WebhookEnv {
	DEV_MAILBOX?: string;
}

export const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_URL = 2048;
/** 4xx answers that no retry can fix (bad payload, bad or revoked webhook, deleted or archived channel). */
const PERMANENT = new Set([400, 401, 403, 404, 410]);

function ipv4(host: string): number[] | null {
	const p = host.split('.');
	if (p.length !== 4 || !p.every((x) => /^\d{1,3}$/.test(x) && Number(x) <= 255)) return null;
	return p.map(Number);
}

function privateV4([a, b]: number[]): boolean {
	return (
		a === 0 || // "this network"
		a === 10 ||
		a === 127 ||
		(a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
		(a === 169 && b === 254) || // link-local, cloud metadata
		(a === 172 && b >= 16 && b <= 31) ||
		(a === 192 && b === 168) ||
		(a === 198 && (b === 18 || b === 19)) || // benchmarking
		a >= 224 // multicast, reserved, broadcast
	);
}

/** An IPv6 literal (without brackets) that is not a public unicast address. */
function privateV6(host: string): boolean {
	const h = host.toLowerCase();
	if (h === '::' || h === '::1') return true;
	// IPv4-mapped/-compatible forms: WHATWG URL normalizes them to hex (`::ffff:7f00:1`).
	const mapped = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
	if (mapped) {
		const hi = parseInt(mapped[1], 16);
		const lo = parseInt(mapped[2], 16);
		return privateV4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
	}
	const first = parseInt(h.split(':')[0] || '0', 16);
	return (
		(first & 0xfe00) === 0xfc00 || // unique local fc00::/7
		(first & 0xffc0) === 0xfe80 || // link-local fe80::/10
		(first & 0xff00) === 0xff00 || // multicast
		first === 0 // other forms under ::/16 (NAT64 and friends stay public via 64:ff9b::)
	);
}

/**
 * Whether `url` may be stored and called as a webhook. `dev` (DEV_MAILBOX is "1") also allows
 * http and local addresses, for a receiver on the developer's machine.
 */
export function validWebhookUrl(url: string, dev = false): boolean {
	if (typeof url !== 'string' || url.length > MAX_URL) return false;
	let u: URL;
	try {
		u = new URL(url);
	} catch {
		return false;
	}
	if (u.username || u.password) return false;
	if (dev) return u.protocol === 'https:' || u.protocol === 'http:';
	if (u.protocol !== 'https:') return false;
	const host = u.hostname.toLowerCase().replace(/\.$/, '');
	if (!host || host === 'localhost' || /\.(localhost|local|internal|home\.arpa)$/.test(host)) return false;
	if (host.startsWith('[')) return !privateV6(host.slice(1, -1));
	const v4 = ipv4(host);
	if (v4) return !privateV4(v4);
	// WHATWG URL turns other numeric hosts (0x7f.1, 2130706433) into dotted IPv4, checked above.
	return host.includes('.');
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
	const dev = env.DEV_MAILBOX === '1';
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
