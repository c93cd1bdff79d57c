/**
 * Moa's glossary (issue 31, src/lib/ui/glossary.ts): every game term on its table with a short
 * definition and its rule in ../shared/rules/moa.md (numbered M-x.y). The table's terms (Term.svelte)
 * and the rules page's list (GlossaryList) show it. Words in messages/learn-{en,de}.json.
 */
import { m } from '$lib/paraglide/messages';
import { C } from '$lib/games/moa/surface';
import type { Glossary } from '$lib/ui/glossary';

export const glossary = {
	region: { term: m.moa_term_region, def: m.moa_term_region_def, rule: 'M-1.1' },
	terrainCard: { term: m.moa_term_terrain_card, def: m.moa_term_terrain_card_def, rule: 'M-5.1' },
	active: { term: m.moa_term_active, def: m.moa_term_active_def, rule: 'M-5.3' },
	birdCard: { term: m.moa_term_bird_card, def: () => m.moa_term_bird_card_def({ count: C.handSize }), rule: 'M-1.2' },
	bird: { term: m.moa_term_bird, def: m.moa_term_bird_def, rule: 'M-7.3' },
	combat: { term: m.moa_term_combat, def: m.moa_term_combat_def, rule: 'M-6.5' },
	honour: { term: m.moa_term_honour, def: () => m.moa_term_honour_def({ cost: C.leaderHonourCost }), rule: 'M-7.4' },
	karakia: { term: m.moa_term_karakia, def: m.moa_term_karakia_def, rule: 'M-7.7' },
	leader: { term: m.moa_term_leader, def: m.moa_term_leader_def, rule: 'M-7.4' },
	leaderTile: { term: m.moa_term_leader_tile, def: m.moa_term_leader_tile_def, rule: 'M-1.6' },
	karakiaTile: { term: m.moa_term_karakia_tile, def: m.moa_term_karakia_tile_def, rule: 'M-8.6' },
	fresh: { term: m.moa_term_fresh, def: m.moa_term_fresh_def, rule: 'M-8.4' },
	display: { term: m.moa_term_display, def: m.moa_term_display_def, rule: 'M-5.4' },
	mammalTile: { term: m.moa_term_mammal_tile, def: m.moa_term_mammal_tile_def, rule: 'M-1.4' },
	invaded: { term: m.moa_term_invaded, def: m.moa_term_invaded_def, rule: 'M-6.7' },
	sold: { term: m.moa_term_sold, def: m.moa_term_sold_def, rule: 'M-7.6' },
	stronghold: { term: m.moa_term_stronghold, def: m.moa_term_stronghold_def, rule: 'M-6.6' },
	volcano: { term: m.moa_term_volcano, def: m.moa_term_volcano_def, rule: 'M-5.6' },
	neutral: { term: m.moa_term_neutral, def: m.moa_term_neutral_def, rule: 'M-11.1' },
	vp: { term: m.moa_term_vp, def: m.moa_term_vp_def, rule: 'M-9.1' },
	startPlayer: { term: m.moa_term_start_player, def: m.moa_term_start_player_def, rule: 'M-3.3' }
} satisfies Glossary;
