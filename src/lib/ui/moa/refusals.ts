/**
 * Every refusal code of Moa's engine in the player's words (issue 31): loaded by the table when its
 * composer is first touched (lazyDefs.svelte.ts), read by help.ts `refusal`.
 */
import { m } from '$lib/paraglide/messages';

/** Every refusal code of Moa's engine (checks.ts, engine.ts, setup.ts, kind.ts, position.ts, queue.ts) in words. */
export const REFUSALS: Record<string, () => string> = {
	WRONG_PHASE: m.moa_learn_refusal_wrong_phase,
	NOT_YOUR_TURN: m.moa_learn_refusal_not_your_turn,
	NOT_YOUR_CARDS: m.moa_learn_refusal_not_your_cards,
	BAD_PAYMENT: m.moa_learn_refusal_bad_payment,
	NOT_YOUR_TILE: m.moa_learn_refusal_not_your_tile,
	BAD_REGION: m.moa_learn_refusal_bad_region,
	ERUPTED: m.moa_learn_refusal_erupted,
	REGION_NOT_ACTIVE: m.moa_learn_refusal_region_not_active,
	DISCARD_COUNT: m.moa_learn_refusal_discard_count,
	DISCARD_FIRST: m.moa_learn_refusal_discard_first,
	NOTHING_TO_DRAW: m.moa_learn_refusal_nothing_to_draw,
	TOO_FEW_SYMBOLS: m.moa_learn_refusal_too_few_symbols,
	BAD_NEUTRAL: m.moa_learn_refusal_bad_neutral,
	ACTION_FIRST: m.moa_learn_refusal_action_first,
	BAD_COUNT: m.moa_learn_refusal_bad_count,
	NO_BIRDS_THERE: m.moa_learn_refusal_no_birds_there,
	NO_STRONGHOLD_HERE: m.moa_learn_refusal_no_stronghold_here,
	ALREADY_ACTED: m.moa_learn_refusal_already_acted,
	SAME_TYPE: m.moa_learn_refusal_same_type,
	NO_SUCH_TYPE: m.moa_learn_refusal_no_such_type,
	SOLD_OUT: m.moa_learn_refusal_sold_out,
	REGION_CLOSED: m.moa_learn_refusal_region_closed,
	NO_LEADER_LEFT: m.moa_learn_refusal_no_leader_left,
	NO_LEADER_HERE: m.moa_learn_refusal_no_leader_here,
	NOT_INVADED: m.moa_learn_refusal_not_invaded,
	NO_PIECE_THERE: m.moa_learn_refusal_no_piece_there,
	NOT_IN_DISPLAY: m.moa_learn_refusal_not_in_display,
	BAD_MOVE: m.moa_learn_refusal_bad_move,
	NOT_SEATED: m.moa_learn_refusal_not_seated,
	GAME_OVER: m.moa_learn_refusal_game_over,
	BAD_CONFIG: m.moa_learn_refusal_bad_config,
	BAD_SEED: m.moa_learn_refusal_bad_seed,
	BAD_POSITION: m.moa_learn_refusal_bad_position,
	// queue.ts (issue 32)
	NOT_QUEUEABLE: m.moa_plan_refusal_not_queueable
};
