// PanelIcon draws its glyphs from the static sprite static/pieces/giants.svg: every name the
// component accepts has its symbol there (a <use> of a missing id draws an empty box, no error).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('Giants panel glyphs', () => {
	it('every icon name has a 16×16 symbol of its own in the sprite, filled with currentColor', () => {
		const names = [...read('./PanelIcon.svelte').matchAll(/\|\s*'(\w+)'/g)].map((m) => m[1]);
		expect(names.length).toBeGreaterThanOrEqual(12);
		const sprite = read('../../../../static/pieces/giants.svg');
		for (const name of names) {
			const symbol = new RegExp(`<symbol id="${name}" viewBox="0 0 16 16"><path d="[^"]+" fill="currentColor"`);
			expect(sprite, name).toMatch(symbol);
		}
		expect(new Set([...sprite.matchAll(/<symbol id="(\w+)"/g)].map((m) => m[1]))).toEqual(new Set(names));
	});
});
