/**
 * The board and components (G-1), read from data/board.json — a copy of shared/rules/giants-board.json,
 * kept as data so the printed values can replace it one for one. This module only indexes it.
 */
// Named imports, not the whole object: the file's `_about` (its provenance) stays out of the bundles.
import { ahus, components, hexes, setup } from './data/board.json';
import type { AhuId, Colour, HexId } from './types';

export type HexType = 'plain' | 'village' | 'sorcerer_hut' | 'forest' | 'headdress_quarry' | 'moai_quarry';

export interface HexData {
	id: HexId;
	q: number;
	r: number;
	type: HexType;
	logs?: number;
	neighbors: HexId[];
}

export interface AhuData {
	id: AhuId;
	hex: HexId;
	side: string;
	moaiValue: number;
	headdressValue: number;
}

export const HEXES: readonly HexData[] = hexes as HexData[];
export const AHUS: readonly AhuData[] = ahus as AhuData[];
export const COMPONENTS = components as {
	colours: Colour[];
	perColour: { workers: number; chief: number; medicineMan: number; pedestals: number; tribeMarkers: number };
	moai: Record<'1' | '2' | '3', number>;
	headdresses: number;
	logs: number;
	rongoHalves: number;
	dice: { white: { count: number; faces: number[] }; brown: { count: number; faces: number[] } };
};
export const SETUP = setup as {
	pedestalsByPlayers: Record<string, number>;
	brownDiceByPlayers: Record<string, number>;
	start: { tribeMarkers: number; workers: number; workersQuickStart: number; chief: number; medicineMan: number };
};

export const HEX: ReadonlyMap<HexId, HexData> = new Map(HEXES.map((h) => [h.id, h]));
export const AHU: ReadonlyMap<AhuId, AhuData> = new Map(AHUS.map((a) => [a.id, a]));

/** The ahus each hex touches (G-1: an ahu touches exactly one hex; a hex may touch several). */
export const AHUS_AT: ReadonlyMap<HexId, readonly AhuData[]> = (() => {
	const m = new Map<HexId, AhuData[]>();
	for (const a of AHUS) {
		const list = m.get(a.hex) ?? [];
		list.push(a);
		m.set(a.hex, list);
	}
	return m;
})();

function hexOfType(type: HexType): HexId {
	const h = HEXES.find((x) => x.type === type);
	if (!h) throw new Error(`board data has no ${type}`);
	return h.id;
}

export const MOAI_QUARRY: HexId = hexOfType('moai_quarry');
export const HEADDRESS_QUARRY: HexId = hexOfType('headdress_quarry');

/** Dense indices for the path search (hot path of phase 4). */
export const HEX_INDEX: ReadonlyMap<HexId, number> = new Map(HEXES.map((h, i) => [h.id, i]));
export const NEIGHBOR_INDEX: readonly (readonly number[])[] = HEXES.map((h) =>
	h.neighbors.map((n) => {
		const i = HEX_INDEX.get(n);
		if (i === undefined) throw new Error(`hex ${h.id} names unknown neighbour ${n}`);
		return i;
	})
);

export function areNeighbors(a: HexId, b: HexId): boolean {
	const h = HEX.get(a);
	return h !== undefined && h.neighbors.includes(b);
}
