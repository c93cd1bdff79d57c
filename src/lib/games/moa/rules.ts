/**
 * Moa's components and the rule helpers that read a state or a view (moa.md, cited M-x.y). Pure;
 * shared by the engine, the bots and the board. The data file is a copy of
 * shared/rules/moa-json: its `_about` and `_provenance` say what is sourced and what is a
 * reconstruction. No value that lives in the data is written here.
 */
// Named imports: the bundler keeps only these keys (not the data's prose: `_about`, `_seedFacts`).
import { birdCards, birdSpecies, colours, constants, karakiaTiles, karakiaTypes, leaderTiles, mammalCards, mammalKinds, perColour, players, regions, symbols, terrainCards, terrainTypes, volcanoTrack } from './data/moa-data.json';
import type { CardId, Colour, KarakiaType, MammalKind, Payment, Readable, Region, Seat, Symbol, Symbols, Terrain, TileId } from './types';

export const C = constants;
export const PLAYERS = players;
export const COLOURS = colours as Colour[];
export const PER_COLOUR = perColour;
export const SYMBOLS = symbols as Symbol[];
export const TERRAINS = Object.keys(terrainTypes) as Terrain[];
export const VOLCANO = C.volcanoRegion;

export interface RegionData {
	id: number;
	terrain: Terrain;
	primaryVP: number;
	secondaryVP: number;
	adjacent: number[];
	layout: { col: number; row: number };
}
export const REGIONS = regions as RegionData[];
export const regionData = (id: number): RegionData => REGIONS[id - 1];

export interface BirdCard {
	id: CardId;
	species: string;
	symbols: Symbols;
}
export const BIRD_CARDS = birdCards as BirdCard[];
export const BIRD_DECK: readonly CardId[] = BIRD_CARDS.map((c) => c.id);
const BIRD = new Map(BIRD_CARDS.map((c) => [c.id, c]));
export const bird = (id: CardId): BirdCard | undefined => BIRD.get(id);
export const SPECIES = birdSpecies;
/** M-0.4: the highest combat printed on any bird card. */
export const MAX_CARD_COMBAT = Math.max(...BIRD_CARDS.map((c) => c.symbols.combat));

export interface MammalKindData {
	id: MammalKind;
	cards: number;
	combat: number;
	honour: number | null;
	vp: number;
	/** M-1.4: kept for reference only (digitally tiles are unlimited). */
	printedTiles: number;
	tradeSide: boolean;
	entersDisplay: boolean;
}
export const MAMMAL_KINDS = mammalKinds as MammalKindData[];
/** The kinds that lie in the display (M-1.1, M-5.4), in the data's order. */
export const DISPLAY_KINDS = MAMMAL_KINDS.filter((k) => k.entersDisplay).map((k) => k.id);
export interface MammalCard {
	id: CardId;
	kind: MammalKind;
	combat: number;
	honour: number | null;
	vp: number;
}
export const MAMMAL_CARDS = mammalCards as MammalCard[];
export const MAMMAL_DECK: readonly CardId[] = MAMMAL_CARDS.map((c) => c.id);
const MAMMAL = new Map(MAMMAL_CARDS.map((c) => [c.id, c]));
export const mammal = (id: CardId): MammalCard => MAMMAL.get(id)!;
export const mammalKind = (k: MammalKind): MammalKindData => MAMMAL_KINDS.find((x) => x.id === k)!;

export type Instruction = { kind: 'draw_mammals'; count: number } | { kind: 'mammals_attack'; mammal: MammalKind } | { kind: 'volcano' };
export interface TerrainCard {
	id: CardId;
	terrain: Terrain;
	instructions: Instruction[];
}
export const TERRAIN_CARDS = terrainCards as TerrainCard[];
export const TERRAIN_DECK: readonly CardId[] = TERRAIN_CARDS.map((c) => c.id);
const TERRAIN = new Map(TERRAIN_CARDS.map((c) => [c.id, c]));
export const terrainCard = (id: CardId): TerrainCard => TERRAIN.get(id)!;

export interface LeaderTile {
	id: TileId;
	vp?: number;
	symbols?: Partial<Symbols>;
}
export const LEADER_TILES = leaderTiles as LeaderTile[];
const LEADER = new Map(LEADER_TILES.map((t) => [t.id, t]));
export const leaderTile = (id: TileId): LeaderTile | undefined => LEADER.get(id);

export interface KarakiaTypeData {
	id: KarakiaType;
	cost: number;
	count: number;
	timing: string;
}
export const KARAKIA_TYPES = karakiaTypes as KarakiaTypeData[];
export const KARAKIA_TILES = karakiaTiles as { id: TileId; type: KarakiaType }[];
const KARAKIA = new Map(KARAKIA_TILES.map((t) => [t.id, t.type]));
export const karakiaType = (id: TileId): KarakiaType | undefined => KARAKIA.get(id);
export const karakiaCost = (t: KarakiaType): number => KARAKIA_TYPES.find((x) => x.id === t)!.cost;

export const VOLCANO_TRACK = volcanoTrack;
/** M-5.6: the space whose arrival erupts the volcano. */
export const ERUPTION_SPACE = VOLCANO_TRACK.spaces.findIndex((s) => 'eruption' in s && s.eruption);

// ---- reading a state or a view ------------------------------------------------------------------

/** Owners: the seats, then the neutral in the 2-player game (M-11.1). */
export const owners = (s: Readable): number => s.players + (s.neutral ? 1 : 0);
export const NEUTRAL = (s: Readable): number | null => (s.neutral ? s.players : null);

/** Pieces (birds + leader) of `owner` in a region (M-1.9). */
export function pieces(r: Region, owner: number): number {
	return r.birds[owner] + (r.leader === owner ? 1 : 0);
}

/** Player order: clockwise from the current start player (M-3.3). */
export function playerOrder(s: Readable): Seat[] {
	return Array.from({ length: s.players }, (_, i) => (s.startPlayer + i) % s.players);
}

/** M-5.3: the active terrain types (one if both cards share it). */
export function activeTerrains(s: Readable): Terrain[] {
	if (!s.active) return [];
	const a = terrainCard(s.active[0]).terrain;
	const b = terrainCard(s.active[1]).terrain;
	return a === b ? [a] : [a, b];
}

/** M-1.9, M-7.2: the region's terrain matches an active card. */
export function isActive(s: Readable, region: number): boolean {
	return activeTerrains(s).includes(regionData(region).terrain);
}

/** The erupted region 12 takes nothing and is not scored (M-5.7). */
export const isErupted = (s: Readable, region: number): boolean => s.erupted && region === VOLCANO;

/** M-8.4: a tile is usable once it is no longer fresh. */
export const usableLeaderTiles = (s: Readable, seat: Seat): TileId[] => s.leaderTiles[seat].filter((t) => !t.fresh).map((t) => t.id);
export const usableKarakia = (s: Readable, seat: Seat, type?: KarakiaType): TileId[] =>
	s.karakia[seat].filter((t) => !t.fresh && (type === undefined || karakiaType(t.id) === type)).map((t) => t.id);

/** The symbols of one payment item (a bird card, a leader tile, a double-combat karakia tile). */
export function itemSymbols(id: string): Symbols {
	const b = bird(id);
	if (b) return b.symbols;
	const l = leaderTile(id);
	const out: Symbols = { bird: 0, combat: 0, honour: 0, karakia: 0 };
	if (l?.symbols) for (const k of SYMBOLS) out[k] = l.symbols[k] ?? 0;
	if (karakiaType(id) === 'double_combat') out.combat = C.doubleCombatValue; // M-8.1
	return out;
}

/** The total of each symbol in a payment (M-8.1). */
export function paid(pay: Payment): Symbols {
	const out: Symbols = { bird: 0, combat: 0, honour: 0, karakia: 0 };
	for (const id of [...pay.cards, ...pay.tiles]) {
		const s = itemSymbols(id);
		for (const k of SYMBOLS) out[k] += s[k];
	}
	return out;
}

/** M-7.6: the price of a sale now: the card's honour plus every sale so far. */
export function salePrice(s: Readable, kind: MammalKind): number {
	return (mammalKind(kind).honour ?? 0) + s.sales;
}

/** M-9.6: region 12's values are lowered by the number beside the marker, never below 0. */
export function regionValues(s: Readable, region: number): { primary: number; secondary: number } {
	const d = regionData(region);
	if (region !== VOLCANO_TRACK.appliesTo) return { primary: d.primaryVP, secondary: d.secondaryVP };
	const space = VOLCANO_TRACK.spaces[s.volcano] as { reduction?: number };
	const red = space?.reduction ?? 0;
	return { primary: Math.max(VOLCANO_TRACK.minValue, d.primaryVP - red), secondary: Math.max(VOLCANO_TRACK.minValue, d.secondaryVP - red) };
}

/**
 * M-9.1–M-9.5: the points of one region per owner (the neutral ranked too; its points are not
 * recorded, M-11.4).
 */
export function scoreRegion(s: Readable, region: Region): number[] {
	const n = owners(s);
	const points = new Array(n).fill(0);
	const { primary, secondary } = regionValues(s, region.id);
	const counts = Array.from({ length: n }, (_, o) => pieces(region, o));
	const present = counts.map((c, o) => ({ c, o })).filter((x) => x.c > 0);
	if (present.length === 0) return points;
	const top = Math.max(...present.map((x) => x.c));
	const first = present.filter((x) => x.c === top).map((x) => x.o);
	let second: number[];
	const leaderFirst = region.leader !== null && first.includes(region.leader) ? region.leader : null;
	if (first.length === 1) {
		points[first[0]] += primary; // M-9.2
		second = nextBelow(present, top);
	} else if (leaderFirst !== null) {
		points[leaderFirst] += primary; // M-9.3: the leader decides the tie; the other tied are second
		second = first.filter((o) => o !== leaderFirst);
	} else {
		for (const o of first) points[o] += Math.floor(primary / first.length); // M-9.3: split, rounded down
		second = nextBelow(present, top);
	}
	for (const o of second) points[o] += Math.floor(secondary / second.length); // M-9.4
	return points;
}

function nextBelow(present: { c: number; o: number }[], top: number): number[] {
	const lower = present.filter((x) => x.c < top);
	if (lower.length === 0) return [];
	const next = Math.max(...lower.map((x) => x.c));
	return lower.filter((x) => x.c === next).map((x) => x.o);
}

/** Own pieces on the board, for the tie-break (M-10.5). */
export function piecesOnBoard(s: Readable, owner: number): number {
	let n = 0;
	for (const r of s.regions) n += pieces(r, owner);
	return n;
}

/** Strongholds in the general supply (M-2.7). */
export const strongholdsLeft = (s: Readable): number => C.strongholds - s.regions.filter((r) => r.stronghold).length;

/** The mammal deck's composition (M-0.1: derivable): every card not in the display, discard or taken. */
export function mammalDeckComposition(s: Readable): Record<MammalKind, number> {
	const out = Object.fromEntries(MAMMAL_KINDS.map((k) => [k.id, k.cards])) as Record<MammalKind, number>;
	const out1 = (id: CardId) => out[mammal(id).kind]--;
	for (const k of Object.keys(s.display)) s.display[k].forEach(out1);
	s.mammalDiscard.forEach(out1);
	for (const t of s.taken) t.cards.forEach(out1);
	return out;
}

/** M-0.1: the combined composition of the set-aside and undrawn terrain cards (30 minus drawn). */
export function terrainUnseen(s: Readable): Record<Terrain, number> {
	const out = Object.fromEntries(TERRAINS.map((t) => [t, 0])) as Record<Terrain, number>;
	const drawn = new Set(s.terrainDrawn);
	for (const c of TERRAIN_CARDS) if (!drawn.has(c.id)) out[c.terrain]++;
	return out;
}

export const noSymbols = (): Symbols => ({ bird: 0, combat: 0, honour: 0, karakia: 0 });
