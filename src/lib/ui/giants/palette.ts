/**
 * How each player colour is drawn. Colour alone must never carry the meaning (WCAG 1.4.1): every
 * colour also has its own shape, used for its figures on the board and its swatch in the panels,
 * so red and green (or any pair) stay apart for colour-blind players and in greyscale.
 */
import type { Colour } from '$lib/games/giants/surface';

export type Shape = 'circle' | 'square' | 'triangle' | 'diamond' | 'hexagon';

export interface ColourStyle {
	fill: string;
	/** Outline and text drawn on `fill` (contrast ≥ 4.5:1 against it). */
	ink: string;
	shape: Shape;
}

export const COLOUR_STYLE: Record<Colour, ColourStyle> = {
	blue: { fill: '#1c63c4', ink: '#ffffff', shape: 'circle' },
	green: { fill: '#2e8540', ink: '#ffffff', shape: 'square' },
	red: { fill: '#c62828', ink: '#ffffff', shape: 'triangle' },
	yellow: { fill: '#f2c230', ink: '#1b1b1b', shape: 'diamond' },
	purple: { fill: '#7b3fa0', ink: '#ffffff', shape: 'hexagon' }
};

export function styleOf(colour: string | null | undefined): ColourStyle {
	return COLOUR_STYLE[colour as Colour] ?? { fill: '#888888', ink: '#000000', shape: 'circle' };
}

const f = (n: number) => Math.round(n * 100) / 100;

/** An SVG path for `shape` centred on (cx, cy) with radius r (circumradius; the square is inscribed). */
export function shapePath(shape: Shape, cx: number, cy: number, r: number): string {
	switch (shape) {
		case 'circle':
			return `M${f(cx - r)},${f(cy)}a${f(r)},${f(r)} 0 1,0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1,0 ${f(-2 * r)},0Z`;
		case 'square': {
			const h = r * 0.82;
			return `M${f(cx - h)},${f(cy - h)}h${f(2 * h)}v${f(2 * h)}h${f(-2 * h)}Z`;
		}
		case 'triangle':
			return polygon(cx, cy + r * 0.15, r * 1.1, 3, -90);
		case 'diamond':
			return polygon(cx, cy, r * 1.05, 4, -90);
		case 'hexagon':
			return polygon(cx, cy, r, 6, 0);
	}
}

function polygon(cx: number, cy: number, r: number, n: number, startDeg: number): string {
	const pts: string[] = [];
	for (let i = 0; i < n; i++) {
		const a = ((startDeg + (360 / n) * i) * Math.PI) / 180;
		pts.push(`${f(cx + r * Math.cos(a))},${f(cy + r * Math.sin(a))}`);
	}
	return `M${pts.join('L')}Z`;
}
