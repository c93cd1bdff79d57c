import { describe, expect, it } from 'vitest';
import { localMinutes, nextLocalTime, offsetMinutes, quietUntil } from './time';

const at = (iso: string) => Date.parse(iso);

describe('local time', () => {
	it('knows the offset, with summer time', () => {
		expect(offsetMinutes(at('2026-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(60);
		expect(offsetMinutes(at('2026-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(120);
		expect(offsetMinutes(at('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
		expect(offsetMinutes(at('2026-07-15T12:00:00Z'), 'Not/AZone')).toBe(0);
		expect(localMinutes(at('2026-07-15T21:30:00Z'), 'Europe/Berlin')).toBe(23 * 60 + 30);
	});

	it('finds the next local time, across midnight and summer-time changes', () => {
		expect(nextLocalTime(at('2026-07-15T05:00:00Z'), 'Europe/Berlin', 8 * 60)).toBe(at('2026-07-15T06:00:00Z'));
		expect(nextLocalTime(at('2026-07-15T07:00:00Z'), 'Europe/Berlin', 8 * 60)).toBe(at('2026-07-16T06:00:00Z'));
		// The night summer time ends in Berlin (25 Oct 2026): 08:00 local is then 07:00 UTC.
		expect(nextLocalTime(at('2026-10-24T12:00:00Z'), 'Europe/Berlin', 8 * 60)).toBe(at('2026-10-25T07:00:00Z'));
	});

	it('quiet hours, also across midnight', () => {
		const q = (iso: string) => quietUntil(at(iso), 'Europe/Berlin', 22 * 60, 7 * 60);
		expect(q('2026-07-15T21:00:00Z')).toBe(at('2026-07-16T05:00:00Z')); // 23:00 local → 07:00 local
		expect(q('2026-07-16T04:59:00Z')).toBe(at('2026-07-16T05:00:00Z'));
		expect(q('2026-07-16T05:00:00Z')).toBeNull();
		expect(q('2026-07-15T12:00:00Z')).toBeNull();
		expect(quietUntil(at('2026-07-15T12:00:00Z'), 'UTC', 600, 600)).toBeNull();
	});
});
