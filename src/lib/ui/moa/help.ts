/**
 * Moa's help on the game page (issue 31, src/lib/ui/kinds.ts `GameModule`): "What can I do now?" —
 * the viewer's options in the words of the composer's own buttons, read from the engine's legal
 * moves (the UI knows no rules), with the rule of the decision awaited — and every refusal the
 * engine can return (`fail('…')` in src/lib/games/moa) in the player's words. GameView.svelte's
 * module exports both. The refusals' words are a chunk of their own (refusals.ts, lazyDefs.svelte.ts).
 */
import { m } from '$lib/paraglide/messages';
import type { Help } from '$lib/ui/kinds';
import { activeTerrains, legalMoves, mammal, type MoaMove, type MoaView } from '$lib/games/moa/surface';
import { mammalName, terrainName } from '$lib/games/moa/text';
import { lazy, loadRefusals } from './lazyDefs.svelte';

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
const join = (words: string[]) => words.join(', ');

/** The rule of the decision the game awaits (the page links it for everybody). */
function phaseRule(v: MoaView): string {
	if (v.owe.some((n) => n > 0)) return 'M-8.6';
	switch (v.phase.kind) {
		case 'defend':
			return 'M-6.4';
		case 'neutral':
			return 'M-11.2';
		case 'turn':
			return v.phase.acted ? 'M-8.6' : 'M-7.1';
		case 'over':
			return 'M-9';
		default:
			return 'M-3';
	}
}

/**
 * What `seat` can do now (`now`: null for spectators and while nothing awaits the seat but its
 * any-time tiles, M-8.7, when it has none), with the rule of the decision; null without a view.
 */
export function help(view: unknown, seat: number | null): Help | null {
	const v = view as MoaView | null;
	if (!v) return null;
	const rule = phaseRule(v);
	if (seat === null || seat < 0 || seat >= v.players || v.phase.kind === 'over') return { now: null, rule };
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
		// One short line (the phone's move sheet and its Confirm stay above the fold); the composer
		// lists the tile uses beside the actions.
		if (p.acted) return { now: m.moa_learn_help_acted({ tiles: join(named(TILES, types)) }), rule: 'M-8.6' };
		const terrains = activeTerrains(v).map(terrainName).join(', ');
		return { now: m.moa_learn_help_turn({ actions: join(named(ACTIONS, types)), terrains }), rule: 'M-7.1' };
	}
	// M-8.7: draw-a-card and exchange tiles work at any time, also while another seat is asked.
	const any = named(TILES, types);
	return { now: any.length ? m.moa_learn_help_any_time({ tiles: join(any) }) : null, rule };
}

/**
 * An engine refusal's code in the player's words, or null for a code Moa's engine never returns —
 * and null until the words have arrived (loaded with the first touch of the composer, which comes
 * before any move of the viewer can be refused; the page then says the refusal in its own words).
 */
export function refusal(code: string): string | null {
	const words = lazy.refusals;
	if (!words) {
		void loadRefusals();
		return null;
	}
	return Object.hasOwn(words, code) ? words[code]() : null;
}
