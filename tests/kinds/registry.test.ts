// One registry entry per kind, checked (issue 29): a kind is its engine (src/lib/games/index.ts),
// its UI (src/lib/ui/kinds.ts — a missing entry there is also a compile error) and its texts
// (project.inlang/settings.json). Forgetting any of them — or a folder nobody registered — fails
// here, and no position in a list carries meaning.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIND_IDS, KINDS, LEGACY_KIND_ID, kindOf } from '$lib/games';
import { KIND_RULES, KIND_UI } from '$lib/ui/kinds';

const ROOT = join(import.meta.dirname, '../..');
const dirs = (p: string) => readdirSync(join(ROOT, p)).filter((d) => statSync(join(ROOT, p, d)).isDirectory());
const settings = JSON.parse(readFileSync(join(ROOT, 'project.inlang/settings.json'), 'utf8')) as {
	locales: string[];
	'plugin.inlang.messageFormat': { pathPattern: string[] };
};
const patterns = settings['plugin.inlang.messageFormat'].pathPattern;
const LOCALES = settings.locales;
const keys = (file: string) => Object.keys(JSON.parse(readFileSync(join(ROOT, file), 'utf8'))).filter((k) => k !== '$schema').sort();

describe('the kind registry', () => {
	it('every kind folder is registered, and every registered kind has its folders', () => {
		expect(dirs('src/lib/games').sort()).toEqual([...KIND_IDS].sort());
		for (const id of KIND_IDS) expect(existsSync(join(ROOT, 'src/lib/ui', id)), `src/lib/ui/${id}`).toBe(true);
		// The UI folders that draw a game (a GameView) are kinds' own; the others are the platform's.
		for (const d of dirs('src/lib/ui')) if (existsSync(join(ROOT, 'src/lib/ui', d, 'GameView.svelte'))) expect(KIND_IDS, d).toContain(d);
	});

	it('every kind has a UI entry, and each of its parts loads a component', async () => {
		expect(Object.keys(KIND_UI).sort()).toEqual([...KIND_IDS].sort());
		for (const id of KIND_IDS) {
			const ui = KIND_UI[id];
			for (const part of ['game', 'history', 'options', 'picture'] as const) {
				const mod = await ui[part]();
				expect(typeof mod.default, `${id}.${part}`).toBe('function');
			}
			// The rules page's body is registered apart (prerendered, kept out of the Worker).
			expect(Object.hasOwn(KIND_RULES, id), `${id}.rules`).toBe(true);
			expect(typeof (await KIND_RULES[id]()).default, `${id}.rules`).toBe('function');
			expect(typeof (await ui.game()).statusText, `${id}.game statusText`).toBe('function');
		}
	});

	it('every kind has its texts in every locale, listed for Paraglide, with the same messages in each', () => {
		const kindPatterns = patterns.filter((p) => /\/src\/lib\/(games|ui)\//.test(p));
		for (const id of KIND_IDS) {
			const own = `./src/lib/games/${id}/messages/{locale}.json`;
			expect(patterns, `${id}'s messages are not in project.inlang/settings.json`).toContain(own);
		}
		for (const p of kindPatterns) {
			const id = /\/src\/lib\/(?:games|ui)\/([^/]+)\//.exec(p)![1];
			expect(KIND_IDS, `${p} belongs to no registered kind`).toContain(id);
			const files = LOCALES.map((l) => p.replace('{locale}', l).replace(/^\.\//, ''));
			for (const f of files) expect(existsSync(join(ROOT, f)), f).toBe(true);
			for (const f of files.slice(1)) expect(keys(f), `${f} and ${files[0]}`).toEqual(keys(files[0]));
		}
	});

	it('no position in a list means anything: ids sorted, records from before kinds named by id', () => {
		expect([...KIND_IDS]).toEqual([...KIND_IDS].sort());
		expect(kindOf(LEGACY_KIND_ID)?.id).toBe(LEGACY_KIND_ID);
		expect(new Set(KINDS.map((k) => k.id)).size).toBe(KINDS.length);
		// Nothing outside the kinds' own folders picks a kind by its place in a list (a kind's own
		// lists, e.g. Rapa Nui's card kinds, are its business).
		const offenders: string[] = [];
		const walk = (dir: string) => {
			for (const f of readdirSync(join(ROOT, dir))) {
				const p = join(dir, f);
				if (statSync(join(ROOT, p)).isDirectory()) {
					if (f !== 'paraglide' && p !== join('src', 'lib', 'games')) walk(p);
				} else if (/\.(ts|svelte)$/.test(f) && /\b(KIND_IDS|KINDS)\[\d/.test(readFileSync(join(ROOT, p), 'utf8'))) offenders.push(p);
			}
		};
		for (const d of ['src', 'scripts', 'bench', 'tests']) walk(d);
		expect(offenders).toEqual([]);
	});
});
