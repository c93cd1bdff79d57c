/** "5 minutes ago", "yesterday", "in 2 hours": a time relative to now, in `locale`. */
export function ago(t: number, locale: string, now = Date.now()): string {
	const min = Math.round((t - now) / 60_000);
	const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
	if (Math.abs(min) < 60) return rtf.format(min, 'minute');
	if (Math.abs(min) < 1440) return rtf.format(Math.round(min / 60), 'hour');
	return rtf.format(Math.round(min / 1440), 'day');
}
