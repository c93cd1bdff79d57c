// Issue 30: Giants' pieces read at 1280 without zooming — drawn PIECE times their glyph size, in
// board units (relative to the hex), and still inside their hex when a hex is crowded.
import { describe, expect, it } from 'vitest';
import { HEX_GEO_BY_ID, INNER } from '../geometry';
import { demoView } from './demo';
import { hexContents, PIECE } from './contents';

describe('hexContents: piece sizes', () => {
	const view = demoView();
	const contents = hexContents(view);

	it('a hex with few pieces draws them at the full PIECE size (at least 1.5 times the glyph)', () => {
		expect(PIECE).toBeGreaterThanOrEqual(1.5);
		// H16: one seat's workers and medicine man, nothing else (demo.ts).
		const h16 = contents.get('H16')!;
		expect(h16.figures.length).toBeGreaterThan(0);
		expect(h16.figureScale).toBe(PIECE);
		// H24: one abandoned moai alone.
		expect(contents.get('H24')!.statueScale).toBe(PIECE);
	});

	it('a crowded hex shrinks its pieces, and every piece stays inside its hex', () => {
		const v = demoView();
		v.board.H16 = { ...v.board.H16!, workers: [3, 2, 4, 1], medicineMen: [1, 1, 0, 1], chiefs: [1, 0, 1, 0], logs: 2 };
		const h = hexContents(v).get('H16')!;
		expect(h.figures.length).toBe(10); // one figure per kind and seat (4 + 3 + 2) and the logs
		expect(h.figureScale).toBeLessThan(PIECE);
		const c = HEX_GEO_BY_ID.get('H16')!.c;
		for (const f of h.figures) {
			// A figure's glyph reaches about 10 units from its centre at scale 1.
			const reach = Math.hypot(f.x - c.x, f.y - c.y) + 10 * h.figureScale;
			expect(reach, `${f.key} at ${f.x},${f.y}`).toBeLessThanOrEqual(INNER + 6);
		}
	});
});
