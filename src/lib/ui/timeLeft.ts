/** "2 d 5 h", "3 h 10 min", "12 min", or "time is up", in the page's language. */
import { m } from '$lib/paraglide/messages';

export function timeLeft(deadline: number | null | undefined, now: number): string {
	if (!deadline) return '';
	const ms = deadline - now;
	if (ms <= 0) return m.time_up();
	const min = Math.floor(ms / 60_000);
	const d = Math.floor(min / 1440);
	const h = Math.floor((min % 1440) / 60);
	if (d > 0) return m.time_days_hours({ days: String(d), hours: String(h) });
	if (h > 0) return m.time_hours_minutes({ hours: String(h), minutes: String(min % 60) });
	return m.time_minutes({ minutes: String(Math.max(1, min)) });
}

/** How long ago, coarse: "3 d", "5 h", "12 min". */
export function waitedFor(since: number | null | undefined, now: number): string {
	if (!since) return '';
	const min = Math.max(0, Math.floor((now - since) / 60_000));
	if (min >= 1440) return m.time_waited_days({ days: String(Math.floor(min / 1440)) });
	if (min >= 60) return m.time_waited_hours({ hours: String(Math.floor(min / 60)) });
	return m.time_waited_minutes({ minutes: String(min) });
}
