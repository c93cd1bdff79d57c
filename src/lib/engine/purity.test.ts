/**
 * Conventions §1: the engine imports nothing of the platform and reads no clock and no global
 * random source. This spec greps every non-test source file of the engine and the games.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const DIRS = ['src/lib/engine', 'src/lib/games'];

function sources(dir: string): string[] {
	const out: string[] = [];
	for (const e of readdirSync(dir, { withFileTypes: true })) {
		const p = join(dir, e.name);
		if (e.isDirectory()) out.push(...sources(p));
		else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) out.push(p);
	}
	return out;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
const FORBIDDEN_IMPORT = [/^cloudflare:/, /^\$app\//, /^drizzle-orm(\/|$)/, /^\$lib\/server(\/|$)/];
const FORBIDDEN_CALL = [/\bDate\.now\s*\(/, /\bMath\.random\s*\(/];

/** Every finding in one file's text: forbidden imports and calls. */
function findings(text: string): string[] {
	const out: string[] = [];
	for (const m of text.matchAll(IMPORT)) {
		const spec = m[1] ?? m[2] ?? m[3];
		if (FORBIDDEN_IMPORT.some((re) => re.test(spec))) out.push(`import ${spec}`);
	}
	for (const re of FORBIDDEN_CALL) if (re.test(text)) out.push(re.source);
	return out;
}

describe('conventions §1: the engine is pure', () => {
	const files = DIRS.flatMap((d) => sources(join(ROOT, d)));

	it('finds the engine and game sources', () => {
		const names = files.map((f) => relative(ROOT, f));
		expect(names).toContain('src/lib/engine/rng.ts');
		expect(names).toContain('src/lib/games/giants/index.ts');
	});

	it('the grep itself catches every forbidden form', () => {
		expect(findings(`import { env } from 'cloudflare:workers';`)).toEqual(['import cloudflare:workers']);
		expect(findings(`import { goto } from '$app/navigation';`)).toEqual(['import $app/navigation']);
		expect(findings(`import { eq } from 'drizzle-orm';`)).toEqual(['import drizzle-orm']);
		expect(findings(`export { db } from '$lib/server/db';`)).toEqual(['import $lib/server/db']);
		expect(findings(`const m = await import('cloudflare:sockets');`)).toEqual(['import cloudflare:sockets']);
		expect(findings(`import '$lib/server/side-effect';`)).toEqual(['import $lib/server/side-effect']);
		expect(findings(`const t = Date.now();`)).toHaveLength(1);
		expect(findings(`const r = Math.random ();`)).toHaveLength(1);
		expect(findings(`import { below } from '$lib/engine';\nconst x = below(s, 6);`)).toEqual([]);
	});

	it('no engine or game source imports the platform or reads the clock or Math.random', () => {
		const bad = files.flatMap((f) => findings(readFileSync(f, 'utf8')).map((x) => `${relative(ROOT, f)}: ${x}`));
		expect(bad).toEqual([]);
	});
});
