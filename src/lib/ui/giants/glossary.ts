/**
 * Giants' glossary (issue 31): every game term on its table with a short definition and the rule
 * that defines it (shared/rules/giants.md numbers). Shown by the table's terms (Word.svelte, loaded
 * when the player first points at or focuses the table: the game page's budget) and listed at the
 * end of the rules page.
 */
import { m } from '$lib/paraglide/messages';
import type { Glossary } from '$lib/ui/glossary';

export const glossary = {
	ahu: { term: m.giants_term_ahu, def: m.giants_term_ahu_def, rule: 'G-1' },
	moai: { term: m.giants_term_moai, def: m.giants_term_moai_def, rule: 'G-3.3' },
	headdress: { term: m.giants_term_headdress, def: m.giants_term_headdress_def, rule: 'G-5.5' },
	pedestal: { term: m.giants_term_pedestal, def: m.giants_term_pedestal_def, rule: 'G-5.4' },
	marker: { term: m.giants_term_marker, def: m.giants_term_marker_def, rule: 'G-5.6' },
	rongo: { term: m.giants_term_rongo, def: m.giants_term_rongo_def, rule: 'G-4.4' },
	worker: { term: m.giants_term_worker, def: m.giants_term_worker_def, rule: 'G-4.1' },
	medicineMan: { term: m.giants_term_medicine_man, def: m.giants_term_medicine_man_def, rule: 'G-4.2' },
	chief: { term: m.giants_term_chief, def: m.giants_term_chief_def, rule: 'G-4.3' },
	log: { term: m.giants_term_log, def: m.giants_term_log_def, rule: 'G-5.2' },
	screen: { term: m.giants_term_screen, def: m.giants_term_screen_def, rule: 'G-3.5' },
	bag: { term: m.giants_term_bag, def: m.giants_term_bag_def, rule: 'G-2.2' },
	sculptors: { term: m.giants_term_sculptors, def: m.giants_term_sculptors_def, rule: 'G-3.3' },
	display: { term: m.giants_term_display, def: m.giants_term_display_def, rule: 'G-3.0.4' },
	dice: { term: m.giants_term_dice, def: m.giants_term_dice_def, rule: 'G-3.0.1' },
	points: { term: m.giants_term_points, def: m.giants_term_points_def, rule: 'G-6.2' },
	lending: { term: m.giants_term_lending, def: m.giants_term_lending_def, rule: 'G-5.3' },
	startPlayer: { term: m.giants_term_start_player, def: m.giants_term_start_player_def, rule: 'G-2.3' },
	auction: { term: m.giants_term_auction, def: m.giants_term_auction_def, rule: 'G-3.1' },
	placement: { term: m.giants_term_placement, def: m.giants_term_placement_def, rule: 'G-4' },
	transport: { term: m.giants_term_transport, def: m.giants_term_transport_def, rule: 'G-5' },
	roundEnd: { term: m.giants_term_round_end, def: m.giants_term_round_end_def, rule: 'G-6.0' },
	abandoned: { term: m.giants_term_abandoned, def: m.giants_term_abandoned_def, rule: 'G-5.8' }
} satisfies Glossary;

export type TermId = keyof typeof glossary;
