/**
 * Local time for quiet hours and the daily digest, in the user's IANA time zone (Intl, so summer
 * time is right). Pure: every function takes the moment it is asked about.
 */
import { formatter, validTimeZone } from '../time-zone';

/** Minutes the zone is ahead of UTC at `t` (e.g. 60 for Berlin in winter). Unknown zones: UTC. */
export function offsetMinutes(t: number, tz: string): number {
	if (!validTimeZone(tz)) return 0;
	const p = Object.fromEntries(formatter(tz).formatToParts(t).map((x) => [x.type, x.value]));
	const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute, +p.second);
	return Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000);
}

/** Minutes after local midnight at `t`. */
export function localMinutes(t: number, tz: string): number {
	const local = t + offsetMinutes(t, tz) * 60_000;
	return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
}

/** The first moment strictly after `after` at which the local clock shows `minutes` after midnight. */
export function nextLocalTime(after: number, tz: string, minutes: number): number {
	const off = offsetMinutes(after, tz);
	const localDay = Math.floor((after + off * 60_000) / 86_400_000) * 86_400_000;
	for (let day = 0; day < 3; day++) {
		const localTarget = localDay + day * 86_400_000 + minutes * 60_000;
		// The zone's offset at the target may differ from now's (summer time): correct once.
		let t = localTarget - off * 60_000;
		t = localTarget - offsetMinutes(t, tz) * 60_000;
		if (t > after) return t;
	}
	return after + 86_400_000;
}

/**
 * Quiet hours from `start` to `end` (minutes after local midnight; may wrap past midnight; equal:
 * none). Inside them: the moment they end; outside: null.
 */
export function quietUntil(now: number, tz: string, start: number, end: number): number | null {
	if (start === end) return null;
	const mins = localMinutes(now, tz);
	const inside = start < end ? mins >= start && mins < end : mins >= start || mins < end;
	return inside ? nextLocalTime(now, tz, end) : null;
}
