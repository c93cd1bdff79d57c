/**
 * A message (or any words made from plain inputs) remembered by its inputs and the locale (issue 30,
 * event → re-render). The game page draws its panels again on every event, mostly with the same
 * words; a Paraglide message resolves the locale from the URL on each call, and a plural one builds
 * an `Intl.PluralRules` too — the largest part of a panel's re-render. The inputs must be plain
 * data (they are the key, as JSON) and the words must depend on nothing else.
 */
import { getLocale } from '$lib/paraglide/runtime';

/** At most this many words are kept per function; then it starts afresh (a long game's history is not kept). */
const KEEP = 2000;

export function remember<I>(words: (inputs: I) => string): (inputs: I) => string {
	const said = new Map<string, string>();
	return (inputs) => {
		const key = `${getLocale()}|${JSON.stringify(inputs)}`;
		let text = said.get(key);
		if (text === undefined) {
			if (said.size >= KEEP) said.clear();
			said.set(key, (text = words(inputs)));
		}
		return text;
	};
}
