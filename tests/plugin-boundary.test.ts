// Issue 11, "Prove it": games are plug-ins. Only a kind's own folders (src/lib/games/<kind>/,
// src/lib/ui/<kind>/, and bench/<kind>/ for its own benchmarks), the two registries and tests may
// import a kind's modules; server code never
// imports UI code; and no platform code names a kind in a string (no `if (kind === 'giants')`).
// Scans src/, bench/ and scripts/ as they are on disk, so a new file is checked the day it appears.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIB = join(ROOT, 'src/lib');
const REGISTRIES = ['src/lib/games/index.ts', 'src/lib/ui/kinds.ts'];

/** Every kind has a folder under src/lib/games/ (its engine); the folder's name is the kind's id. */
const KINDS = readdirSync(join(LIB, 'games'), { withFileTypes: true })
	.filter((e) => e.isDirectory())
	.map((e) => e.name);

function files(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = join(dir, e.name);
		if (e.isDirectory()) return e.name === 'paraglide' || e.name === 'node_modules' ? [] : files(p);
		return /\.(ts|js|svelte)$/.test(e.name) ? [p] : [];
	});
}

const rel = (p: string) => relative(ROOT, p).split(sep).join('/');
const isTest = (p: string) => /\.(test|spec)\.ts$/.test(p) || /\.e2e\.ts$/.test(p);

/** The kind whose own folders hold `file`, or null for platform code. */
function ownerOf(file: string): string | null {
	const r = rel(file);
	for (const k of KINDS) if (r.startsWith(`src/lib/games/${k}/`) || r.startsWith(`src/lib/ui/${k}/`) || r.startsWith(`bench/${k}/`)) return k;
	return null;
}

/** The module specifiers a file imports (static, dynamic and `export … from`). */
function imports(text: string): string[] {
	const out: string[] = [];
	for (const m of text.matchAll(/(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g))
		out.push(m[1] ?? m[2] ?? m[3]);
	return out;
}

/** A specifier as a path under the repository (for `$lib/…` and relative ones), else null. */
function target(from: string, spec: string): string | null {
	if (spec.startsWith('$lib/')) return rel(join(LIB, spec.slice(5)));
	if (spec === '$lib') return 'src/lib';
	if (spec.startsWith('.')) return rel(resolve(dirname(from), spec));
	return null;
}

/** The kind a repository path belongs to, if it is inside a kind's folders. */
function kindOfPath(p: string): string | null {
	for (const k of KINDS) if (p === `src/lib/games/${k}` || p.startsWith(`src/lib/games/${k}/`) || p === `src/lib/ui/${k}` || p.startsWith(`src/lib/ui/${k}/`)) return k;
	return null;
}

/** Code without comments (roughly: enough to keep a comment's example out of the string check). */
function code(text: string): string {
	return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/<!--[\s\S]*?-->/g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The test kinds (docs/adding-a-game.md "A kind for the tests only"): no platform code names them either. */
const TEST_KINDS = readdirSync(join(ROOT, 'tests/games'), { withFileTypes: true })
	.filter((e) => e.isDirectory())
	.map((e) => e.name);

const SCANNED = ['src', 'bench', 'scripts'].flatMap((d) => files(join(ROOT, d))).filter((f) => !isTest(f) && statSync(f).isFile());

describe('games are plug-ins (issue 11)', () => {
	it('finds the kinds and the code to check', () => {
		expect(KINDS).toContain('giants');
		expect(SCANNED.length).toBeGreaterThan(100);
	});

	it('only a kind’s own folders and the two registries import a kind’s modules', () => {
		const bad: string[] = [];
		for (const f of SCANNED) {
			const r = rel(f);
			if (REGISTRIES.includes(r)) continue;
			const own = ownerOf(f);
			for (const spec of imports(readFileSync(f, 'utf8'))) {
				const t = target(f, spec);
				const k = t && kindOfPath(t);
				if (k && k !== own) bad.push(`${r} imports ${spec}`);
			}
		}
		expect(bad).toEqual([]);
	});

	it('server code never imports UI code', () => {
		const bad = SCANNED.filter((f) => rel(f).startsWith('src/lib/server/')).flatMap((f) =>
			imports(readFileSync(f, 'utf8'))
				.filter((s) => (target(f, s) ?? '').startsWith('src/lib/ui'))
				.map((s) => `${rel(f)} imports ${s}`)
		);
		expect(bad).toEqual([]);
	});

	it('the site’s code never imports the tests’ (a test kind joins only through the test seam, tests/kinds/test-kinds.js)', () => {
		expect(TEST_KINDS).toContain('takeaway');
		const bad = SCANNED.filter((f) => rel(f).startsWith('src/')).flatMap((f) =>
			imports(readFileSync(f, 'utf8'))
				.filter((s) => (target(f, s) ?? '').startsWith('tests/'))
				.map((s) => `${rel(f)} imports ${s}`)
		);
		expect(bad).toEqual([]);
	});

	it('no platform code names a kind in a string', () => {
		const bad: string[] = [];
		for (const f of SCANNED) {
			if (REGISTRIES.includes(rel(f)) || ownerOf(f)) continue;
			const text = code(readFileSync(f, 'utf8'));
			for (const k of [...KINDS, ...TEST_KINDS]) if (new RegExp(`['"\`]${k}['"\`]`).test(text)) bad.push(`${rel(f)} says '${k}'`);
		}
		expect(bad).toEqual([]);
	});

	it('the checks see a violation (they are not vacuous)', () => {
		const sample = "import { giants } from '$lib/games/giants';\nif (kind === 'giants') {}\n";
		expect(imports(sample).map((s) => kindOfPath(target(join(LIB, 'server/x.ts'), s) ?? ''))).toEqual(['giants']);
		expect(kindOfPath(target(join(LIB, 'server/room/x.ts'), '../../games/giants/kind') ?? '')).toBe('giants');
		expect(/['"`]giants['"`]/.test(code(sample))).toBe(true);
		expect(/['"`]giants['"`]/.test(code("// e.g. 'giants'\nconst x = 1;"))).toBe(false);
	});
});
