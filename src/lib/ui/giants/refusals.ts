/**
 * Giants' refusals in the player's words (issue 31, GameModule.refusal): every code the engine's
 * moves can be refused with (src/lib/games/giants: `refuse(…)`, `Refusal(…)` and apply's `fail(…)`;
 * refusals.test.ts keeps the list whole). The page adds the rule the engine's message names. Its own
 * chunk, loaded when the player first acts on the table (GameView.svelte): a move cannot be refused
 * before, and its forty sentences in two languages do not fit the game page's budget.
 */
import { m } from '$lib/paraglide/messages';

export function refusalText(code: string): string | null {
	switch (code) {
		case 'ABANDONED_MUST_FINISH':
			return m.giants_learn_refuse_abandoned_must_finish();
		case 'AHU_NOT_ADJACENT':
			return m.giants_learn_refuse_ahu_not_adjacent();
		case 'AHU_NOT_FREE':
			return m.giants_learn_refuse_ahu_not_free();
		case 'ALREADY_MARKED':
			return m.giants_learn_refuse_already_marked();
		case 'BAD_MOVE':
			return m.giants_learn_refuse_bad_move();
		case 'BAD_SEAT':
			return m.giants_learn_refuse_bad_seat();
		case 'BORROW_NOT_ON_PATH':
			return m.giants_learn_refuse_borrow_not_on_path();
		case 'CANNOT_CROWN':
			return m.giants_learn_refuse_cannot_crown();
		case 'CANNOT_ERECT':
			return m.giants_learn_refuse_cannot_erect();
		case 'CHIEF_ACTION_USED':
			return m.giants_learn_refuse_chief_action_used();
		case 'CHOOSE_AHU':
			return m.giants_learn_refuse_choose_ahu();
		case 'DUPLICATE_STATUE':
			return m.giants_learn_refuse_duplicate_statue();
		case 'EMPTY_PATH':
			return m.giants_learn_refuse_empty_path();
		case 'GAME_OVER':
			return m.giants_learn_refuse_game_over();
		case 'HEX_TWICE':
			return m.giants_learn_refuse_hex_twice();
		case 'LOGS_WITH_CHIEF':
			return m.giants_learn_refuse_logs_with_chief();
		case 'MARKED_BY_OTHER':
			return m.giants_learn_refuse_marked_by_other();
		case 'NOT_ADJACENT':
			return m.giants_learn_refuse_not_adjacent();
		case 'NOT_AN_AHU_HEX':
			return m.giants_learn_refuse_not_an_ahu_hex();
		case 'NOT_ASKED':
			return m.giants_learn_refuse_not_asked();
		case 'NOT_A_HEADDRESS':
			return m.giants_learn_refuse_not_a_headdress();
		case 'NOT_A_MOAI':
			return m.giants_learn_refuse_not_a_moai();
		case 'NOT_BEHIND_SCREEN':
			return m.giants_learn_refuse_not_behind_screen();
		case 'NOT_ENOUGH_LOGS':
			return m.giants_learn_refuse_not_enough_logs();
		case 'NOT_IN_BID':
			return m.giants_learn_refuse_not_in_bid();
		case 'NOT_MARKABLE':
			return m.giants_learn_refuse_not_markable();
		case 'NOT_ON_DISPLAY':
			return m.giants_learn_refuse_not_on_display();
		case 'NOT_YOURS':
			return m.giants_learn_refuse_not_yours();
		case 'NOT_YOUR_MARKER':
			return m.giants_learn_refuse_not_your_marker();
		case 'NOT_YOUR_TURN':
			return m.giants_learn_refuse_not_your_turn();
		case 'NOT_QUEUEABLE': // issue 32: a plan the queue refuses (queue.ts)
			return m.giants_plan_refuse_not_queueable();
		case 'NO_ACTION_HERE':
			return m.giants_learn_refuse_no_action_here();
		case 'NO_MARKER':
			return m.giants_learn_refuse_no_marker();
		case 'NO_PEDESTAL':
			return m.giants_learn_refuse_no_pedestal();
		case 'NO_RONGO_LEFT':
			return m.giants_learn_refuse_no_rongo_left();
		case 'NO_RONGO_TABLET':
			return m.giants_learn_refuse_no_rongo_tablet();
		case 'NO_SUCH_AHU':
			return m.giants_learn_refuse_no_such_ahu();
		case 'NO_SUCH_HEX':
			return m.giants_learn_refuse_no_such_hex();
		case 'NO_SUCH_STATUE':
			return m.giants_learn_refuse_no_such_statue();
		case 'ONE_FINISH':
			return m.giants_learn_refuse_one_finish();
		case 'STATUE_FIXED':
			return m.giants_learn_refuse_statue_fixed();
		case 'TOO_FEW_SCULPTORS':
			return m.giants_learn_refuse_too_few_sculptors();
		case 'USE_MARK':
			return m.giants_learn_refuse_use_mark();
		case 'WRONG_PHASE':
			return m.giants_learn_refuse_wrong_phase();
		default:
			return null;
	}
}
