/**
 * A tournament's sign-up deadline is chosen in a `datetime-local` input: a wall time with no zone.
 * The organise form sends the browser's time zone beside it (filled in by the page's script; without
 * script the page says the time is UTC), and the server turns the pair into the instant the API takes.
 * Intl knows every zone's offsets, summer time included, in the Worker as in the browser.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The zone's wall time at instant `t`, read as if it were UTC, minus `t`: the zone's offset then. */
function offset(zone: string, t: number): number {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
			.formatToParts(t)
			.map((p) => [p.type, p.value])
	);
	return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second) - Math.floor(t / 1000) * 1000;
}

/** A usable IANA zone name, else 'UTC' (a hand-made post, an old browser). */
export function safeZone(zone: string | null | undefined): string {
	if (!zone || zone.length > 64) return 'UTC';
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return zone;
	} catch {
		return 'UTC';
	}
}

/**
 * `YYYY-MM-DDTHH:mm` in `zone` as ms since the epoch; null for anything else. A wall time that a
 * clock change skips (02:30 on a spring-forward night) comes out an hour later, as clocks read it.
 */
export function localToEpoch(local: string, zone: string): number | null {
	const m = LOCAL.exec(local.trim());
	if (!m) return null;
	const [y, mo, d, h, mi] = m.slice(1).map(Number);
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
	const wall = Date.UTC(y, mo - 1, d, h, mi);
	if (new Date(wall).getUTCDate() !== d) return null; // 31 April
	const z = safeZone(zone);
	// Two steps: the offset at the first guess may differ from the one at the instant itself.
	const first = wall - offset(z, wall);
	return wall - offset(z, first);
}

/** Instant `t` as `YYYY-MM-DDTHH:mm` in `zone` (a `datetime-local` input's value). */
export function epochToLocal(t: number, zone: string): string {
	const shifted = new Date(t + offset(safeZone(zone), t));
	return shifted.toISOString().slice(0, 16);
}
