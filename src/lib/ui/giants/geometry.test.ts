import { describe, expect, it } from 'vitest';
import { AHUS, HEX, HEXES } from '$lib/games/giants/board';
import {
	AHU_GEO,
	AHU_H,
	AHU_W,
	BOARD_BOX,
	HEX_GEO_BY_ID,
	INNER,
	R,
	SIDE_ANGLE,
	convexOverlap,
	gridLayout,
	hexCentre,
	hexCorners,
	nearestInDirection,
	rectCorners,
	type Side
} from './geometry';

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('hex grid', () => {
	it('every pair of neighbours in board.json is exactly one hex width apart, and no other pair is', () => {
		const width = R * Math.sqrt(3);
		for (const a of HEXES) {
			for (const b of HEXES) {
				if (a === b) continue;
				const d = dist(hexCentre(a.q, a.r), hexCentre(b.q, b.r));
				if (a.neighbors.includes(b.id)) expect(d).toBeCloseTo(width, 1);
				else expect(d).toBeGreaterThan(width + 1);
			}
		}
	});

	it('neighbouring hexes share an edge (two corners) and never overlap', () => {
		const h04 = HEX_GEO_BY_ID.get('H04')!;
		const h05 = HEX_GEO_BY_ID.get('H05')!;
		const a = hexCorners(h04.c);
		const b = hexCorners(h05.c);
		const shared = a.filter((p) => b.some((q) => dist(p, q) < 0.02));
		expect(shared).toHaveLength(2);
		expect(convexOverlap(a, b)).toBe(false);
		expect(convexOverlap(a, hexCorners(h04.c, R * 0.5))).toBe(true);
	});
});

describe('ahus', () => {
	it('all 22 ahus sit outside every hex, on the named side of their own hex', () => {
		expect(AHU_GEO).toHaveLength(22);
		const hexPolys = HEXES.map((h) => hexCorners(hexCentre(h.q, h.r)));
		for (const a of AHU_GEO) {
			const card = rectCorners(a.c, AHU_W, AHU_H);
			for (const poly of hexPolys) expect(convexOverlap(card, poly), a.id).toBe(false);
			const c = HEX_GEO_BY_ID.get(a.data.hex)!.c;
			const angle = (Math.atan2(a.c.y - c.y, a.c.x - c.x) * 180) / Math.PI;
			const want = SIDE_ANGLE[a.data.side as Side];
			const diff = Math.abs(((angle - want + 540) % 360) - 180);
			expect(diff, `${a.id} ${a.data.side} at ${angle.toFixed(1)}°`).toBeLessThan(30);
			// Just outside the coast, not adrift.
			expect(dist(a.c, c)).toBeGreaterThan(INNER);
			expect(dist(a.c, c)).toBeLessThan(INNER + AHU_W + 12);
		}
	});

	it('the named side is coast: no neighbour lies across it', () => {
		const step: Record<Side, [number, number]> = { E: [1, 0], NE: [1, -1], NW: [0, -1], W: [-1, 0], SW: [-1, 1], SE: [0, 1] };
		for (const a of AHUS) {
			const h = HEX.get(a.hex)!;
			const [dq, dr] = step[a.side as Side];
			expect(HEXES.some((o) => o.q === h.q + dq && o.r === h.r + dr), a.id).toBe(false);
		}
	});

	it('no two ahu cards overlap', () => {
		for (let i = 0; i < AHU_GEO.length; i++)
			for (let j = i + 1; j < AHU_GEO.length; j++)
				expect(
					convexOverlap(rectCorners(AHU_GEO[i].c, AHU_W, AHU_H), rectCorners(AHU_GEO[j].c, AHU_W, AHU_H)),
					`${AHU_GEO[i].id} ${AHU_GEO[j].id}`
				).toBe(false);
	});

	it('the board box holds every hex and every ahu card', () => {
		const inside = (p: { x: number; y: number }) =>
			p.x >= BOARD_BOX.x && p.y >= BOARD_BOX.y && p.x <= BOARD_BOX.x + BOARD_BOX.w && p.y <= BOARD_BOX.y + BOARD_BOX.h;
		for (const h of HEXES) expect(hexCorners(hexCentre(h.q, h.r)).every(inside)).toBe(true);
		for (const a of AHU_GEO) expect(rectCorners(a.c, AHU_W, AHU_H).every(inside)).toBe(true);
	});
});

describe('nearestInDirection', () => {
	const at = (id: string) => ({ id, ...HEX_GEO_BY_ID.get(id)!.c });
	const all = HEXES.map((h) => at(h.id));

	it('moves to the adjacent hex, not one further away', () => {
		// H10 (3,2): E neighbour H11, W neighbour H09; up is NE (H05) or NW (H04), both one step away.
		expect(nearestInDirection(at('H10'), all, 'right')?.id).toBe('H11');
		expect(nearestInDirection(at('H10'), all, 'left')?.id).toBe('H09');
		expect(['H04', 'H05']).toContain(nearestInDirection(at('H10'), all, 'up')?.id);
		expect(['H16', 'H17']).toContain(nearestInDirection(at('H10'), all, 'down')?.id);
	});

	it('skips gaps to the nearest candidate that way and gives null when there is none', () => {
		const few = ['H01', 'H07', 'H20', 'H34'].map(at);
		expect(nearestInDirection(at('H07'), few, 'right')?.id).toBe('H01');
		expect(nearestInDirection(at('H01'), few, 'up')).toBeNull();
		expect(nearestInDirection(at('H20'), few, 'right')).toBeNull();
		expect(nearestInDirection(at('H20'), few, 'down')?.id).toBe('H34');
	});

	it('ignores candidates well off to the side', () => {
		const from = { x: 0, y: 0 };
		expect(nearestInDirection(from, [{ x: 10, y: -100 }], 'right')).toBeNull();
		expect(nearestInDirection(from, [{ x: 100, y: -100 }, { x: 150, y: 0 }], 'right')).toEqual({ x: 150, y: 0 });
	});
});

describe('gridLayout', () => {
	it('centres a single row and shrinks to fit many', () => {
		const band = { x: 0, y: 0, w: 60, h: 20 };
		const one = gridLayout(1, band, 20, 20);
		expect(one.at).toEqual([{ x: 30, y: 10 }]);
		const three = gridLayout(3, band, 20, 20);
		expect(three.scale).toBe(1);
		expect(three.at.map((p) => p.x)).toEqual([10, 30, 50]);
		const many = gridLayout(12, band, 20, 20);
		expect(many.scale).toBeLessThan(1);
		for (const p of many.at) {
			expect(p.x).toBeGreaterThanOrEqual(0);
			expect(p.x).toBeLessThanOrEqual(60);
			expect(p.y).toBeGreaterThanOrEqual(0);
			expect(p.y).toBeLessThanOrEqual(20);
		}
	});
});
