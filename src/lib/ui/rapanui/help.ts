/**
 * "What can I do now?" and a refusal in words (issue 31; src/lib/ui/kinds.ts `GameModule.help`,
 * `refusal`), re-exported by GameView.svelte's module. The options are the engine's legal moves for
 * the seat in one short sentence with their costs — the composer lists each one; a long line above
 * the table pushes the phone's move sheet, and Confirm with it, below the fold — and the rule is the
 * phase's on the rules page. The UI decides nothing here: legality and costs are the engine's
 * answers (surface.ts).
 */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { legalMoves, moaiAmount, woodCost } from '$lib/games/rapanui/surface';
import type { RapaNuiMove, RapaNuiView } from '$lib/games/rapanui/surface';
import { fame, kindName, wood } from '$lib/games/rapanui/text';
import type { Help } from '$lib/ui/kinds';

/** "fish, grain or sweet potato": the options as one choice in the reader's language. */
const either = (items: string[]) => new Intl.ListFormat(getLocale(), { type: 'disjunction' }).format(items);

function option(mv: RapaNuiMove): string {
	return mv.type === 'sacrifice' || mv.type === 'supply' ? kindName(mv.kind) : '';
}

/** "3 wood" or "3–5 wood": what the moves cost, cheapest to dearest. */
function costs(view: RapaNuiView, seat: number, moves: RapaNuiMove[]): string {
	const all = moves.map((mv) => woodCost(view, seat, mv));
	const [lo, hi] = [Math.min(...all), Math.max(...all)];
	return lo === hi ? wood(lo) : m.rapanui_learn_help_range({ from: lo, to: hi });
}

/** The plays in a few words (the composer lists each with its cost): a free card, several hunter-gatherers, a moai. */
function plays(view: RapaNuiView, seat: number, legal: RapaNuiMove[]): string {
	const ps = legal.filter((x): x is Extract<RapaNuiMove, { type: 'play' }> => x.type === 'play');
	const several = ps.filter((x) => x.count > 1);
	const moai = ps.filter((x) => x.card === 'moai');
	return either([
		...(ps.some((x) => x.count === 1 && x.card !== 'moai') ? [m.rapanui_learn_help_play_free()] : []),
		...(several.length ? [m.rapanui_learn_help_play_several({ wood: costs(view, seat, several) })] : []),
		...(moai.length ? [m.rapanui_learn_help_play_moai({ wood: costs(view, seat, moai) })] : [])
	]);
}

/** The rule of the phase being played (the rules page's section or rule), for every viewer. */
function ruleOf(view: RapaNuiView): string {
	const p = view.phase;
	switch (p.kind) {
		case 'turn':
			if (legalMoves(view, view.active).some((x) => x.type === 'skip')) return 'R-5.5';
			return p.step === 1 ? 'R-4' : 'R-5';
		case 'sacrifice':
			return `R-5.7 ${p.part}`;
		case 'draw':
			return 'R-6';
		case 'moai':
			return 'R-7.5';
		case 'substitute':
			return 'R-7.7';
		case 'over':
			return 'R-8';
	}
}

/**
 * What the viewer's seat can do now, in words (null when nothing awaits it, and for spectators), and
 * the rule of the phase (R-4 … R-8); null only without a view.
 */
export function help(anyView: unknown, seat: number | null): Help | null {
	const view = anyView as RapaNuiView | null;
	if (!view) return null;
	return { now: seat === null ? null : options(view, seat), rule: ruleOf(view) };
}

function options(view: RapaNuiView, seat: number): string | null {
	const legal = legalMoves(view, seat);
	if (legal.length === 0) return null;
	const p = view.phase;
	const kinds = () => either(legal.map(option));
	const buys = legal.filter((x) => x.type === 'buy');
	switch (p.kind) {
		case 'turn':
			if (legal.some((x) => x.type === 'skip')) return buys.length ? m.rapanui_learn_help_three_moai_buy({ wood: costs(view, seat, buys) }) : m.rapanui_learn_help_three_moai();
			if (p.step === 1 && buys.length) return m.rapanui_learn_help_buy({ wood: costs(view, seat, buys), plays: plays(view, seat, legal) });
			return m.rapanui_learn_help_play({ plays: plays(view, seat, legal) });
		case 'sacrifice':
			if (p.part === 'c') return m.rapanui_learn_help_supply({ options: kinds() });
			return p.part === 'a' ? m.rapanui_learn_help_sacrifice_up({ options: kinds() }) : m.rapanui_learn_help_sacrifice_down({ options: kinds() });
		case 'draw':
			return m.rapanui_learn_help_draw({ count: p.left });
		case 'moai': {
			const n = moaiAmount(view, seat);
			return m.rapanui_learn_help_moai({ fame: fame(n), wood: wood(n) });
		}
		case 'substitute':
			return m.rapanui_learn_help_substitute({ kind: kindName(p.scored) }) + (p.due[0]?.bonus ? ` ${m.rapanui_ui_substitute_bonus()}` : '');
		case 'over':
			return null;
	}
}

/** Every code the Rapa Nui engine refuses with (engine.ts, kind.ts, position.ts, queue.ts), in words. */
const REFUSALS: Record<string, () => string> = {
	NOT_YOUR_TURN: m.rapanui_learn_refusal_not_your_turn,
	WRONG_PHASE: m.rapanui_learn_refusal_wrong_phase,
	ALREADY_BOUGHT: m.rapanui_learn_refusal_already_bought,
	PILE_EMPTY: m.rapanui_learn_refusal_pile_empty,
	NOT_ENOUGH_WOOD: m.rapanui_learn_refusal_not_enough_wood,
	BAD_PLAY: m.rapanui_learn_refusal_bad_play,
	NOT_IN_HAND: m.rapanui_learn_refusal_not_in_hand,
	MUST_PLAY: m.rapanui_learn_refusal_must_play,
	NO_SUCH_OFFERING: m.rapanui_learn_refusal_no_such_offering,
	BAD_COLUMN: m.rapanui_learn_refusal_bad_column,
	NOT_CHOOSING: m.rapanui_learn_refusal_not_choosing,
	GAME_OVER: m.rapanui_learn_refusal_game_over,
	BAD_MOVE: m.rapanui_learn_refusal_bad_move,
	NOT_SEATED: m.rapanui_learn_refusal_not_seated,
	NOT_QUEUEABLE: m.rapanui_plan_refusal_not_queueable, // queue.ts (issue 32)
	BAD_CONFIG: m.rapanui_learn_refusal_bad_setup,
	BAD_SEED: m.rapanui_learn_refusal_bad_setup,
	BAD_POSITION: m.rapanui_learn_refusal_bad_setup
};

/** An engine refusal's code in the user's words; null for a code Rapa Nui does not use. */
export function refusal(code: string): string | null {
	return Object.hasOwn(REFUSALS, code) ? REFUSALS[code]() : null;
}
