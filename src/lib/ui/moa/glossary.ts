/**
 * Moa's glossary (issue 31, src/lib/ui/glossary.ts): every game term on its table with a short
 * definition and its rule in ../shared/rules/moa.md (numbered M-x.y). The table's terms (Term.svelte)
 * and the rules page's list (GlossaryList, `withDefs`) show it. Words in messages/learn-{en,de}.json.
 *
 * The definitions are a chunk of their own (glossaryDefs.ts), loaded when a term is first pointed at,
 * focused or tapped (GameView.svelte, lazyDefs.svelte.ts): the game page's JavaScript budget
 * (docs/benchmarks.md, ≤ 100 KB) has no room for them on every visit. Until then a definition is empty.
 */
import { m } from '$lib/paraglide/messages';
import type { Glossary, GlossaryEntry } from '$lib/ui/glossary';
import type { Defs } from './glossaryDefs';
import { lazy } from './lazyDefs.svelte';

type Id = keyof Defs;
const entry = (id: Id, term: () => string, rule: string): GlossaryEntry => ({ term, def: () => lazy.defs?.[id]() ?? '', rule });

export const glossary = {
	region: entry('region', m.moa_term_region, 'M-1.1'),
	terrainCard: entry('terrainCard', m.moa_term_terrain_card, 'M-5.1'),
	active: entry('active', m.moa_term_active, 'M-5.3'),
	birdCard: entry('birdCard', m.moa_term_bird_card, 'M-1.2'),
	bird: entry('bird', m.moa_term_bird, 'M-7.3'),
	combat: entry('combat', m.moa_term_combat, 'M-6.5'),
	honour: entry('honour', m.moa_term_honour, 'M-7.4'),
	karakia: entry('karakia', m.moa_term_karakia, 'M-7.7'),
	leader: entry('leader', m.moa_term_leader, 'M-7.4'),
	leaderTile: entry('leaderTile', m.moa_term_leader_tile, 'M-1.6'),
	karakiaTile: entry('karakiaTile', m.moa_term_karakia_tile, 'M-8.6'),
	fresh: entry('fresh', m.moa_term_fresh, 'M-8.4'),
	display: entry('display', m.moa_term_display, 'M-5.4'),
	mammalTile: entry('mammalTile', m.moa_term_mammal_tile, 'M-1.4'),
	invaded: entry('invaded', m.moa_term_invaded, 'M-6.7'),
	sold: entry('sold', m.moa_term_sold, 'M-7.6'),
	stronghold: entry('stronghold', m.moa_term_stronghold, 'M-6.6'),
	volcano: entry('volcano', m.moa_term_volcano, 'M-5.6'),
	neutral: entry('neutral', m.moa_term_neutral, 'M-11.1'),
	vp: entry('vp', m.moa_term_vp, 'M-9.1'),
	startPlayer: entry('startPlayer', m.moa_term_start_player, 'M-3.3')
} satisfies Glossary;

/** The glossary with its definitions at hand (the rules page, prerendered, imports them). */
export function withDefs(d: Defs): Glossary {
	return Object.fromEntries(Object.entries(glossary).map(([id, e]) => [id, { ...e, def: d[id as Id] }]));
}
