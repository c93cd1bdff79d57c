import { describe, expect, it } from 'vitest';
import { clientIp, ipv6Prefix64, reserveSql } from './ratelimit';

describe('rate-limit addresses', () => {
	it('counts an IPv6 client by its /64, whatever the notation', () => {
		const same = ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:9', '[2001:db8:1:2::abcd]'];
		for (const ip of same) expect(ipv6Prefix64(ip), ip).toBe('2001:db8:1:2::/64');
		expect(ipv6Prefix64('2001:db8::')).toBe('2001:db8:0:0::/64');
		expect(ipv6Prefix64('::1')).toBe('0:0:0:0::/64');
		expect(ipv6Prefix64('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
		expect(ipv6Prefix64('::ffff:192.0.2.1')).toBe('0:0:0:0::/64');
		expect(ipv6Prefix64('2001:db8:1:3::1')).not.toBe(ipv6Prefix64('2001:db8:1:2::1'));
	});

	it('leaves IPv4 and nonsense alone (nonsense still gets a bucket of its own)', () => {
		const req = (ip?: string) => new Request('http://x/', { headers: ip === undefined ? {} : { 'cf-connecting-ip': ip } });
		expect(clientIp(req('192.0.2.7'))).toBe('192.0.2.7');
		expect(clientIp(req('2001:db8:1:2::7'))).toBe('2001:db8:1:2::/64');
		expect(clientIp(req())).toBe('unknown');
		expect(ipv6Prefix64('1::2::3')).toBe('1::2::3');
		expect(ipv6Prefix64('not:an:address:x')).toBe('not:an:address:x');
	});
});

describe('the reservation statement', () => {
	it('inserts one row per bucket only if every bucket is under its limit, in one statement', () => {
		const sql = reserveSql(3);
		expect(sql).toMatch(/^INSERT INTO auth_attempts \(key, at\) SELECT column1, \?1 FROM \(VALUES \(\?2\), \(\?5\), \(\?8\)\) WHERE /);
		expect(sql.match(/SELECT count\(\*\) FROM auth_attempts WHERE key = \?(\d+) AND at > \?(\d+)\) < \?(\d+)/g)).toHaveLength(3);
		expect(sql).toContain('key = ?8 AND at > ?9) < ?10');
		expect(sql).toMatch(/RETURNING rowid AS id$/);
		expect(sql.split(';')).toHaveLength(1);
	});
});
