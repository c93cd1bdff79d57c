/**
 * IANA time zones (Intl, so summer time is right): which exist — a sign-up's or a setting's zone is
 * checked here — and one cached formatter per zone for the local times of notifications
 * (notify/time.ts: quiet hours, the daily digest).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatter(tz: string): Intl.DateTimeFormat {
	let f = formatters.get(tz);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone: tz,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric'
		});
		formatters.set(tz, f);
	}
	return f;
}

export function validTimeZone(tz: string): boolean {
	try {
		formatter(tz);
		return true;
	} catch {
		return false;
	}
}
