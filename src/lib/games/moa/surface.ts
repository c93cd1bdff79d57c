/**
 * Moa's public surface for the UI (issue 29; src/lib/ui/surface.test.ts): what a page may import of
 * the engine besides the words (`./text`) and the plug-in (`./kind`). index.ts re-exports all of it
 * with the `Game` itself; the UI imports it from here so the game page loads the engine's answers
 * and data without the engine's setup, course of play and move schema (index.ts, for the history
 * and tests, brings those). Legality, costs and scoring are the engine's answers here; the UI never
 * computes them.
 */
export type * from './types';
export { legalMoves, awaited } from './legal';
export { scores, standings } from './score';
// What the UI finds here: the engine's answers to rule questions — the choices of a move in the
// making, the legal moves, the standings, a region's scoring (the rules page's worked example) — the
// data it draws (components, regions and their adjacency, colours: moa-data.json) and readers of a
// view's public facts (seats with pieces, the erupted volcano, the round's active terrains, what is
// left unseen, each region's values, M-9).
export { choices, type MoaAction, type MoaChoices, type MoaDraft, type NeutralWhat, type PayChoices, type PayItem } from './choices';
export { previewEntry } from './preview';
// Plan ahead (issue 32): the defence as it would come up, for the composer's plan mode.
export { planView, queueOptions, WEAKEST_ATTACK } from './queue';
export {
	BIRD_CARDS,
	C,
	COLOURS,
	DISPLAY_KINDS,
	ERUPTION_SPACE,
	KARAKIA_TILES,
	KARAKIA_TYPES,
	LEADER_TILES,
	MAMMAL_CARDS,
	MAMMAL_KINDS,
	PER_COLOUR,
	PLAYERS,
	REGIONS,
	SPECIES,
	SYMBOLS,
	TERRAINS,
	TERRAIN_CARDS,
	VOLCANO,
	VOLCANO_TRACK,
	bird,
	leaderTile,
	mammal,
	mammalKind,
	regionData,
	terrainCard,
	type Instruction,
	type RegionData
} from './rules';
export { activeTerrains, isErupted, mammalDeckComposition, owners, paid, regionValues, scoreRegion, terrainUnseen } from './rules';
