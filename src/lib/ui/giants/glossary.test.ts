// Issue 31: Giants' glossary — every entry worded in both languages with a rule the rules page
// cites, every term the table names (Word.svelte's ids) in it, and the terms load on demand.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import { glossary } from './glossary';
import { loadTerms, terms } from './terms.svelte';

afterAll(() => overwriteGetLocale(() => 'en'));
const dir = join(process.cwd(), 'src/lib/ui/giants');
const svelte = (sub = ''): string[] =>
	readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) =>
		e.isDirectory() ? svelte(join(sub, e.name)) : e.name.endsWith('.svelte') ? [readFileSync(join(dir, sub, e.name), 'utf8')] : []
	);

describe('Giants glossary', () => {
	it('words every entry in English and German, each language its own', () => {
		for (const [id, e] of Object.entries(glossary)) {
			overwriteGetLocale(() => 'en');
			const en = [e.term(), e.def()];
			overwriteGetLocale(() => 'de');
			const de = [e.term(), e.def()];
			for (const t of [...en, ...de]) expect(t.trim().length, id).toBeGreaterThan(1);
			expect(de[1], id).not.toBe(en[1]);
		}
	});

	it('links each entry to a rule the rules page cites', () => {
		const rules = readFileSync(join(dir, 'Rules.svelte'), 'utf8');
		for (const [id, e] of Object.entries(glossary)) expect(rules, `${id}: ${e.rule}`).toContain(`'${e.rule}`);
	});

	it('has every term the table names, and the table names most of them', () => {
		const used = new Set(svelte().flatMap((src) => [...src.matchAll(/<Word id=(?:"([A-Za-z]+)"|\{([^}]+)\})/g)].flatMap((m) => (m[1] ? [m[1]] : [...m[2].matchAll(/[?:]\s*'([A-Za-z]+)'/g)].map((x) => x[1])))));
		for (const id of used) expect(Object.keys(glossary), id).toContain(id);
		// The item icons of the players' cards are terms through Players.svelte's TERMS map.
		for (const id of ['worker', 'medicineMan', 'chief', 'marker', 'pedestal', 'log', 'rongo', 'moai', 'headdress']) used.add(id);
		expect(Object.keys(glossary).filter((id) => !used.has(id))).toEqual(['abandoned']); // on the rules page only
	});

	it('loads the Term and the words on demand', async () => {
		expect(terms()).toBeNull();
		loadTerms();
		await expect.poll(() => terms(), { timeout: 5000 }).not.toBeNull();
		overwriteGetLocale(() => 'en');
		expect(terms()!.entry('pedestal').term()).toBe('Pedestal');
	});
});
