/** A tournament's facts in words (issue 35), the same on the list, the profile and its own page. */
import { m } from '$lib/paraglide/messages';
import type { Format, TournamentPerson, TournamentStatus } from '$lib/protocol/tournament';
import { playerName } from '$lib/ui/names';

export function formatName(f: Format): string {
	return f === 'roundRobin' ? m.tour_format_round_robin() : m.tour_format_swiss();
}

export function statusName(s: TournamentStatus): string {
	switch (s) {
		case 'signup':
			return m.tour_status_signup();
		case 'running':
			return m.tour_status_running();
		case 'finished':
			return m.tour_status_finished();
		case 'cancelled':
			return m.tour_status_cancelled();
	}
}

/** "ana" or "ana and ben" (a shared first place), as the language joins a list. */
export function names(people: readonly TournamentPerson[], locale: string): string {
	return new Intl.ListFormat(locale === 'en' ? 'en-GB' : locale, { type: 'conjunction' }).format(people.map((p) => playerName(p.username)));
}

/**
 * A date and time in `zone` (the reader's; UTC where the server renders without knowing it, and
 * then it says "UTC"). Fields, not dateStyle/timeStyle: Intl refuses those beside timeZoneName.
 */
export function dateTime(t: number, locale: string, zone?: string): string {
	return new Intl.DateTimeFormat(locale, {
		year: 'numeric',
		month: 'short',
		day: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		timeZone: zone,
		timeZoneName: zone === 'UTC' ? 'short' : undefined
	}).format(t);
}

/** Points as the standings show them: a shared place's halves ("1.5"), never "1.50". */
export function points(x: number, locale: string): string {
	return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(x);
}
