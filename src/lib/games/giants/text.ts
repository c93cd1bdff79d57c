/**
 * Giants' words in the page's language: figures, colours, bids, phases, statues, hexes, dice. The
 * log's sentences, which use them, are in logText.ts.
 */
import { HEX } from './board';
import type { Bid, DieRoll, Figure, RoundEndChoice, Sculptors } from './index';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';

export type NameOf = (seat: number) => string;
/** The size of a moai by id, when the caller knows it (log entries of moves do not carry it). */
export type SizeOf = (statue: string) => number | null | undefined;

export function figureName(f: Figure | 'medicineMan' | 'chief'): string {
	return f === 'worker' ? m.log_worker() : f === 'medicineMan' ? m.log_medicine_man() : m.log_chief();
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

/** Figures as a list ("2 workers, medicine man"), or "nothing". */
export function sculptorText(s: Sculptors): string {
	const parts: string[] = [];
	if (s.workers > 0) parts.push(m.log_n_workers({ count: s.workers }));
	if (s.medicineMan) parts.push(m.log_medicine_man());
	if (s.chief) parts.push(m.log_chief());
	return parts.join(', ') || m.log_nothing();
}

export function bidText(b: Bid): string {
	const figures = sculptorText(b);
	if (b.markers === 0) return figures;
	const markers = m.log_n_markers({ count: b.markers });
	return figures === m.log_nothing() ? markers : `${markers}, ${figures}`;
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

/**
 * "size-2 moai" / "headdress", without the article (the sentence has it) and never the internal id
 * (issue 12: players read "the size-2 moai on H20", not "m3"). Ids start with m or h
 * (docs/giants-notation.md); the size comes from the carve entry or the view.
 */
export function statueText(id: string, sizeOf?: SizeOf): string {
	if (id.startsWith('h')) return m.log_headdress();
	const size = sizeOf?.(id);
	return size ? m.log_moai_sized({ size: String(size) }) : m.log_moai();
}

/** A hex id, with the special place it is in words ("H28 (moai quarry)"). */
export function hexText(id: string): string {
	const type = HEX.get(id)?.type;
	const place =
		type === 'village'
			? m.log_place_village()
			: type === 'sorcerer_hut'
				? m.log_place_hut()
				: type === 'forest'
					? m.log_place_forest()
					: type === 'moai_quarry'
						? m.log_place_moai_quarry()
						: type === 'headdress_quarry'
							? m.log_place_headdress_quarry()
							: null;
	return place ? m.log_hex_named({ hex: id, place }) : id;
}

export function dieText(d: DieRoll): string {
	const p = { colour: colourName(d.colour), face: String(d.face), size: String(d.size) };
	return d.broken ? m.log_die_broken(p) : d.size === 0 ? m.log_die_none(p) : m.log_die_moai(p);
}

export function overReason(reason: 'pedestals' | 'round-limit' | 'no-erect'): string {
	return reason === 'pedestals'
		? m.log_reason_pedestals()
		: reason === 'round-limit'
			? m.log_reason_round_limit()
			: m.log_reason_no_erect();
}

/** What a sealed end-of-round choice does, as a clause after the chooser's name (G-6.0). */
export function choiceText(who: string, c: RoundEndChoice, sizeOf?: SizeOf): string {
	const list = (ids: string[]) => ids.map((id) => statueText(id, sizeOf)).join(', ');
	if (c.mark.length && c.release.length) return m.log_choice_both({ name: who, mark: list(c.mark), release: list(c.release) });
	if (c.mark.length) return m.log_choice_mark({ name: who, mark: list(c.mark) });
	if (c.release.length) return m.log_choice_release({ name: who, release: list(c.release) });
	return m.log_choice_nothing({ name: who });
}
