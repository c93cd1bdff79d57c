import { describe, expect, test } from 'vitest';
import { epochToLocal, localToEpoch, safeZone } from './zoned';

describe('the sign-up deadline in the organiser’s zone', () => {
	test('UTC, and a zone in winter and in summer time', () => {
		expect(localToEpoch('2031-01-15T18:30', 'UTC')).toBe(Date.UTC(2031, 0, 15, 18, 30));
		expect(localToEpoch('2031-01-15T18:30', 'Europe/Berlin')).toBe(Date.UTC(2031, 0, 15, 17, 30));
		expect(localToEpoch('2031-07-15T18:30', 'Europe/Berlin')).toBe(Date.UTC(2031, 6, 15, 16, 30));
		expect(localToEpoch('2031-07-15T18:30', 'Pacific/Auckland')).toBe(Date.UTC(2031, 6, 15, 6, 30));
	});

	test('back to the input’s value, in the same zone', () => {
		for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) {
			const t = Date.UTC(2031, 2, 30, 9, 15);
			expect(localToEpoch(epochToLocal(t, zone), zone)).toBe(t);
		}
		expect(epochToLocal(Date.UTC(2031, 0, 15, 17, 30), 'Europe/Berlin')).toBe('2031-01-15T18:30');
	});

	test('no date at all is null; an unknown zone is UTC', () => {
		for (const bad of ['', 'tomorrow', '2031-02-30T10:00', '2031-13-01T10:00', '2031-01-01T24:00', '2031-01-01 10:00:00']) expect(localToEpoch(bad, 'UTC')).toBeNull();
		expect(safeZone('Mars/Olympus')).toBe('UTC');
		expect(safeZone('x'.repeat(100))).toBe('UTC');
		expect(localToEpoch('2031-01-15T18:30', 'Mars/Olympus')).toBe(Date.UTC(2031, 0, 15, 18, 30));
	});
});
