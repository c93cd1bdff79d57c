/**
 * The archive's rows as the pages read them (GET /api/archive, GET /api/players/:name; docs/api.md),
 * and the one date format of the archive: a UTC day in the reader's language — UTC because the date
 * filters are UTC days, so the date shown is the one a filter finds the game by.
 */
// The rows are the API's own types (type-only: nothing of the server module reaches the browser).
export type { ArchivePlayer, ArchiveRow, WatchGame } from '$lib/server/archive';

export function archiveDate(t: number, locale: string): string {
	return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(t);
}

/** `YYYY-MM-DD` of a time, for `<time datetime>`. */
export function isoDay(t: number): string {
	return new Date(t).toISOString().slice(0, 10);
}

/** A link to `path` with the current query `params` but one paging key set (and the others dropped). */
export function pageHref(path: string, params: Record<string, string>, key: 'cursor' | 'newer' | null, value: string | null): string {
	const q = new URLSearchParams();
	for (const [k, v] of Object.entries(params)) if (v && k !== 'cursor' && k !== 'newer') q.set(k, v);
	if (key && value) q.set(key, value);
	const s = q.toString();
	return s ? `${path}?${s}` : path;
}
