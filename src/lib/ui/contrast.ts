/** WCAG 2.x contrast of two #rrggbb colours (theme.test.ts and the kinds' palette tests). */
function luminance(hex: string): number {
	const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
	return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
	const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (hi + 0.05) / (lo + 0.05);
}

/** `fg` painted with `opacity` over `bg`, as #rrggbb (a faint picture on a region, say). */
export function over(fg: string, opacity: number, bg: string): string {
	const ch = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
	return '#' + [1, 3, 5].map((i) => Math.round(ch(fg, i) * opacity + ch(bg, i) * (1 - opacity)).toString(16).padStart(2, '0')).join('');
}
