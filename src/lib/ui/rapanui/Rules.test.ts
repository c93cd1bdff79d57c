// The rules page (/rules/rapanui) in both languages: — the overview card has no digital
// counterpart beyond this page, so the page carries every step of a turn, every cost and the scoring.
import { render } from 'svelte/server';
import { afterAll, describe, expect, test } from 'vitest';
import { TYPES } from '$lib/games/rapanui/rules';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import Rules from './Rules.svelte';

afterAll(() => overwriteGetLocale(() => 'en'));

describe('Rules (R-1.7)', () => {
	for (const [locale, words] of [
		['en', ['Rapa Nui — rules', 'Step 1 — buy an offering card', 'Step 2 — play cards', 'Step 3 — draw', 'Building a moai: the sacrifice round', 'End and final scoring', 'Icons']],
		['de', ['Rapa Nui — Regeln', 'Schritt 1 — eine Opferkarte kaufen', 'Schritt 2 — Karten ausspielen', 'Schritt 3 — nachziehen', 'Opferrunde', 'Spielende und Schlusswertung', 'Symbole']]
	] as const)
		test(`${locale}: every part of a turn, every rule group R-0 … R-8 cited, the icon legend`, () => {
			overwriteGetLocale(() => locale);
			const { body } = render(Rules);
			for (const w of words) expect(body).toContain(w);
			for (let g = 0; g <= 8; g++) expect(body).toMatch(new RegExp(`\\(R-${g}[.)]|R-${g}\\.\\d`));
			for (const t of TYPES) expect(body).toContain(`data-legend="${t}"`);
			expect(body.match(/<h1/g)).toHaveLength(1);
		});
});
