/**
 * Conservation of components (issue 29): every card or tile of a set lies exactly once across the
 * places a state keeps it. The kinds' invariants (what their fuzzers check after every move) and
 * their position checks (a scenario's starting position) share this, so an impossible position is
 * refused with the component and its places named, not with a count.
 */

/** A place and the component ids lying there, e.g. `["seat 0's hand", ["fish-1", …]]`. */
export type Place = readonly [where: string, ids: readonly string[]];

/** At most this many problems are worded; the rest are counted. */
const SHOWN = 4;

/**
 * What breaks the conservation of `all` (the set's ids) across `places`, worded (empty: conserved):
 * a component in two places, one in none, an id that is not of the set. `rule` and `noun` name the
 * set, e.g. `R-1.1` and `Rapa Nui card`.
 */
export function conservationErrors(rule: string, noun: string, places: readonly Place[], all: readonly string[]): string[] {
	const seen = new Map<string, string[]>();
	let count = 0;
	for (const [where, ids] of places)
		for (const id of ids) {
			count++;
			const at = seen.get(id);
			if (at) at.push(where);
			else seen.set(id, [where]);
		}
	// The usual case (every state of a fuzzed game): all present, each once.
	if (count === all.length && seen.size === all.length && all.every((id) => seen.has(id))) return [];
	const known = new Set(all);
	const problems: string[] = [];
	for (const [id, at] of seen) {
		if (!known.has(id)) problems.push(`${id} (${at.join(', ')}) is no ${noun} of this game`);
		else if (at.length > 1) problems.push(`${noun} ${id} is in ${at.length} places: ${at.join(', ')}`);
	}
	const missing = all.filter((id) => !seen.has(id));
	if (missing.length === 1) problems.push(`${noun} ${missing[0]} is nowhere`);
	else if (missing.length) problems.push(`${noun}s ${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ` and ${missing.length - 8} more` : ''} are nowhere`);
	const shown = problems.slice(0, SHOWN).map((p) => `${rule}: ${p}`);
	if (problems.length > SHOWN) shown.push(`${rule}: ${problems.length - SHOWN} more ${noun}s out of place`);
	return shown;
}
