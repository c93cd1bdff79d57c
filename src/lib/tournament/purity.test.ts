/**
 * The tournament library is shared by the server and the browser and must give the same tables for
 * the same input everywhere (docs/tournaments.md): it imports only its own modules, reads no clock
 * and no global random source. (Kind names are kept out by tests/plugin-boundary.test.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = import.meta.dirname;
const SOURCES = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('the tournament library is pure', () => {
	it('finds its sources', () => {
		expect(SOURCES).toEqual(expect.arrayContaining(['pairing.ts', 'standings.ts', 'search.ts', 'types.ts']));
	});

	for (const file of SOURCES)
		it(`${file}: only relative imports, no clock, no Math.random`, () => {
			const text = readFileSync(join(DIR, file), 'utf8');
			const specs = [...text.matchAll(/(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
			expect(specs.filter((s) => !s.startsWith('./'))).toEqual([]);
			expect(text).not.toMatch(/\bDate\.now\s*\(|\bnew Date\s*\(|\bMath\.random\s*\(|\bperformance\.now\s*\(/);
		});
});
