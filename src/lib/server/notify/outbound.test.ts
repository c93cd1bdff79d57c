// Issue 10: Web Push endpoints were stored and called whatever they pointed at. One policy for
// every address a user gives the Worker to call (webhooks, push endpoints).
import { describe, expect, it } from 'vitest';
import { allowedOutboundUrl, ipv6Groups } from './outbound';

// Real push services and webhook hosts, and public addresses in every spelling (cases written by a
// colleague's parallel take on this finding: NAT64, 6to4, Teredo, documentation ranges …).
const PUBLIC = [
	'https://fcm.googleapis.com/fcm/send/abc:def',
	'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
	'https://web.push.apple.com/QGuQyavXutnMH',
	'https://discord.com/api/webhooks/1/x',
	'https://hooks.slack.com/services/T/B/x',
	'https://push.example.test/send/1',
	'https://example.org:8443/x',
	'https://8.8.8.8/x',
	'https://1.1/x', // 1.0.0.1
	'https://[2001:4860:4860::8888]/x',
	'https://[::ffff:8.8.8.8]/x',
	'https://[64:ff9b::8.8.8.8]/x',
	'https://[2002:808:808::1]/x'
];

const REFUSED: [string, string][] = [
	// scheme, credentials, shape
	['http://example.org/x', 'not https'],
	['ftp://example.org/x', 'not https'],
	['https://user:pw@example.org/x', 'credentials'],
	['https://user@example.org/x', 'credentials'],
	['https://:pw@example.org/x', 'credentials'],
	['not a url', 'not a URL'],
	['', 'not a URL'],
	['https://[fe80::1%25eth0]/x', 'not a URL'],
	[`https://example.org/${'x'.repeat(3000)}`, 'too long'],
	// local names, with trailing dots and other spellings
	['https://localhost/x', 'local'],
	['https://LOCALHOST/x', 'local'],
	['https://localhost./x', 'local'],
	['https://localhost../x', 'local'],
	['https://localhost%2e/x', 'local'],
	['https://%6c%6f%63%61%6c%68%6f%73%74/x', 'local'],
	['https://app.localhost/x', 'local'],
	['https://printer.local./x', 'local'],
	['https://db.internal/x', 'local'],
	['https://router.home.arpa/x', 'local'],
	['https://1.0.0.127.in-addr.arpa/x', 'local'],
	['https://intranet/x', 'local'],
	// IPv4, also in decimal, hex, octal, short and fullwidth forms (WHATWG URL normalizes them)
	['https://127.0.0.1:1/x', 'private'],
	['https://127.0.0.1./x', 'private'],
	['https://127.1/x', 'private'],
	['https://2130706433/x', 'private'],
	['https://0x7f.1/x', 'private'],
	['https://0x7f000001/x', 'private'],
	['https://0177.0.0.1/x', 'private'],
	['https://１２７.０.０.１/x', 'private'],
	['https://0/x', 'private'],
	['https://10.0.0.1/x', 'private'],
	['https://172.16.0.1/x', 'private'],
	['https://172.31.255.255/x', 'private'],
	['https://192.168.0.1/x', 'private'],
	['https://169.254.169.254/latest/meta-data', 'private'],
	['https://100.64.0.1/x', 'private'],
	['https://192.0.0.8/x', 'private'],
	['https://192.0.2.1/x', 'private'],
	['https://198.18.0.1/x', 'private'],
	['https://198.51.100.7/x', 'private'],
	['https://203.0.113.9/x', 'private'],
	['https://224.0.0.1/x', 'private'],
	['https://4294967295/x', 'private'],
	// IPv6, and IPv4 inside IPv6
	['https://[::1]/x', 'private'],
	['https://[0:0:0:0:0:0:0:1]/x', 'private'],
	['https://[::]/x', 'private'],
	['https://[::ffff:127.0.0.1]/x', 'private'],
	['https://[::ffff:7f00:1]/x', 'private'],
	['https://[::ffff:10.0.0.1]/x', 'private'],
	['https://[::ffff:169.254.169.254]/x', 'private'],
	['https://[::127.0.0.1]/x', 'private'],
	['https://[::ffff:0:127.0.0.1]/x', 'private'],
	['https://[64:ff9b::127.0.0.1]/x', 'private'],
	['https://[64:ff9b:1::1]/x', 'private'],
	['https://[2002:7f00:1::1]/x', 'private'],
	['https://[2002:a9fe:a9fe::]/x', 'private'],
	['https://[fc00::1]/x', 'private'],
	['https://[fd12:3456::1]/x', 'private'],
	['https://[fe80::1]/x', 'private'],
	['https://[fec0::1]/x', 'private'],
	['https://[ff02::1]/x', 'private'],
	['https://[100::1]/x', 'private'],
	['https://[2001::1]/x', 'private'],
	['https://[2001:db8::1]/x', 'private']
];

describe('allowedOutboundUrl', () => {
	it.each(PUBLIC)('allows %s', (url) => expect(allowedOutboundUrl(url)).toBe(true));
	it.each(REFUSED)('refuses %s (%s)', (url) => expect(allowedOutboundUrl(url)).toBe(false));

	it('reads every IPv6 spelling into eight groups', () => {
		expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
		expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
		expect(ipv6Groups('2001:db8::')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
		for (const bad of ['1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', 'g::1', '::1.2.3.999', '12345::']) expect(ipv6Groups(bad), bad).toBeNull();
	});


	it('allows the push services and webhooks of real life', () => {
		for (const u of [
			'https://fcm.googleapis.com/fcm/send/abc:def',
			'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
			'https://web.push.apple.com/QGuQ',
			'https://wns2-par02p.notify.windows.com/w/?token=x',
			'https://discord.com/api/webhooks/1/abc',
			'https://hooks.slack.com/services/T/B/x',
			'https://8.8.8.8/x',
			'https://[2606:4700:4700::1111]/x'
		])
			expect(allowedOutboundUrl(u), u).toBe(true);
	});

	it('refuses loopback, private, link-local, metadata and credentialed addresses in every spelling', () => {
		for (const u of [
			'https://127.0.0.1:1/',
			'https://127.1/',
			'https://2130706433/', // 127.0.0.1 as one number
			'https://0x7f.1/', // and in hex
			'https://0177.0.0.1/', // and in octal
			'https://169.254.169.254/latest/meta-data/',
			'https://[::1]/',
			'https://[::]/',
			'https://[::ffff:127.0.0.1]/',
			'https://[::ffff:169.254.169.254]/',
			'https://[fe80::1]/',
			'https://[fc00::1]/',
			'https://[fd00::1]/',
			'https://[::ffff:10.0.0.1]/',
			'https://intranet/',
			'https://[ff02::1]/',
			'https://10.0.0.1/',
			'https://172.16.5.4/',
			'https://192.168.1.1/',
			'https://100.64.0.1/',
			'https://0.0.0.0/',
			'https://255.255.255.255/',
			'https://localhost/',
			'https://localhost./',
			'https://push.localhost/',
			'https://printer.local/',
			'https://metadata.google.internal/',
			'https://router.home.arpa/',
			'https://user:pw@fcm.googleapis.com/x',
			'https://user@fcm.googleapis.com/x',
			'http://fcm.googleapis.com/x',
			'ftp://fcm.googleapis.com/x',
			'javascript:alert(1)',
			'https://nodots/',
			'not a url',
			`https://fcm.googleapis.com/${'a'.repeat(2100)}`
		])
			expect(allowedOutboundUrl(u), u).toBe(false);
	});

	it('a development server may call its own machine over http, never with credentials or other schemes', () => {
		expect(allowedOutboundUrl('http://localhost:9000/hook', true)).toBe(true);
		expect(allowedOutboundUrl('http://localhost:9000/hook', false)).toBe(false);
		expect(allowedOutboundUrl('http://u:p@localhost:9000/hook', true)).toBe(false);
		expect(allowedOutboundUrl('file:///etc/passwd', true)).toBe(false);
		// Only this machine: the cloud metadata service and the LAN stay out, on a development server too.
		expect(allowedOutboundUrl('https://169.254.169.254/', true)).toBe(false);
		expect(allowedOutboundUrl('http://192.168.1.1/', true)).toBe(false);
		expect(allowedOutboundUrl('http://127.0.0.1:9/x', true)).toBe(true);
	});
});
