/**
 * A Giants log entry (docs/giants-notation.md "Automatic entries") as one sentence in the page's
 * language. Seats are named by their players; entries without a sentence of their own are shown
 * as their type plus compact JSON, so nothing is ever hidden.
 */
import type { Bid, Figure, GiantsEntry } from '$lib/games/giants';
import { m } from '$lib/paraglide/messages';

export type NameOf = (seat: number) => string;

export function figureName(f: Figure | 'medicineMan' | 'chief'): string {
	return f === 'worker' ? m.game_workers() : f === 'medicineMan' ? m.game_medicine_man() : m.game_chief();
}

/** Seat and die colours in the page's language; an unknown one as it is. */
export function colourName(c: string | null | undefined): string {
	switch (c) {
		case 'blue':
			return m.colour_blue();
		case 'green':
			return m.colour_green();
		case 'red':
			return m.colour_red();
		case 'yellow':
			return m.colour_yellow();
		case 'purple':
			return m.colour_purple();
		case 'white':
			return m.colour_white();
		case 'brown':
			return m.colour_brown();
		default:
			return c ?? '—';
	}
}

export function bidText(b: Bid): string {
	const parts = [`${b.markers} ${m.game_markers()}`, `${b.workers} ${m.game_workers()}`];
	if (b.medicineMan) parts.push(m.game_medicine_man());
	if (b.chief) parts.push(m.game_chief());
	return parts.join(', ');
}

export function phaseName(kind: string): string {
	switch (kind) {
		case 'bid':
			return m.game_phase_bid();
		case 'carve':
			return m.game_phase_carve();
		case 'place':
			return m.game_phase_place();
		case 'transport':
			return m.game_phase_transport();
		case 'choice':
			return m.game_phase_choice();
		default:
			return m.game_phase_over();
	}
}

export function logText(e: GiantsEntry, name: NameOf): string {
	switch (e.type) {
		case 'round':
			return m.log_round({ round: String(e.round), name: name(e.startPlayer) });
		case 'roll':
			return m.log_roll({ sizes: e.display.join(', ') || '—' });
		case 'no-auction':
			return m.log_no_auction();
		case 'bid-in':
			return e.replaced ? m.log_bid_replaced({ name: name(e.seat) }) : m.log_bid_in({ name: name(e.seat) });
		case 'bids':
			return m.log_bids({
				bids: e.bids.map((b, seat) => `${name(seat)}: ${bidText(b)}`).join('; '),
				order: e.order.map(name).join(', ')
			});
		case 'carve':
			return m.log_carve({ name: name(e.seat), size: String(e.size) });
		case 'display-returned':
			return m.log_display_returned({ sizes: e.sizes.join(', ') || '—' });
		case 'phase':
			return m.log_phase({ phase: phaseName(e.phase) });
		case 'place':
			return m.log_place({ name: name(e.seat), figure: figureName(e.figure), hex: e.hex, logs: String(e.logs) });
		case 'action':
			return m.log_action({ name: name(e.seat), figure: figureName(e.figure), hex: e.hex, action: e.action });
		case 'rongo':
			return m.log_rongo({ name: name(e.seat) });
		case 'pass':
			return m.log_pass({ name: name(e.seat) });
		case 'move':
			return m.log_move({ name: name(e.seat), statue: e.statue, to: e.erect ?? e.crown ?? e.path.at(-1) ?? e.from });
		case 'mark':
			return m.log_mark({ name: name(e.seat), statue: e.statue, hex: e.hex });
		case 'over':
			return m.log_over({
				totals: e.totals.map((t, seat) => `${name(seat)} ${t}`).join(', '),
				winners: e.winners.map(name).join(', ')
			});
		default: {
			const { type, ...rest } = e;
			return m.log_other({ type, json: JSON.stringify(rest) });
		}
	}
}
