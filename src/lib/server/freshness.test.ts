import { describe, expect, it } from 'vitest';
import { WRITES_COOKIE, parseWrites, rememberWrite } from './freshness';

const jar = (value?: string) => {
	const set: { name: string; value: string; opts: Record<string, unknown> }[] = [];
	return { cookies: { get: () => value, set: (name: string, v: string, opts: Record<string, unknown>) => set.push({ name, value: v, opts }) }, set };
};

describe('the writes cookie (read-your-writes, issue 12)', () => {
	it('keeps the newest write per game first, at most 8, briefly and HttpOnly', () => {
		let value: string | undefined;
		for (let i = 0; i < 10; i++) {
			const j = jar(value);
			rememberWrite(j as never, `${'abcdefghij'[i]}aaaaaaaaaaaaaaa`, i + 1);
			value = j.set[0].value;
			expect(j.set[0]).toMatchObject({ name: WRITES_COOKIE, opts: { httpOnly: true, maxAge: 60, path: '/' } });
		}
		const w = parseWrites(value);
		expect(w).toHaveLength(8);
		expect(w[0]).toEqual({ id: 'jaaaaaaaaaaaaaaa', version: 10 });
		const again = jar(value);
		rememberWrite(again as never, 'haaaaaaaaaaaaaaa', 42);
		expect(parseWrites(again.set[0].value).filter((x) => x.id === 'haaaaaaaaaaaaaaa')).toEqual([{ id: 'haaaaaaaaaaaaaaa', version: 42 }]);
	});

	it('ignores anything it did not write', () => {
		expect(parseWrites(undefined)).toEqual([]);
		expect(parseWrites('nonsense')).toEqual([]);
		expect(parseWrites("aaaaaaaaaaaaaaaa.1' OR 1=1~AAAAAAAAAAAAAAAA.2~aaaaaaaaaaaaaaaa.-3~aaaaaaaaaaaaaaaa.0")).toEqual([]);
		expect(parseWrites(`aaaaaaaaaaaaaaaa.5~${'x'.repeat(1000)}`)).toEqual([]);
		expect(parseWrites('aaaaaaaaaaaaaaaa.5~aaaaaaaaaaaaaaaa.3')).toEqual([{ id: 'aaaaaaaaaaaaaaaa', version: 5 }]);
	});
});
