// The one dispatcher of every compiled message (scripts/lib/compact-messages.js): the message for
// the locale in effect, the base locale's when that locale has none. It decides exactly as the
// dispatcher Paraglide writes into each message does: experimentalStaticLocale, then the call's
// `locale` option, then getLocale().
import { experimentalStaticLocale, getLocale } from '$lib/paraglide/runtime.js';

/**
 * @template I
 * @param {Record<string, (inputs: I) => string>} others the message in each locale but the base one
 * @param {(inputs: I) => string} base the message in the base locale
 * @returns {(inputs?: I, options?: { locale?: string }) => string}
 */
export const pick =
	(others, base) =>
	(inputs = /** @type {I} */ ({}), options = {}) =>
		(others[experimentalStaticLocale ?? options.locale ?? getLocale()] ?? base)(inputs);
