// The palette stays readable (issue 12): every text/background pair theme.css declares
// (`@pair --text on --background`) has a WCAG 2 contrast of at least 4.5:1, with the colours read
// from theme.css itself, the one place they are defined.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const CSS = readFileSync(new URL('./theme.css', import.meta.url), 'utf8');

/** The custom properties of the first `:root { … }` block whose value is a #rrggbb colour. */
export function colours(css: string): Map<string, string> {
	const root = css.match(/:root\s*\{([\s\S]*?)\n\}/)?.[1] ?? '';
	return new Map([...root.matchAll(/(--[\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map(([, name, value]) => [name, value.toLowerCase()]));
}

export function pairs(css: string): [string, string][] {
	return [...css.matchAll(/@pair\s+(--[\w-]+)\s+on\s+(--[\w-]+)/g)].map(([, fg, bg]) => [fg, bg]);
}

/** WCAG 2.x relative luminance of #rrggbb. */
function luminance(hex: string): number {
	const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
	return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
	const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (hi + 0.05) / (lo + 0.05);
}

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
