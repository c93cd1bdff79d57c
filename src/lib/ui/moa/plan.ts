/**
 * Plan ahead (issue 32): a queued Moa move in the player's words, short, for the platform's plan list
 * (`GameModule.moveText`) and the composer's plan mode. Moa queues defences only (games/moa/queue.ts:
 * M-6.4, M-6.5); any other move is named by its action.
 */
import { m } from '$lib/paraglide/messages';
import { paid, type MoaMove } from '$lib/games/moa/surface';
import { payText } from '$lib/games/moa/text';

const ACTION: Partial<Record<MoaMove['type'], () => string>> = {
	place: m.moa_ui_act_place,
	leader: m.moa_ui_act_leader,
	attack: m.moa_ui_act_attack,
	sell: m.moa_ui_act_sell,
	buy: m.moa_ui_act_buy,
	pass: m.moa_ui_act_pass,
	move: m.moa_ui_act_move,
	stronghold: m.moa_ui_act_stronghold,
	end: m.moa_ui_act_end,
	drawCard: m.moa_ui_act_draw_card,
	exchange: m.moa_ui_act_exchange
};

export function moveText(move: unknown): string {
	const mv = move as MoaMove;
	if (mv?.type === 'decline') return m.moa_plan_move_decline();
	if (mv?.type === 'defend' && mv.pay) return m.moa_plan_move_defend({ items: payText(mv.pay), combat: paid(mv.pay).combat });
	return ACTION[mv?.type]?.() ?? String(mv?.type ?? '');
}
