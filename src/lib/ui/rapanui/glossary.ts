/**
 * Rapa Nui's glossary (issue 31; src/lib/ui/glossary.ts): every game term on its table, with the rule
 * of ../shared/rules/rapanui.md that defines it. The table's terms (Term.svelte) and the rules page's
 * list (GlossaryList.svelte) read it; the words are in messages/learn-{en,de}.json.
 */
import { m } from '$lib/paraglide/messages';
import type { Glossary } from '$lib/ui/glossary';

export const glossary = {
	wood: { term: m.rapanui_term_wood, def: m.rapanui_term_wood_def, rule: 'R-1.4' },
	fame: { term: m.rapanui_term_fame, def: m.rapanui_term_fame_def, rule: 'R-8.3' },
	hand: { term: m.rapanui_term_hand, def: m.rapanui_term_hand_def, rule: 'R-6.1' },
	personal_display: { term: m.rapanui_term_personal_display, def: m.rapanui_term_personal_display_def, rule: 'R-5.2' },
	general_display: { term: m.rapanui_term_general_display, def: m.rapanui_term_general_display_def, rule: 'R-1.6' },
	uncovered: { term: m.rapanui_term_uncovered, def: m.rapanui_term_uncovered_def, rule: 'R-6.4' },
	draw_pile: { term: m.rapanui_term_draw_pile, def: m.rapanui_term_draw_pile_def, rule: 'R-8.1' },
	woodcutter: { term: m.rapanui_term_woodcutter, def: m.rapanui_term_woodcutter_def, rule: 'R-7.3' },
	priest: { term: m.rapanui_term_priest, def: m.rapanui_term_priest_def, rule: 'R-7.4' },
	moai: { term: m.rapanui_term_moai, def: m.rapanui_term_moai_def, rule: 'R-5.6' },
	hunter_gatherer: { term: m.rapanui_term_hunter_gatherer, def: m.rapanui_term_hunter_gatherer_def, rule: 'R-7.6' },
	offering_card: { term: m.rapanui_term_offering_card, def: m.rapanui_term_offering_card_def, rule: 'R-1.3' },
	supply_pile: { term: m.rapanui_term_supply_pile, def: m.rapanui_term_supply_pile_def, rule: 'R-2.4' },
	sacrifice_stone: { term: m.rapanui_term_sacrifice_stone, def: m.rapanui_term_sacrifice_stone_def, rule: 'R-1.5' },
	sacrifice_round: { term: m.rapanui_term_sacrifice_round, def: m.rapanui_term_sacrifice_round_def, rule: 'R-5.7' },
	face_down: { term: m.rapanui_term_face_down, def: m.rapanui_term_face_down_def, rule: 'R-5.7 b' },
	majority_bonus: { term: m.rapanui_term_majority_bonus, def: m.rapanui_term_majority_bonus_def, rule: 'R-7.2' },
	offering_value: { term: m.rapanui_term_offering_value, def: m.rapanui_term_offering_value_def, rule: 'R-8.4' },
	ledger: { term: m.rapanui_term_ledger, def: m.rapanui_term_ledger_def, rule: 'R-0.1' },
	moai_choice: { term: m.rapanui_term_moai_choice, def: m.rapanui_term_moai_choice_def, rule: 'R-7.5' },
	substitute: { term: m.rapanui_term_substitute, def: m.rapanui_term_substitute_def, rule: 'R-7.7' },
	step_buy: { term: m.rapanui_term_step_buy, def: m.rapanui_term_step_buy_def, rule: 'R-4.2' },
	step_play: { term: m.rapanui_term_step_play, def: m.rapanui_term_step_play_def, rule: 'R-5.1' },
	step_draw: { term: m.rapanui_term_step_draw, def: m.rapanui_term_step_draw_def, rule: 'R-6.1' },
	box: { term: m.rapanui_term_box, def: m.rapanui_term_box_def, rule: 'R-5.5' },
	standing: { term: m.rapanui_term_standing, def: m.rapanui_term_standing_def, rule: 'R-0.5' },
	final_scoring: { term: m.rapanui_term_final_scoring, def: m.rapanui_term_final_scoring_def, rule: 'R-8.3' }
} satisfies Glossary;
