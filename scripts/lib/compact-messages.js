/**
 * A Vite plugin that writes each compiled Paraglide message's dispatcher as one call of a shared one
 * (src/lib/i18n/pick.js) — the game page's JavaScript budget (issue 30, docs/benchmarks.md "UI").
 *
 * Paraglide compiles every message (outputStructure `message-modules`) to its text in each locale
 * plus a dispatcher of its own:
 *
 *     export const x = ((inputs, options = {}) => {
 *     	const locale = experimentalStaticLocale ?? options.locale ?? getLocale()
 *     	if (locale === "de") return de_x(inputs)
 *     	return en_x(inputs)
 *     });
 *
 * Minified, that is some 50 bytes per message and 300-odd messages on a game page, about 3 KB
 * gzipped. Here it becomes `export const x = pick({ de: de_x }, en_x)`, which decides the same way.
 * The texts themselves and everything else in the module stay as compiled. A module whose dispatcher
 * does not have that form (another Paraglide version) is left as it is: still correct, only
 * bigger; tests/compact-messages.test.ts fails then, so the change is noticed.
 */
const DISPATCHER =
	/\(\(inputs(?: = \{\})?, options = \{\}\) => \{\n\tconst locale = experimentalStaticLocale \?\? options\.locale \?\? getLocale\(\)\n((?:\tif \(locale === "[\w-]+"\) return \w+\(inputs\)\n)*)\treturn (\w+)\(inputs\)\n\}\)/;
const BRANCH = /if \(locale === "([\w-]+)"\) return (\w+)\(inputs\)/g;

/**
 * The module with its dispatcher compacted, or null when it has none of the known form.
 * @param {string} code
 * @returns {string | null}
 */
export function compactMessage(code) {
	const found = DISPATCHER.exec(code);
	if (!found) return null;
	const others = [...found[1].matchAll(BRANCH)].map(([, locale, fn]) => `${JSON.stringify(locale)}: ${fn}`).join(', ');
	return (
		code.slice(0, found.index) +
		`/* @__PURE__ */ __pick({ ${others} }, ${found[2]})` +
		code.slice(found.index + found[0].length) +
		`\nimport { pick as __pick } from '$lib/i18n/pick.js';\n`
	);
}

/** One compiled message per module: src/lib/paraglide/messages/<key>.js (not `_index.js`). */
export const MESSAGE_MODULE = /[\\/]src[\\/]lib[\\/]paraglide[\\/]messages[\\/][a-z][^\\/]*\.js$/;

/** @returns {import('vite').Plugin} */
export function compactMessages() {
	return {
		name: 'rongo-compact-messages',
		transform(code, id) {
			if (!MESSAGE_MODULE.test(id)) return null;
			const out = compactMessage(code);
			// The lines before the dispatcher are unchanged, so no source map is needed for them.
			return out === null ? null : { code: out, map: null };
		}
	};
}
