import { describe, expect, it } from 'vitest';
import { skeleton } from './skeleton';

describe('username skeleton', () => {
	it.each([
		['AIice', 'alice'],
		['a1ice', 'alice'],
		['ALICE', 'alice'],
		['b0b', 'bob'],
		['B0B', 'bOb'],
		['rnallory', 'mallory'],
		['vvalter', 'walter'],
		['dash-name', 'dash_name'],
		['mike', 'mlke']
	])('%s looks like %s', (a, b) => expect(skeleton(a)).toBe(skeleton(b)));

	it.each([
		['alice', 'alicia'],
		['bob', 'rob'],
		['anna', 'ana'],
		['walter', 'waiter_']
	])('%s and %s stay apart', (a, b) => expect(skeleton(a)).not.toBe(skeleton(b)));

	it('replaces left to right, once', () => {
		expect(skeleton('rnrn')).toBe('mm');
		expect(skeleton('vvv')).toBe('wv');
	});
});
