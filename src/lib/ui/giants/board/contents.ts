/**
 * What stands on each hex and ahu, derived once per view (the board re-renders on every event;
 * the game page's budget is 16 ms). Positions come from the static geometry, so a re-render only
 * walks these small lists. Knows no rules: it sorts the view's data into drawable pieces.
 */
import type { GiantsView, Statue } from '$lib/games/giants/surface';
import { gridLayout, HEX_GEO, type Pt } from '../geometry';

export interface FigureItem extends Pt {
	key: string;
	kind: 'worker' | 'medicineMan' | 'chief' | 'log';
	seat: number | null;
	count: number;
}
export interface StatueItem extends Pt {
	statue: Statue;
}
export interface HexContents {
	figures: FigureItem[];
	figureScale: number;
	statues: StatueItem[];
	statueScale: number;
}
export interface AhuContents {
	pedestal: number | null;
	moai: Statue | null;
	crown: Statue | null;
}

/**
 * Figures go in the upper half of a hex and statues in the lower half; either gets the whole hex
 * when the other is absent, so the usual sparse hex shows its pieces at full size.
 */
const FIGURE_BAND = { x: -39, y: -28, w: 78, h: 29 };
const FIGURE_ALONE = { x: -39, y: -26, w: 78, h: 54 };
/**
 * Issue 30: pieces are drawn PIECE times their glyphs' size, so a lone worker spans about a quarter
 * of the hex and a statue a third of its height — readable at 1280 without zooming. Sizes are in
 * board units (the hex's circumradius R = 50), so they grow and shrink with the board; a crowded hex
 * still shrinks them to fit (gridLayout).
 */
export const PIECE = 1.5;
const FIGURE_CELL = { w: 26 * PIECE, h: 25 * PIECE };
const STATUE_BAND = { x: -33, y: 3, w: 66, h: 31 };
const STATUE_ALONE = { x: -36, y: -24, w: 72, h: 58 };
const STATUE_CELL = { w: 21 * PIECE, h: 31 * PIECE };

const r2 = (n: number) => Math.round(n * 100) / 100;
const EMPTY: HexContents = { figures: [], figureScale: 1, statues: [], statueScale: 1 };

export function hexContents(view: GiantsView): Map<string, HexContents> {
	const onHex = new Map<string, Statue[]>();
	for (const s of view.statues) {
		if (s.loc.kind !== 'hex') continue;
		const list = onHex.get(s.loc.hex) ?? [];
		list.push(s);
		onHex.set(s.loc.hex, list);
	}
	const out = new Map<string, HexContents>();
	for (const h of HEX_GEO) {
		const content = view.board[h.id];
		const items: Omit<FigureItem, 'x' | 'y'>[] = [];
		if (content) {
			for (let seat = 0; seat < view.players.length; seat++) {
				const kinds = [
					['worker', content.workers[seat] ?? 0],
					['medicineMan', content.medicineMen[seat] ?? 0],
					['chief', content.chiefs[seat] ?? 0]
				] as const;
				for (const [kind, count] of kinds) if (count > 0) items.push({ key: `${kind}${seat}`, kind, seat, count });
			}
			if (content.logs > 0) items.push({ key: 'log', kind: 'log', seat: null, count: content.logs });
		}
		const statues = onHex.get(h.id) ?? [];
		if (items.length === 0 && statues.length === 0) {
			out.set(h.id, EMPTY);
			continue;
		}
		const f = gridLayout(items.length, statues.length ? FIGURE_BAND : FIGURE_ALONE, FIGURE_CELL.w, FIGURE_CELL.h);
		const s = gridLayout(statues.length, items.length ? STATUE_BAND : STATUE_ALONE, STATUE_CELL.w, STATUE_CELL.h);
		out.set(h.id, {
			figures: items.map((it, i) => ({ ...it, x: r2(h.c.x + f.at[i].x), y: r2(h.c.y + f.at[i].y) })),
			figureScale: r2(f.scale * PIECE),
			statues: statues.map((statue, i) => ({ statue, x: r2(h.c.x + s.at[i].x), y: r2(h.c.y + s.at[i].y) })),
			statueScale: r2(s.scale * PIECE)
		});
	}
	return out;
}

export function ahuContents(view: GiantsView): Map<string, AhuContents> {
	const byId = new Map(view.statues.map((s) => [s.id, s]));
	const out = new Map<string, AhuContents>();
	for (const [id, a] of Object.entries(view.ahus)) {
		out.set(id, {
			pedestal: a.pedestal,
			moai: a.moai ? (byId.get(a.moai) ?? null) : null,
			crown: a.crown ? (byId.get(a.crown) ?? null) : null
		});
	}
	return out;
}
