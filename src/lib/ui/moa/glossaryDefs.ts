/**
 * The definitions of Moa's glossary (glossary.ts), apart from its terms: the game page loads them
 * with the first look at a term (lazyDefs.svelte.ts; docs/benchmarks.md's budget), the rules page
 * with the page (`withDefs`).
 */
import { m } from '$lib/paraglide/messages';
import { C } from '$lib/games/moa/surface';

export const defs = {
	region: m.moa_term_region_def,
	terrainCard: m.moa_term_terrain_card_def,
	active: m.moa_term_active_def,
	birdCard: () => m.moa_term_bird_card_def({ count: C.handSize }),
	bird: m.moa_term_bird_def,
	combat: m.moa_term_combat_def,
	honour: () => m.moa_term_honour_def({ cost: C.leaderHonourCost }),
	karakia: m.moa_term_karakia_def,
	leader: m.moa_term_leader_def,
	leaderTile: m.moa_term_leader_tile_def,
	karakiaTile: m.moa_term_karakia_tile_def,
	fresh: m.moa_term_fresh_def,
	display: m.moa_term_display_def,
	mammalTile: m.moa_term_mammal_tile_def,
	invaded: m.moa_term_invaded_def,
	sold: m.moa_term_sold_def,
	stronghold: m.moa_term_stronghold_def,
	volcano: m.moa_term_volcano_def,
	neutral: m.moa_term_neutral_def,
	vp: m.moa_term_vp_def,
	startPlayer: m.moa_term_start_player_def
} satisfies Record<string, () => string>;

export type Defs = typeof defs;
