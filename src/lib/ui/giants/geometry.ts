/**
 * Board geometry in SVG user units, computed once from the board data (G-1). Pure: no DOM, no view.
 * Pointy-top hexes in axial coordinates (data/board.json `hexLayout`): r grows southward, so the
 * pixel y grows with r as SVG's does.
 */
import { AHUS, HEXES, type AhuData, type HexData } from '$lib/games/giants/surface';

export interface Pt {
	x: number;
	y: number;
}
export interface Box {
	x: number;
	y: number;
	w: number;
	h: number;
}

/** Circumradius of a hex. Everything else on the board is sized relative to it. */
export const R = 50;
const SQRT3 = Math.sqrt(3);
/** Distance from a hex centre to the middle of an edge (the inradius). */
export const INNER = (R * SQRT3) / 2;
/** The card that stands for an ahu in the sea (G-1: each ahu on one coastal edge). */
export const AHU_W = 36;
export const AHU_H = 34;
/** Sea kept around the island and its ahus. */
const MARGIN = 10;

const r2 = (n: number) => Math.round(n * 100) / 100;

export function hexCentre(q: number, r: number): Pt {
	return { x: r2(R * SQRT3 * (q + r / 2)), y: r2(R * 1.5 * r) };
}

/** Corners clockwise from the top one (pointy-top). */
export function hexCorners(c: Pt, radius = R): Pt[] {
	return [-90, -30, 30, 90, 150, 210].map((deg) => {
		const a = (deg * Math.PI) / 180;
		return { x: c.x + radius * Math.cos(a), y: c.y + radius * Math.sin(a) };
	});
}

export function pointsAttr(pts: readonly Pt[]): string {
	return pts.map((p) => `${r2(p.x)},${r2(p.y)}`).join(' ');
}

export type Side = 'NE' | 'E' | 'SE' | 'SW' | 'W' | 'NW';
/** Direction (degrees, SVG y-down) from a hex centre to the middle of the named edge. */
export const SIDE_ANGLE: Record<Side, number> = { E: 0, NE: -60, NW: -120, W: 180, SW: 120, SE: 60 };

function unit(deg: number): Pt {
	const a = (deg * Math.PI) / 180;
	return { x: Math.cos(a), y: Math.sin(a) };
}

/** Middle of the named edge of a hex centred on c. */
export function edgeMidpoint(c: Pt, side: Side): Pt {
	const u = unit(SIDE_ANGLE[side]);
	return { x: r2(c.x + u.x * INNER), y: r2(c.y + u.y * INNER) };
}

export function rectCorners(centre: Pt, w: number, h: number): Pt[] {
	return [
		{ x: centre.x - w / 2, y: centre.y - h / 2 },
		{ x: centre.x + w / 2, y: centre.y - h / 2 },
		{ x: centre.x + w / 2, y: centre.y + h / 2 },
		{ x: centre.x - w / 2, y: centre.y + h / 2 }
	];
}

/** Separating-axis test for two convex polygons; touching (within 0.05 units) is not overlap. */
export function convexOverlap(a: readonly Pt[], b: readonly Pt[]): boolean {
	for (const poly of [a, b]) {
		for (let i = 0; i < poly.length; i++) {
			const p = poly[i];
			const q = poly[(i + 1) % poly.length];
			const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
			const nx = (q.y - p.y) / len;
			const ny = (p.x - q.x) / len;
			let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
			for (const v of a) {
				const d = v.x * nx + v.y * ny;
				minA = Math.min(minA, d);
				maxA = Math.max(maxA, d);
			}
			for (const v of b) {
				const d = v.x * nx + v.y * ny;
				minB = Math.min(minB, d);
				maxB = Math.max(maxB, d);
			}
			if (maxA <= minB + 0.05 || maxB <= minA + 0.05) return false;
		}
	}
	return true;
}

/**
 * Centres of the ahu cards: just outside the middle of their edge; where two cards of a concave
 * stretch of coast would touch, each slides along its own edge (staying on its side) and, if that
 * is not enough, moves further out to sea. Never onto a hex.
 */
export function placeAhus(ahus: readonly AhuData[], hexes: readonly HexData[], gap = 3): Map<string, Pt> {
	const centre = new Map(hexes.map((h) => [h.id, hexCentre(h.q, h.r)]));
	const hexPolys = hexes.map((h) => hexCorners(centre.get(h.id)!));
	const items = ahus.map((a) => {
		const n = unit(SIDE_ANGLE[a.side as Side]);
		const t = { x: -n.y, y: n.x };
		// Just clear of the edge: the card's half-extent along the normal plus a small gap.
		const out = INNER + gap + (AHU_W / 2) * Math.abs(n.x) + (AHU_H / 2) * Math.abs(n.y);
		return { id: a.id, c: centre.get(a.hex)!, n, t, out, slide: 0 };
	});
	const at = (it: (typeof items)[number]): Pt => ({
		x: it.c.x + it.n.x * it.out + it.t.x * it.slide,
		y: it.c.y + it.n.y * it.out + it.t.y * it.slide
	});
	const onLand = (p: Pt) => {
		const rc = rectCorners(p, AHU_W, AHU_H);
		return hexPolys.some((poly) => convexOverlap(rc, poly));
	};
	const maxSlide = R * 0.5;
	for (let iter = 0; iter < 400; iter++) {
		let clash = false;
		for (let i = 0; i < items.length; i++) {
			for (let j = i + 1; j < items.length; j++) {
				const pi = at(items[i]);
				const pj = at(items[j]);
				if (!convexOverlap(rectCorners(pi, AHU_W + 2, AHU_H + 2), rectCorners(pj, AHU_W + 2, AHU_H + 2))) continue;
				clash = true;
				for (const [it, self, other] of [
					[items[i], pi, pj],
					[items[j], pj, pi]
				] as const) {
					const away = (other.x - self.x) * it.t.x + (other.y - self.y) * it.t.y > 0 ? -1 : 1;
					const next = { ...it, slide: it.slide + away };
					if (Math.abs(next.slide) <= maxSlide && !onLand(at(next))) it.slide = next.slide;
					else it.out += 1;
				}
			}
		}
		if (!clash) break;
	}
	return new Map(
		items.map((it) => {
			const p = at(it);
			return [it.id, { x: r2(p.x), y: r2(p.y) }];
		})
	);
}

export function boundingBox(pts: readonly Pt[], margin = 0): Box {
	const xs = pts.map((p) => p.x);
	const ys = pts.map((p) => p.y);
	const x = Math.min(...xs) - margin;
	const y = Math.min(...ys) - margin;
	return { x: r2(x), y: r2(y), w: r2(Math.max(...xs) + margin - x), h: r2(Math.max(...ys) + margin - y) };
}

export interface HexGeo {
	id: string;
	data: HexData;
	c: Pt;
	points: string;
}
export interface AhuGeo {
	id: string;
	data: AhuData;
	c: Pt;
	/** Middle of the coastal edge the ahu sits on, for the little causeway to its card. */
	edge: Pt;
}

/** The static board, computed once per module load (the same for every view). */
export const HEX_GEO: readonly HexGeo[] = HEXES.map((h) => {
	const c = hexCentre(h.q, h.r);
	return { id: h.id, data: h, c, points: pointsAttr(hexCorners(c)) };
});
export const HEX_GEO_BY_ID: ReadonlyMap<string, HexGeo> = new Map(HEX_GEO.map((h) => [h.id, h]));
const AHU_POS = placeAhus(AHUS, HEXES);
export const AHU_GEO: readonly AhuGeo[] = AHUS.map((a) => ({
	id: a.id,
	data: a,
	c: AHU_POS.get(a.id)!,
	edge: edgeMidpoint(HEX_GEO_BY_ID.get(a.hex)!.c, a.side as Side)
}));
export const AHU_GEO_BY_ID: ReadonlyMap<string, AhuGeo> = new Map(AHU_GEO.map((a) => [a.id, a]));
export const BOARD_BOX: Box = boundingBox(
	[...HEX_GEO.flatMap((h) => hexCorners(h.c)), ...AHU_GEO.flatMap((a) => rectCorners(a.c, AHU_W, AHU_H))],
	MARGIN
);

export type Dir = 'up' | 'down' | 'left' | 'right';
const DIR: Record<Dir, Pt> = { up: { x: 0, y: -1 }, down: { x: 0, y: 1 }, left: { x: -1, y: 0 }, right: { x: 1, y: 0 } };

/**
 * The candidate a keyboard user most likely means by an arrow key: ahead in that direction (within
 * about 63° of it), with sideways distance weighing as much as distance ahead — so "up" from a hex
 * goes to the hex diagonally above rather than one two rows up. Null when nothing lies that way.
 */
export function nearestInDirection<T extends Pt>(from: Pt, candidates: readonly T[], dir: Dir): T | null {
	const u = DIR[dir];
	let best: T | null = null;
	let bestScore = Infinity;
	for (const c of candidates) {
		const dx = c.x - from.x;
		const dy = c.y - from.y;
		const ahead = dx * u.x + dy * u.y;
		const across = Math.abs(dx * u.y - dy * u.x);
		if (ahead < 1 || across > 2 * ahead) continue;
		const score = ahead + across;
		if (score < bestScore - 1e-9) {
			best = c;
			bestScore = score;
		}
	}
	return best;
}

/**
 * Positions for n equal cells in rows of at most `cols`, centred in a band; shrunk uniformly when
 * the rows would not fit its height (a crowded quarry still shows every statue).
 */
export function gridLayout(n: number, band: Box, cellW: number, cellH: number): { scale: number; at: Pt[] } {
	if (n === 0) return { scale: 1, at: [] };
	let scale = 1;
	let cols = Math.max(1, Math.floor(band.w / cellW));
	let rows = Math.ceil(n / cols);
	while (rows * cellH * scale > band.h + 1e-9 && scale > 0.3) {
		scale *= 0.9;
		cols = Math.max(1, Math.floor(band.w / (cellW * scale)));
		rows = Math.ceil(n / cols);
	}
	const w = cellW * scale;
	const h = cellH * scale;
	const at: Pt[] = [];
	const top = band.y + band.h / 2 - (rows * h) / 2;
	for (let i = 0; i < n; i++) {
		const row = Math.floor(i / cols);
		const inRow = Math.min(cols, n - row * cols);
		const left = band.x + band.w / 2 - (inRow * w) / 2;
		at.push({ x: r2(left + (i % cols) * w + w / 2), y: r2(top + row * h + h / 2) });
	}
	return { scale, at };
}
