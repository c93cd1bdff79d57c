// Issue 31: the Giants rules page starts with the quick start (goal, a round in five lines, the end,
// the way into the tutorial) and ends with the glossary, in both languages.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { glossary } from './glossary';
import Rules from './Rules.svelte';

afterAll(() => overwriteGetLocale(() => 'en'));

describe('Giants rules page', () => {
	for (const locale of ['en', 'de'] as const) {
		it(`opens with the quick start and closes with the glossary (${locale})`, () => {
			overwriteGetLocale(() => locale);
			const { body } = render(Rules);
			const quick = body.indexOf('data-testid="quick-start"');
			expect(quick).toBeGreaterThan(0);
			expect(quick).toBeLessThan(body.indexOf('<nav'));
			expect(body).toMatch(/href="[^"]*\/learn\/giants" data-testid="learn-link"/);
			expect(body.slice(quick).match(/<ol[^>]*>[\s\S]*?<\/ol>/)![0].match(/<li>/g)).toHaveLength(5);
			const list = body.indexOf('id="glossary"');
			expect(list).toBeGreaterThan(body.indexOf('id="digital"'));
			for (const e of Object.values(glossary)) expect(body.slice(list)).toContain(e.term());
		});
	}
});
