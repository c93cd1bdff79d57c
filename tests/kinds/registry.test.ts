// One registry entry per kind, checked (issue 29): a kind is its engine (src/lib/games/index.ts),
// its UI (src/lib/ui/kinds.ts — a missing entry there is also a compile error) and its texts
// (project.inlang/settings.json), in both languages. Forgetting any of them — or a folder nobody
// registered — fails here, and no position in a list carries meaning. The test kinds (Take-away,
// under tests/: docs/adding-a-game.md "A kind for the tests only") are registered by the same
// mechanism here (tests/kinds/test-kinds.js) and checked the same way, from their own folders.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { KIND_IDS, KINDS, LEGACY_KIND_ID, kindOf } from '$lib/games';
import { KIND_RULES, KIND_UI } from '$lib/ui/kinds';

const ROOT = join(import.meta.dirname, '../..');
const dirs = (p: string) => (existsSync(join(ROOT, p)) ? readdirSync(join(ROOT, p)).filter((d) => statSync(join(ROOT, p, d)).isDirectory()) : []);
const settings = JSON.parse(readFileSync(join(ROOT, 'project.inlang/settings.json'), 'utf8')) as {
	locales: string[];
	'plugin.inlang.messageFormat': { pathPattern: string[] };
};
const patterns = settings['plugin.inlang.messageFormat'].pathPattern;
const LOCALES = settings.locales;
const messages = (file: string) => Object.entries(JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, unknown>).filter(([k]) => k !== '$schema');
const keys = (file: string) => messages(file).map(([k]) => k).sort();

/** Where a kind's two folders live: the app's kinds under src/lib/, the test kinds under tests/. */
const HOMES = ['src/lib', 'tests'] as const;
const homeOf = (id: string) => HOMES.find((h) => existsSync(join(ROOT, h, 'games', id)));
const PARTS = ['game', 'history', 'options', 'picture'] as const;

describe('the kind registry', () => {
	it('every kind folder is registered, and every registered kind has both its folders', () => {
		expect(HOMES.flatMap((h) => dirs(`${h}/games`)).sort()).toEqual([...KIND_IDS].sort());
		expect(KIND_IDS).toContain('takeaway'); // the tests host the test kind (tests/kinds/test-kinds.js)
		for (const id of KIND_IDS) {
			const home = homeOf(id);
			expect(home, `${id} has no games/${id}/ folder`).toBeDefined();
			expect(existsSync(join(ROOT, home!, 'ui', id)), `${home}/ui/${id}`).toBe(true);
		}
		// The UI folders that draw a game (a GameView) are kinds' own; the others are the platform's.
		for (const h of HOMES)
			for (const d of dirs(`${h}/ui`)) if (existsSync(join(ROOT, h, 'ui', d, 'GameView.svelte'))) expect(KIND_IDS, `${h}/ui/${d}`).toContain(d);
	});

	it('every kind has a UI entry, and each of its parts loads a component', async () => {
		expect(Object.keys(KIND_UI).sort()).toEqual([...KIND_IDS].sort());
		for (const id of KIND_IDS) {
			const ui = KIND_UI[id];
			for (const part of PARTS) {
				expect(ui[part], `${id} has no ${part} loader`).toBeTypeOf('function');
				const mod = await ui[part]();
				expect(typeof mod.default, `${id}.${part}`).toBe('function');
			}
			// The rules page's body is registered apart (prerendered, kept out of the Worker).
			expect(Object.hasOwn(KIND_RULES, id), `${id}.rules`).toBe(true);
			expect(typeof (await KIND_RULES[id]()).default, `${id}.rules`).toBe('function');
			expect(typeof (await ui.game()).statusText, `${id}.game statusText`).toBe('function');
			// The history board brings its own kind, the one registered under its id.
			expect((await ui.history()).kind, `${id}.history kind`).toBe(kindOf(id));
		}
		// Compiling every kind's components takes seconds on a busy machine.
	}, 60_000);

	it('every kind has its texts in every locale, listed for Paraglide, with the same messages in each', () => {
		const kindPatterns = patterns.filter((p) => /^\.\/(src\/lib|tests)\/(games|ui)\//.test(p));
		for (const id of KIND_IDS) {
			const home = homeOf(id);
			const own = `./${home}/games/${id}/messages/{locale}.json`;
			expect(patterns, `${id}'s messages are not in project.inlang/settings.json`).toContain(own);
			// The UI's own words, when it has any, are listed too.
			if (existsSync(join(ROOT, home!, 'ui', id, 'messages')))
				expect(kindPatterns.some((p) => p.startsWith(`./${home}/ui/${id}/messages/`)), `${home}/ui/${id}/messages are not in project.inlang/settings.json`).toBe(true);
		}
		const owner = new Map<string, string>();
		for (const p of kindPatterns) {
			const id = /^\.\/(?:src\/lib|tests)\/(?:games|ui)\/([^/]+)\//.exec(p)![1];
			expect(KIND_IDS, `${p} belongs to no registered kind`).toContain(id);
			const files = LOCALES.map((l) => p.replace('{locale}', l).replace(/^\.\//, ''));
			for (const f of files) expect(existsSync(join(ROOT, f)), f).toBe(true);
			for (const f of files.slice(1)) expect(keys(f), `${f} and ${files[0]}`).toEqual(keys(files[0]));
			for (const f of files) for (const [k, text] of messages(f)) expect(JSON.stringify(text).length, `${f}: ${k} is empty`).toBeGreaterThan(2);
			// Paraglide compiles every file into one catalog: a key in two files would be one message.
			for (const k of keys(files[0])) {
				expect(owner.get(k), `${k} is in ${owner.get(k)} and ${files[0]}`).toBeUndefined();
				owner.set(k, files[0]);
			}
		}
	});

	it("the texts are the kind's, in the user's language", async () => {
		const { overwriteGetLocale, getLocale } = await import('$lib/paraglide/runtime');
		const before = getLocale();
		try {
			for (const kind of KINDS) {
				const said = LOCALES.map((l) => {
					overwriteGetLocale(() => l as typeof before);
					return [kind.texts.blurb(), kind.texts.phase(kind.status(kind.view(startOf(kind), null)).phase)];
				});
				// Each locale has its own words (a blurb is a sentence, never the same in two languages).
				expect(new Set(said.map((s) => s[0])).size, `${kind.id}'s blurb`).toBe(LOCALES.length);
				for (const s of said) for (const t of s) expect(t, kind.id).not.toBe('');
			}
		} finally {
			overwriteGetLocale(() => before);
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

/** A kind's start with its default options and fewest seats. */
function startOf(kind: (typeof KINDS)[number]): unknown {
	const c = kind.config(v.parse(kind.options, {}), kind.seats.min);
	if (!c.ok) throw new Error(c.message);
	const s = kind.start(c.value, 'registry-texts');
	if (!s.ok) throw new Error(s.message);
	return s.value.state;
}
