/**
 * Rapa Nui's words: cards, kinds, colours, phases and every public log entry as a sentence in the
 * page's language. The switch over entries is exhaustive: a new entry type is a compile error here.
 */
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import type { CardId, CardType, Colour, Kind, RapaNuiEntry } from './types';
import { typeOf } from './rules';

export type NameOf = (seat: number) => string;

export function kindName(kind: Kind): string {
	return { fish: m.rapanui_kind_fish, paper_mulberry: m.rapanui_kind_paper_mulberry, sweet_potato: m.rapanui_kind_sweet_potato, grain: m.rapanui_kind_grain }[kind]();
}

const ONE: Record<CardType, () => string> = {
	woodcutter: m.rapanui_card_woodcutter,
	priest: m.rapanui_card_priest,
	moai: m.rapanui_card_moai,
	fish: m.rapanui_card_fish,
	paper_mulberry: m.rapanui_card_paper_mulberry,
	sweet_potato: m.rapanui_card_sweet_potato,
	grain: m.rapanui_card_grain
};
const MANY: Record<CardType, (i: { count: number }) => string> = {
	woodcutter: m.rapanui_cards_woodcutter,
	priest: m.rapanui_cards_priest,
	moai: m.rapanui_cards_moai,
	fish: m.rapanui_cards_fish,
	paper_mulberry: m.rapanui_cards_paper_mulberry,
	sweet_potato: m.rapanui_cards_sweet_potato,
	grain: m.rapanui_cards_grain
};

/** A card type's name ("woodcutter"), or with a count ("2 fish hunter-gatherers"). */
export function cardName(type: CardType, count?: number): string {
	return count === undefined ? ONE[type]() : MANY[type]({ count });
}

/** A card by id: its type's name. */
export const cardOf = (id: CardId): string => cardName(typeOf(id));

export function colourName(c: Colour | string | null | undefined): string {
	switch (c) {
		case 'yellow_green':
			return m.rapanui_colour_yellow_green();
		case 'light_blue':
			return m.rapanui_colour_light_blue();
		case 'red':
			return m.rapanui_colour_red();
		case 'purple':
			return m.rapanui_colour_purple();
		default:
			return c ?? '—';
	}
}

/** Phase ids of the status line (kind.ts `status`). */
export function phaseName(phase: string): string {
	switch (phase) {
		case 'buy':
			return m.rapanui_phase_buy();
		case 'play':
			return m.rapanui_phase_play();
		case 'sacrifice':
			return m.rapanui_phase_sacrifice();
		case 'draw':
			return m.rapanui_phase_draw();
		case 'moai':
			return m.rapanui_phase_moai();
		case 'substitute':
			return m.rapanui_phase_substitute();
		case 'over':
			return m.rapanui_phase_over();
		default:
			return phase;
	}
}

export const wood = (count: number) => m.rapanui_n_wood({ count });
export const fame = (count: number) => m.rapanui_n_fame({ count });

export function logText(e: RapaNuiEntry, nameOf: NameOf): string {
	switch (e.type) {
		case 'start':
			return m.rapanui_log_start({ name: nameOf(e.startPlayer) });
		case 'turn':
			return m.rapanui_log_turn({ name: nameOf(e.seat), turn: e.turn });
		case 'buy':
			return m.rapanui_log_buy({ name: nameOf(e.seat), kind: kindName(e.kind), wood: wood(e.cost) });
		case 'play': {
			const cards = cardName(e.card, e.count);
			return e.cost > 0 ? m.rapanui_log_play_cost({ name: nameOf(e.seat), cards, wood: wood(e.cost) }) : m.rapanui_log_play({ name: nameOf(e.seat), cards });
		}
		case 'return':
			return m.rapanui_log_return({ name: nameOf(e.seat) });
		case 'sacrifice':
			if (e.fromSupply) return m.rapanui_log_sacrifice_supply({ name: nameOf(e.seat), kind: kindName(e.kind!) });
			if (e.kind === null) return m.rapanui_log_sacrifice_down({ name: nameOf(e.seat), round: e.round });
			return m.rapanui_log_sacrifice({ name: nameOf(e.seat), kind: kindName(e.kind), round: e.round });
		case 'noSacrifice':
			return e.part === 'c' ? m.rapanui_log_no_supply() : m.rapanui_log_no_sacrifice({ name: nameOf(e.seat) });
		case 'draw': {
			const column = e.column + 1;
			const parts = [m.rapanui_log_draw({ name: nameOf(e.seat), card: cardOf(e.card), column })];
			if (e.refill) parts.push(m.rapanui_log_refill({ column, count: e.refill.length }));
			if (e.uncovered) parts.push(m.rapanui_log_uncovered({ card: cardOf(e.uncovered) }));
			return parts.join(' ');
		}
		case 'score':
			return m.rapanui_log_score({ type: cardName(e.card) });
		case 'gain': {
			const amount = e.resource === 'wood' ? wood(e.amount) : fame(e.amount);
			return e.bonus ? m.rapanui_log_gain_bonus({ name: nameOf(e.seat), amount }) : m.rapanui_log_gain({ name: nameOf(e.seat), amount });
		}
		case 'chose':
			return e.again ? m.rapanui_log_chose_again({ name: nameOf(e.seat) }) : m.rapanui_log_chose({ name: nameOf(e.seat) });
		case 'offering': {
			const i = { name: nameOf(e.seat), kind: kindName(e.kind) };
			return e.substitute ? m.rapanui_log_offering_substitute(i) : e.bonus ? m.rapanui_log_offering_bonus(i) : m.rapanui_log_offering(i);
		}
		case 'noOffering':
			return e.declined ? m.rapanui_log_declined({ name: nameOf(e.seat) }) : m.rapanui_log_no_offering({ name: nameOf(e.seat) });
		case 'end':
			return m.rapanui_log_end();
		case 'reveal':
			if (e.faceDown.length === 0) return m.rapanui_log_reveal_none();
			return m.rapanui_log_reveal({ list: e.faceDown.map((f) => m.rapanui_log_reveal_item({ name: nameOf(f.seat), kind: kindName(f.kind), round: f.round })).join('; ') });
	}
}
