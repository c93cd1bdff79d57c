// The palette stays readable (issue 12): every text/background pair theme.css declares
// (`@pair --text on --background`) has a WCAG 2 contrast of at least 4.5:1, with the colours read
// from theme.css itself, the one place they are defined.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast } from './contrast';

const CSS = readFileSync(new URL('./theme.css', import.meta.url), 'utf8');

/** The custom properties of the first `:root { … }` block whose value is a #rrggbb colour. */
export function colours(css: string): Map<string, string> {
	const root = css.match(/:root\s*\{([\s\S]*?)\n\}/)?.[1] ?? '';
	return new Map([...root.matchAll(/(--[\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map(([, name, value]) => [name, value.toLowerCase()]));
}

export function pairs(css: string, tag = 'pair'): [string, string][] {
	return [...css.matchAll(new RegExp(`@${tag}\\s+(--[\\w-]+)\\s+on\\s+(--[\\w-]+)`, 'g'))].map(([, fg, bg]) => [fg, bg]);
}

export { contrast } from './contrast';

describe('the contrast check itself', () => {
	it('computes WCAG contrast as the spec does', () => {
		expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
		expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
		// WebAIM's figure for #767676 on white: 4.54:1, the lightest grey that passes.
		expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
		expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
	});

	it('reads colours and pairs from CSS, and would catch a bad pair', () => {
		const css = ':root {\n\t--a: #777777;\n\t--b: #FFFFFF;\n}\n/* @pair --a on --b */';
		const c = colours(css);
		expect(c.get('--b')).toBe('#ffffff');
		expect(pairs(css)).toEqual([['--a', '--b']]);
		expect(contrast(c.get('--a')!, c.get('--b')!)).toBeLessThan(4.5);
	});
});

describe('theme.css', () => {
	const c = colours(CSS);
	const declared = pairs(CSS);

	it('declares its colours and the pairs to check', () => {
		expect(c.size).toBeGreaterThan(15);
		expect(declared.length).toBeGreaterThan(15);
	});

	it.each(declared)('%s on %s: contrast ≥ 4.5:1', (fg, bg) => {
		expect(c.has(fg), `${fg} is defined in :root as #rrggbb`).toBe(true);
		expect(c.has(bg), `${bg} is defined in :root as #rrggbb`).toBe(true);
		const ratio = contrast(c.get(fg)!, c.get(bg)!);
		expect(ratio, `${fg} ${c.get(fg)} on ${bg} ${c.get(bg)}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
	});

	it('every text colour (--ink*, --*-ink, --on-*, --link*) is in at least one checked pair', () => {
		const texts = [...c.keys()].filter((n) => /^--(ink|link|on-)|-ink$/.test(n));
		const checked = new Set(declared.map(([fg]) => fg));
		expect(texts.filter((t) => !checked.has(t))).toEqual([]);
	});
});

// Issue 30: the pieces' shared card style. Its text pairs need 4.5:1; a `@graphic` pair (a card's
// edge, a picked card's outline) is a graphical object and needs 3:1 (WCAG 1.4.11).
describe('pieces.css', () => {
	const PIECES = readFileSync(new URL('./pieces.css', import.meta.url), 'utf8');
	const c = colours(PIECES);
	const text = pairs(PIECES);
	const graphic = pairs(PIECES, 'graphic');

	it('declares its text and graphic pairs', () => {
		expect(text.length).toBeGreaterThanOrEqual(4);
		expect(graphic.length).toBeGreaterThanOrEqual(2);
	});

	it.each(text)('text %s on %s: contrast ≥ 4.5:1', (fg, bg) => {
		const ratio = contrast(c.get(fg)!, c.get(bg)!);
		expect(ratio, `${fg} on ${bg}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
	});

	it.each(graphic)('graphic %s on %s: contrast ≥ 3:1', (fg, bg) => {
		const ratio = contrast(c.get(fg)!, c.get(bg)!);
		expect(ratio, `${fg} on ${bg}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(3);
	});

	it('lets card names break only between words (no overflow-wrap: anywhere, no break-all)', () => {
		const card = PIECES.match(/\.piece-card\s*\{([^}]*)\}/)?.[1] ?? '';
		expect(card).toMatch(/overflow-wrap:\s*normal/);
		expect(card).toMatch(/word-break:\s*normal/);
		expect(PIECES).not.toMatch(/anywhere|break-all/);
	});
});
