/**
 * Moa's help on the game page (issue 31, src/lib/ui/kinds.ts `GameModule`): "What can I do now?" —
 * the viewer's options in the words of the composer's own buttons, read from the engine's legal
 * moves (the UI knows no rules), with the rule of the decision awaited — and every refusal the
 * engine can return (`fail('…')` in src/lib/games/moa) in the player's words. GameView.svelte's
 * module exports both.
 */
import { m } from '$lib/paraglide/messages';
import type { Help } from '$lib/ui/kinds';
import { activeTerrains, legalMoves, mammal, type MoaMove, type MoaView } from '$lib/games/moa/surface';
import { mammalName, terrainName } from '$lib/games/moa/text';

type Type = MoaMove['type'];

/** The actions (M-7.1) and the tile uses (M-8.6) as the composer names them (composer/Actions.svelte). */
const ACTIONS: [Type, () => string][] = [
	['place', m.moa_ui_act_place],
	['leader', m.moa_ui_act_leader],
	['attack', m.moa_ui_act_attack],
	['sell', m.moa_ui_act_sell],
	['buy', m.moa_ui_act_buy],
	['pass', m.moa_ui_act_pass]
];
const TILES: [Type, () => string][] = [
	['move', m.moa_ui_act_move],
	['stronghold', m.moa_ui_act_stronghold],
	['drawCard', m.moa_ui_act_draw_card],
	['exchange', m.moa_ui_act_exchange]
];

const named = (list: [Type, () => string][], types: Set<Type>) => list.filter(([t]) => types.has(t)).map(([, w]) => w());
const join = (words: string[]) => words.join(' · ');

/** What `seat` can do now, or null when nothing awaits it (the page says whom the game waits for). */
export function help(view: unknown, seat: number | null): Help | null {
	const v = view as MoaView | null;
	if (!v || seat === null || seat < 0 || seat >= v.players || v.phase.kind === 'over') return null;
	const legal = legalMoves(v, seat);
	const types = new Set(legal.map((x) => x.type));
	const p = v.phase;
	// M-8.6: the exchange's discard comes before any other move of the seat.
	if ((v.owe[seat] ?? 0) > 0) return { now: m.moa_learn_help_discard({ count: v.owe[seat] }), rule: 'M-8.6' };
	if (p.kind === 'defend' && p.seat === seat) {
		const card = mammal(p.card);
		const combat = v.regions[p.region - 1]?.mammal?.combat ?? card.combat;
		return { now: m.moa_learn_help_defend({ kind: mammalName(card.kind), combat, region: p.region }), rule: 'M-6.4' };
	}
	if (p.kind === 'neutral' && p.seat === seat) {
		const where = (what: string) => legal.flatMap((x) => (x.type === 'neutral' && x.what === what ? [x.region] : [])).join(', ');
		const options = [
			where('bird') && m.moa_learn_help_neutral_bird({ regions: where('bird') }),
			where('birds') && m.moa_learn_help_neutral_birds({ regions: where('birds') }),
			where('leader') && m.moa_learn_help_neutral_leader({ regions: where('leader') })
		].filter(Boolean) as string[];
		return { now: m.moa_learn_help_neutral({ roll: p.roll, options: options.join('; ') }), rule: 'M-11.2' };
	}
	if (p.kind === 'turn' && p.seat === seat) {
		const tiles = named(TILES, types);
		if (p.acted) return { now: m.moa_learn_help_acted({ tiles: join(tiles) }), rule: 'M-8.6' };
		const terrains = activeTerrains(v).map(terrainName).join(', ');
		const now = m.moa_learn_help_turn({ actions: join(named(ACTIONS, types)), terrains });
		return { now: tiles.length ? `${now} ${m.moa_learn_help_tiles({ tiles: join(tiles) })}` : now, rule: 'M-7.1' };
	}
	// M-8.7: draw-a-card and exchange tiles work at any time, also while another seat is asked.
	const any = named(TILES, types);
	return any.length ? { now: m.moa_learn_help_any_time({ tiles: join(any) }), rule: 'M-8.7' } : null;
}

/** Every refusal code of Moa's engine (checks.ts, engine.ts, setup.ts, kind.ts, position.ts) in words. */
const REFUSALS: Record<string, () => string> = {
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
	BAD_POSITION: m.moa_learn_refusal_bad_position
};

/** An engine refusal's code in the player's words, or null for a code Moa's engine never returns. */
export function refusal(code: string): string | null {
	return Object.hasOwn(REFUSALS, code) ? REFUSALS[code]() : null;
}
