/**
 * Moa's visual language, shared by the board, the hand and the rules page's legend: terrain fills,
 * each colour's piece shape (shapes as well as colours, so the board reads without colour vision),
 * the mammals' marks. No copyrighted art: plain shapes drawn from the data.
 */
import type { Colour, MammalKind, Terrain } from '$lib/games/moa/surface';

/** Terrain fills; dark ink on every one keeps a contrast of at least 4.5:1. */
export const TERRAIN_FILL: Record<Terrain, string> = {
	coast: '#9fd3e8',
	mountains: '#c9c1b4',
	plains: '#eadb8f',
	forest: '#8fbf77',
	volcano: '#ee9a7e'
};

export const COLOUR_FILL: Record<Colour, string> = {
	red: '#c0392b',
	yellow: '#e3b814',
	green: '#2e8b57',
	blue: '#2f6fb5',
	black: '#2b2b2b'
};

export type Shape = 'circle' | 'square' | 'triangle' | 'diamond' | 'hexagon';
export const COLOUR_SHAPE: Record<Colour, Shape> = {
	red: 'circle',
	yellow: 'square',
	green: 'triangle',
	blue: 'diamond',
	black: 'hexagon'
};

/** An SVG path of `shape` centred on 0,0 with radius `r`. */
export function shapePath(shape: Shape, r: number): string {
	switch (shape) {
		case 'circle':
			return `M ${-r} 0 A ${r} ${r} 0 1 0 ${r} 0 A ${r} ${r} 0 1 0 ${-r} 0 Z`;
		case 'square':
			return `M ${-r * 0.85} ${-r * 0.85} H ${r * 0.85} V ${r * 0.85} H ${-r * 0.85} Z`;
		case 'triangle':
			return `M 0 ${-r} L ${r} ${r * 0.8} H ${-r} Z`;
		case 'diamond':
			return `M 0 ${-r} L ${r} 0 L 0 ${r} L ${-r} 0 Z`;
		case 'hexagon': {
			const p = [0, 1, 2, 3, 4, 5].map((i) => {
				const a = (Math.PI / 3) * i;
				return `${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`;
			});
			return `M ${p.join(' L ')} Z`;
		}
	}
}

/** Each mammal's colour: its picture's (static/pieces/moa.svg) on the card's paper, ≥ 4.5:1 (palette.test.ts). */
export const MAMMAL_FILL: Record<MammalKind, string> = {
	dog: '#8a5a2b',
	possum: '#5b5f68',
	rat: '#4a4038',
	weasel: '#9a4f12'
};

/**
 * Each bird species' colour (issue 30): its picture and its card's art band, after the bird's own
 * plumage, dark enough for ≥ 4.5:1 on the card's paper (palette.test.ts).
 */
export const SPECIES_COLOUR: Record<string, string> = {
	haasts_eagle: '#4a3222',
	kakapo: '#3f6b1f',
	kea: '#52622a',
	kiwi: '#6b4a2b',
	moa: '#5e4634',
	morepork: '#6b4a32',
	pukeko: '#1f3f8a',
	tui: '#2a3a4a'
};

/** Moa's pictures (birds, mammals, terrains, symbols, the stronghold): one static SVG sprite. */
export const SPRITE = '/pieces/moa.svg';

/** The mammal's mark on tiles and cards: its initial in the user's language is added by the caller. */
export const MAMMAL_MARK: Record<MammalKind, string> = { dog: 'D', possum: 'P', rat: 'R', weasel: 'W' };
