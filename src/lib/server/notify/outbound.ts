/**
 * Where the Worker may send a request to an address a user gave it: their webhook, their
 * browser's Web Push endpoint (issue 10: `https://127.0.0.1:1`, `169.254.169.254`, `[::1]` and
 * `user:pw@` endpoints were accepted as push subscriptions). One policy for both, as for any
 * server-side request to a user-chosen address: https only, no credentials in it, no local name
 * (localhost, *.local, *.internal, *.arpa, a single label) and no IP literal outside public
 * unicast — private, loopback, link-local (cloud metadata), carrier-grade NAT, IETF,
 * documentation, benchmarking, multicast, reserved; IPv6 outside 2000::/3, documentation, Teredo;
 * and every IPv6 form that embeds an IPv4 address (mapped, compatible, translated, NAT64, 6to4)
 * judged by that address. Redirects are
 * not followed by either channel (a public URL could redirect inward). Hostnames that *resolve* to
 * private addresses cannot be checked from a Worker (no DNS API); Workers' outbound fetches cannot
 * reach Cloudflare-internal or RFC 1918 networks anyway.
 */

import { isLoopbackHost } from '../dev';

const MAX_URL = 2048;

const LOCAL_SUFFIX = /(^|\.)(localhost|local|internal|home\.arpa|arpa)$/;

function ipv4(host: string): number[] | null {
	const p = host.split('.');
	if (p.length !== 4 || !p.every((x) => /^\d{1,3}$/.test(x) && Number(x) <= 255)) return null;
	return p.map(Number);
}

/** Whether an IPv4 address is anything but public unicast (IANA special-purpose registry). */
export function privateV4([a, b, c]: number[]): boolean {
	return (
		a === 0 || // "this network"
		a === 10 ||
		a === 127 ||
		(a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
		(a === 169 && b === 254) || // link-local, cloud metadata
		(a === 172 && b >= 16 && b <= 31) ||
		(a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
		(a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
		(a === 192 && b === 168) ||
		(a === 198 && (b === 18 || b === 19)) || // benchmarking
		(a === 198 && b === 51 && c === 100) || // TEST-NET-2
		(a === 203 && b === 0 && c === 113) || // TEST-NET-3
		a >= 224 // multicast, reserved, broadcast
	);
}

/** Eight 16-bit groups of an IPv6 literal (no brackets, no zone), or null. */
export function ipv6Groups(host: string): number[] | null {
	let h = host.toLowerCase();
	// A trailing dotted IPv4 part (WHATWG serializes it as hex, but be exact for any input).
	const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(h);
	if (v4) {
		const o = ipv4(v4[1]);
		if (!o) return null;
		h = `${h.slice(0, -v4[1].length)}${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
	}
	const halves = h.split('::');
	if (halves.length > 2) return null;
	const parse = (s: string) => (s === '' ? [] : s.split(':'));
	const head = parse(halves[0]);
	const tail = halves.length === 2 ? parse(halves[1]) : [];
	const missing = 8 - head.length - tail.length;
	if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
	const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
	if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
	return all.map((g) => parseInt(g, 16));
}

const embedded = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];

/** Whether an IPv6 address is anything but public unicast. */
export function privateV6(g: number[]): boolean {
	const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
	// ::/96 (unspecified, loopback, IPv4-compatible), ::ffff:0:0/96 (mapped), ::ffff:0:0:0/96 (translated).
	if (zeros(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return zeros(0, 8) || (zeros(0, 7) && g[7] === 1) || privateV4(embedded(g[6], g[7]));
	if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return privateV4(embedded(g[6], g[7]));
	// NAT64 well-known prefix 64:ff9b::/96 carries an IPv4 address; 64:ff9b:1::/48 is for local use.
	if (g[0] === 0x64 && g[1] === 0xff9b) return !zeros(2, 6) || privateV4(embedded(g[6], g[7]));
	// 6to4: 2002:AABB:CCDD::/48 is the IPv4 address AA.BB.CC.DD.
	if (g[0] === 0x2002) return privateV4(embedded(g[1], g[2]));
	if ((g[0] & 0xe000) !== 0x2000) return true; // outside global unicast 2000::/3 (fc00::/7, fe80::/10, ff00::/8, 100::/64 …)
	if (g[0] === 0x2001 && g[1] < 0x200) return true; // IETF protocol assignments, Teredo 2001::/32
	if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
	return false;
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
	// `localhost.` and `localhost..` name localhost too: trailing dots go before any name check.
	const host = u.hostname.toLowerCase().replace(/\.+$/, '');
	if (host.startsWith('[')) {
		const g = ipv6Groups(host.slice(1, -1));
		return !!g && !privateV6(g);
	}
	// WHATWG URL turns other numeric hosts (0x7f.1, 2130706433, 0177.0.0.1) into dotted IPv4.
	const v4 = ipv4(host);
	if (v4) return !privateV4(v4);
	return !!host && host.includes('.') && !LOCAL_SUFFIX.test(host);
}
