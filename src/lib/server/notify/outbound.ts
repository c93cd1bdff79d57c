/**
 * Where the Worker may send a request to an address a user gave it: their webhook, their
 * browser's Web Push endpoint (issue 10: `https://127.0.0.1:1`, `169.254.169.254`, `[::1]` and
 * `user:pw@` endpoints were accepted as push subscriptions). One policy for both, as for any
 * server-side request to a user-chosen address: https only, no credentials in it, no localhost or
 * private, loopback, link-local, carrier-grade NAT, multicast or reserved IP literal. Redirects are
 * not followed by either channel (a public URL could redirect inward). Hostnames that *resolve* to
 * private addresses cannot be checked from a Worker (no DNS API); Workers' outbound fetches cannot
 * reach Cloudflare-internal or RFC 1918 networks anyway.
 */

import { isLoopbackHost } from '../dev';

const MAX_URL = 2048;

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
 * Whether the Worker may send to `url`. `dev` (a development server, src/lib/server/dev.ts) also
 * allows this machine over http or https (localhost, 127.0.0.1, [::1]), for a receiver on the
 * developer's own computer — never credentials, other schemes, or other private addresses.
 */
export function allowedOutboundUrl(url: string, dev = false): boolean {
	if (typeof url !== 'string' || url.length > MAX_URL) return false;
	let u: URL;
	try {
		u = new URL(url);
	} catch {
		return false;
	}
	if (u.username || u.password) return false;
	if (dev && (u.protocol === 'https:' || u.protocol === 'http:') && isLoopbackHost(u.hostname)) return true;
	if (u.protocol !== 'https:') return false;
	const host = u.hostname.toLowerCase().replace(/\.$/, '');
	if (!host || host === 'localhost' || /\.(localhost|local|internal|home\.arpa)$/.test(host)) return false;
	if (host.startsWith('[')) return !privateV6(host.slice(1, -1));
	const v4 = ipv4(host);
	if (v4) return !privateV4(v4);
	// WHATWG URL turns other numeric hosts (0x7f.1, 2130706433) into dotted IPv4, checked above.
	return host.includes('.');
}
