import { describe, expect, test, vi } from 'vitest';
import { baseLocale, getLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { remember } from './remember';

describe('remember', () => {
	test('makes the words once per input, again for another input', () => {
		const words = vi.fn((i: { count: number }) => `${i.count} logs`);
		const said = remember(words);
		expect(said({ count: 2 })).toBe('2 logs');
		expect(said({ count: 2 })).toBe('2 logs');
		expect(words).toHaveBeenCalledTimes(1);
		expect(said({ count: 3 })).toBe('3 logs');
		expect(words).toHaveBeenCalledTimes(2);
	});

	test('keeps at most 2000 and then starts afresh, still right', () => {
		const words = vi.fn((n: number) => String(n));
		const said = remember(words);
		for (let n = 0; n < 2001; n++) said(n);
		expect(words).toHaveBeenCalledTimes(2001);
		expect(said(2000)).toBe('2000');
		expect(words).toHaveBeenCalledTimes(2001); // kept after the fresh start
		expect(said(0)).toBe('0');
		expect(words).toHaveBeenCalledTimes(2002); // forgotten at the fresh start
	});

	test('asks again in another language', () => {
		const words = vi.fn(() => `in ${getLocale()}`);
		const said = remember(words);
		const before = getLocale;
		try {
			expect(said({})).toBe(`in ${baseLocale}`);
			overwriteGetLocale(() => 'de');
			expect(said({})).toBe('in de');
			expect(words).toHaveBeenCalledTimes(2);
		} finally {
			overwriteGetLocale(before);
		}
	});
});
