// Issue 10: Web Push endpoints were stored and called whatever they pointed at. One policy for
// every address a user gives the Worker to call (webhooks, push endpoints).
import { describe, expect, it } from 'vitest';
import { allowedOutboundUrl } from './outbound';

describe('allowedOutboundUrl', () => {
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
