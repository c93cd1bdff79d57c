/**
 * A Rapa Nui move in a few words (issue 32; src/lib/ui/kinds.ts `GameModule.moveText`), re-exported by
 * GameView.svelte's module: the platform's plan list words each queued move with it, and the composer
 * says what it will plan. The queueable ones (queue.ts: a, R-7.5, R-7.7) say which decision
 * they answer; the others are worded too, so that nothing a page is handed stays unsaid.
 */
import { m } from '$lib/paraglide/messages';
import type { RapaNuiMove } from '$lib/games/rapanui/surface';
import { cardName, kindName } from '$lib/games/rapanui/text';

export function moveText(move: unknown, _view?: unknown, _name?: (seat: number) => string): string {
	const mv = move as RapaNuiMove;
	switch (mv?.type) {
		case 'sacrifice':
			return m.rapanui_plan_text_sacrifice({ kind: kindName(mv.kind) });
		case 'moai':
			return mv.choice === 'wood' ? m.rapanui_plan_text_moai_wood() : m.rapanui_plan_text_moai_fame();
		case 'substitute':
			return mv.kind ? m.rapanui_plan_text_substitute({ kind: kindName(mv.kind) }) : m.rapanui_plan_text_decline();
		case 'buy':
			return m.rapanui_plan_text_buy({ kind: kindName(mv.kind) });
		case 'play':
			return m.rapanui_plan_text_play({ cards: cardName(mv.card, mv.count) });
		case 'skip':
			return m.rapanui_plan_text_skip();
		case 'supply':
			return m.rapanui_plan_text_supply({ kind: kindName(mv.kind) });
		case 'draw':
			return m.rapanui_plan_text_draw({ column: mv.column + 1 });
		default:
			return JSON.stringify(move);
	}
}
