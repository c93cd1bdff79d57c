/**
 * The UI knows no rules (issue 29; chessground's principle): a kind's UI imports its engine only
 * through the kind's public surface — `$lib/games/<kind>/surface` (the data it draws, readers of a
 * view's public facts and the engine's answers, such as a move's choices), `$lib/games/<kind>` (its
 * index.ts: the same plus the `Game`, for the history board that replays), `$lib/games/<kind>/text`
 * (its words: they say what the engine decided, they decide nothing; `…/logText` may hold the log's
 * sentences apart, so that a page loads them only when it shows a log line) and `$lib/games/<kind>/kind`
 * (the plug-in the registry holds too). Any other `$lib/games/<kind>/…` import in src/lib/ui fails
 * here. Tests (`*.test.ts`) are exempt: they may build positions with a kind's test helpers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const UI = join(ROOT, 'src', 'lib', 'ui');
// `tutorial.json`: a kind's tutorial script (issue 31) is data — words and moves, no rule — that the
// kind's UI hands to /learn (src/lib/ui/<kind>/tutorial.ts); the game page never imports it.
// `examples.json`: the rules page's worked examples as positions (issue 34), data likewise, handed to
// /rules/<kind>/explore (src/lib/ui/<kind>/examples.ts); every rule about them is the kind's `config`.
const PUBLIC = new Set(['', 'surface', 'text', 'logText', 'kind', 'tutorial.json', 'examples.json']);

function files(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = join(dir, e.name);
		if (e.isDirectory()) return files(p);
		return /\.(ts|svelte)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
	});
}

/** Every module a source names: static imports and re-exports, `import(...)` and `import type`. */
export function specifiers(source: string): string[] {
	const out: string[] = [];
	for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g)) out.push(m[2]);
	return out;
}

/** The part of `$lib/games/<kind>/<rest>` after the kind, or null for anything else ('' for the index). */
export function beyondSurface(spec: string): string | null {
	const m = /^\$lib\/games\/([^/]+)(?:\/(.+))?$/.exec(spec);
	if (!m || m[1] === 'index') return null; // the registry, `$lib/games`
	const rest = (m[2] ?? '').replace(/\.(ts|js)$/, '');
	return PUBLIC.has(rest) ? null : rest;
}

describe('the UI imports a kind only through its public surface (issue 29)', () => {
	it('finds what it looks for', () => {
		expect(specifiers(`import { x } from '$lib/games/moa/rules';\nimport type { Y } from "$lib/games/moa/types";\nconst z = await import('$lib/games/giants/legal');`)).toEqual([
			'$lib/games/moa/rules',
			'$lib/games/moa/types',
			'$lib/games/giants/legal'
		]);
		expect(beyondSurface('$lib/games/moa/rules')).toBe('rules');
		expect(beyondSurface('$lib/games/moa')).toBeNull();
		expect(beyondSurface('$lib/games/moa/text')).toBeNull();
		expect(beyondSurface('$lib/games/moa/surface')).toBeNull();
		expect(beyondSurface('$lib/games')).toBeNull();
		expect(beyondSurface('$lib/games/giants/index')).toBe('index');
	});

	it('src/lib/ui has no other import of a kind', () => {
		const bad: string[] = [];
		for (const f of files(UI))
			for (const spec of specifiers(readFileSync(f, 'utf8'))) if (beyondSurface(spec) !== null || /(^|\/)games\//.test(spec.replace(/^\$lib\/games\//, ''))) bad.push(`${relative(ROOT, f)}: ${spec}`);
		expect(bad).toEqual([]);
	});
});
