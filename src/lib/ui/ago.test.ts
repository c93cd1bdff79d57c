import { describe, expect, it } from 'vitest';
import { ago } from './ago';

describe('ago', () => {
	const now = Date.UTC(2026, 10, 27, 12);
	it('says minutes, hours and days, in the past and the future', () => {
		expect(ago(now - 5 * 60_000, 'en', now)).toBe('5 minutes ago');
		expect(ago(now + 2 * 3_600_000, 'en', now)).toBe('in 2 hours');
		expect(ago(now - 86_400_000, 'en', now)).toBe('yesterday');
		expect(ago(now - 3 * 86_400_000, 'de', now)).toBe('vor 3 Tagen');
	});
	it('says seconds under 90 seconds only when asked', () => {
		expect(ago(now - 40_000, 'en', now)).toBe('1 minute ago');
		expect(ago(now - 40_000, 'en', now, true)).toBe('40 seconds ago');
		expect(ago(now - 40_000, 'de', now, true)).toBe('vor 40 Sekunden');
		expect(ago(now - 120_000, 'en', now, true)).toBe('2 minutes ago');
	});
});
