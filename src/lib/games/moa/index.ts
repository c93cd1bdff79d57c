/**
 * Moa's moves as an engine `Game` (moa.md): its start, moves, views and who is awaited; the end is
 * the kind's `outcome` (kind.ts). Pure: imports nothing of the platform (conventions §1).
 *
 * This file is also Moa's public surface (issue 29): the UI (src/lib/ui/moa) imports the engine only
 * from here, from `./text` (words) and from `./kind` (the plug-in); src/lib/ui/surface.test.ts fails
 * on any other import. What the UI finds here: the data it draws (components, regions and their
 * adjacency, colours, moa-data.json) and readers of a view's public facts; the engine's answers to
 * rule questions — the choices of a move in the making (`choices`), the legal moves, the standings
 * and a region's scoring (the rules page's worked example). Legality, payment sufficiency and scoring
 * are asked, never computed, by the UI.
 */
import type { Applied, Game, Result } from '$lib/engine';
import { apply } from './engine';
import { view } from './views';
import { start } from './position';
import { awaited, legalMoves } from './legal';
import type { MoaConfig, MoaEntry, MoaMove, MoaState, MoaView } from './types';

export type * from './types';
export { legalMoves, awaited } from './legal';
export { scores, standings } from './score';

// ---- the public surface: composing a move ----------------------------------------------------------
export { choices, type MoaAction, type MoaChoices, type MoaDraft, type NeutralWhat, type PayChoices, type PayItem } from './choices';
export { previewEntry } from './preview';

// ---- the public surface: what the board and the rules page draw --------------------------------------
// The components and the board (moa-data.json), by id.
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
// Public facts of a state or view, read for drawing: seats with pieces, the erupted volcano, the
// round's active terrains, what is left unseen, each region's values (M-9); a region's scoring, for
// the rules page's worked example (the engine scores it, the page does not).
export { activeTerrains, isErupted, mammalDeckComposition, owners, regionValues, scoreRegion, terrainUnseen } from './rules';

/** Recorded in every game's setup so a game keeps its rules forever (conventions §8). */
export const ENGINE_VERSION = 'moa@1';

export const moa: Game<MoaConfig, MoaState, MoaMove, MoaView, MoaEntry> & { start(config: MoaConfig, seed: string): Result<Applied<MoaState, MoaEntry>> } = {
	id: 'moa',
	engineVersion: ENGINE_VERSION,
	start,
	apply,
	legalMoves,
	view,
	activeSeats: awaited
};
