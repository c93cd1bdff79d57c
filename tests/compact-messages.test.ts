// scripts/lib/compact-messages.js (issue 30, the game page's JavaScript budget): each compiled
// message's dispatcher becomes one call of src/lib/i18n/pick.js, and the messages say the same.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compactMessage, MESSAGE_MODULE } from '../scripts/lib/compact-messages.js';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
// Through Vite: these modules are the compacted ones (vite.config.ts runs the plugin in tests too).
import { since_count } from '$lib/paraglide/messages/since_count.js';
import { play_do_rongo } from '$lib/paraglide/messages/play_do_rongo.js';
import { log_round } from '$lib/paraglide/messages/log_round.js';

const DIR = join(__dirname, '..', 'src', 'lib', 'paraglide', 'messages');

afterEach(() => overwriteGetLocale(() => 'en'));

describe('compacted message dispatchers', () => {
	it("match every message module Paraglide compiled (another compiler output fails here, not silently in the budget)", () => {
		const modules = readdirSync(DIR).filter((f) => MESSAGE_MODULE.test(join(DIR, f)));
		expect(modules.length).toBeGreaterThan(1000);
		const missed = modules.filter((f) => compactMessage(readFileSync(join(DIR, f), 'utf8')) === null);
		expect(missed).toEqual([]);
		expect(MESSAGE_MODULE.test(join(DIR, '_index.js'))).toBe(false);
	});

	it('keep the texts and replace only the dispatcher', () => {
		const code = readFileSync(join(DIR, 'log_round.js'), 'utf8');
		const out = compactMessage(code)!;
		expect(out).toContain('`Runde ${i?.round} beginnt; Startspieler: ${i?.name}.`');
		expect(out).toContain('`Round ${i?.round} begins; start player: ${i?.name}.`');
		expect(out).toMatch(/export const log_round = [^\n]*\/\* @__PURE__ \*\/ __pick\(\{ "de": de_log_round \}, en_log_round\);/);
		expect(out).not.toContain('options.locale');
		expect(out).toContain("import { pick as __pick } from '$lib/i18n/pick.js';");
	});

	it('leave a module of another form as it is', () => {
		expect(compactMessage('export const x = () => "x";')).toBeNull();
	});

	it('decide the locale as Paraglide does: the option, then the page locale; plurals and inputs intact', () => {
		expect(log_round({ round: 3, name: 'Ana' })).toBe('Round 3 begins; start player: Ana.');
		expect(log_round({ round: 3, name: 'Ana' }, { locale: 'de' })).toBe('Runde 3 beginnt; Startspieler: Ana.');
		overwriteGetLocale(() => 'de');
		expect(log_round({ round: 3, name: 'Ana' })).toBe('Runde 3 beginnt; Startspieler: Ana.');
		expect(log_round({ round: 3, name: 'Ana' }, { locale: 'en' })).toBe('Round 3 begins; start player: Ana.');
		expect(since_count({ count: 1 })).toMatch(/^1 Zug seit/);
		expect(since_count({ count: 4 })).toMatch(/^4 Züge seit/);
		expect(play_do_rongo()).not.toBe(play_do_rongo({}, { locale: 'en' }));
		// The module really is the compacted one: its dispatcher is pick's closure.
		expect(String(log_round)).toContain('others[');
	});
});
