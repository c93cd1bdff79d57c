/**
 * "5 minutes ago", "yesterday", "in 2 hours": a time relative to now, in `locale`. `seconds`: under
 * 90 seconds, in seconds ("40 seconds ago") instead of "this minute", for what changes by the second.
 */
export function ago(t: number, locale: string, now = Date.now(), seconds = false): string {
	const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
	const s = Math.round((t - now) / 1000);
	if (seconds && Math.abs(s) < 90) return rtf.format(s, 'second');
	const min = Math.round((t - now) / 60_000);
	if (Math.abs(min) < 60) return rtf.format(min, 'minute');
	if (Math.abs(min) < 1440) return rtf.format(Math.round(min / 60), 'hour');
	return rtf.format(Math.round(min / 1440), 'day');
}
