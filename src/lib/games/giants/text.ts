/**
 * A Giants log entry (docs/giants-notation.md "Automatic entries") as one or two sentences in the
 * page's language. Seats are named by their players. Every entry type has its own sentence: the
 * switch is exhaustive, so a new entry type is a compile error here, not raw JSON on the page.
 */
import { HEX } from './board';
import type { Bid, DieRoll, Figure, GiantsEntry, Lending, RoundEndChoice, Sculptors } from './index';
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

/** G-5.3: one lender may earn on several hexes of one transport; the sentence sums per seat. */
function lentText(lent: Lending[], name: NameOf): string {
	const bySeat = new Map<number, number>();
	for (const l of lent) bySeat.set(l.seat, (bySeat.get(l.seat) ?? 0) + l.points);
	const list = [...bySeat].map(([seat, pts]) => `${name(seat)} +${pts}`).join(', ');
	return list ? ' ' + m.log_lent({ list }) : '';
}

function actionText(e: Extract<GiantsEntry, { type: 'action' }>, name: NameOf, sizeOf?: SizeOf): string {
	const got = e.gained > 0;
	let result: string;
	switch (e.action) {
		case 'village':
			result = got ? m.log_result_village() : m.log_result_village_none();
			break;
		case 'hut':
			result = got ? m.log_result_hut() : m.log_result_hut_none();
			break;
		case 'forest':
			result = got ? m.log_result_forest({ logs: m.log_n_logs({ count: e.gained }) }) : m.log_result_forest_none();
			break;
		case 'headdress':
			result = got && e.statue ? m.log_result_headdress({ statue: statueText(e.statue, sizeOf) }) : m.log_result_headdress_none();
			break;
		case 'reserve':
			result = m.log_result_reserve({ ahu: e.ahu ?? '—' });
			break;
	}
	const hex = hexText(e.hex);
	// G-4.3: the chief's action costs a rongo tablet and never takes logs.
	if (e.figure === 'chief') return m.log_action_chief({ name: name(e.seat), hex, result });
	const figure = m.log_fig_medicineMan();
	return e.logs > 0
		? m.log_action_logs({ name: name(e.seat), figure, hex, logs: m.log_with_logs({ count: e.logs }), result })
		: m.log_action({ name: name(e.seat), figure, hex, result });
}

function moveText(e: Extract<GiantsEntry, { type: 'move' }>, name: NameOf, sizeOf?: SizeOf): string {
	const who = name(e.seat);
	const statue = statueText(e.statue, sizeOf);
	let text: string;
	if (e.path.length === 0) {
		// G-5.4/G-5.5: erecting or crowning where the statue already lies.
		const hex = hexText(e.from);
		text = e.crown ? m.log_crown_here({ name: who, statue, ahu: e.crown, hex }) : m.log_erect_here({ name: who, statue, ahu: e.erect ?? '—', hex });
	} else {
		const route = [e.from, ...e.path].join(' → ');
		const p = { name: who, statue, route };
		text = e.erect
			? m.log_move_erect({ ...p, ahu: e.erect })
			: e.crown
				? m.log_move_crown({ ...p, ahu: e.crown })
				: e.mark
					? m.log_move_mark(p)
					: m.log_move(p);
	}
	text += lentText(e.lent, name);
	if (e.points) text += ' ' + m.log_immediate({ name: who, points: m.log_n_points({ count: e.points }) });
	return text;
}

export function logText(e: GiantsEntry, name: NameOf, sizeOf?: SizeOf): string {
	switch (e.type) {
		case 'round':
			return m.log_round({ round: String(e.round), name: name(e.startPlayer) });
		case 'roll': {
			const dice = e.dice.map(dieText).join(', ') || '—';
			return e.display.length ? m.log_roll({ dice, sizes: e.display.join(', ') }) : m.log_roll_nothing({ dice });
		}
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
			return m.log_carve({
				name: name(e.seat),
				statue: m.log_moai_sized({ size: String(e.size) }),
				sculptors: sculptorText(e.sculptors)
			});
		case 'display-returned':
			return m.log_display_returned({ sizes: e.sizes.join(', ') || '—' });
		case 'phase':
			return m.log_phase({ phase: phaseName(e.phase) });
		case 'place': {
			const p = { name: name(e.seat), figure: figureWithArticle(e.figure), hex: hexText(e.hex) };
			return e.logs > 0 ? m.log_place_logs({ ...p, logs: m.log_with_logs({ count: e.logs }) }) : m.log_place(p);
		}
		case 'action':
			return actionText(e, name, sizeOf);
		case 'rongo':
			return m.log_rongo({ name: name(e.seat) });
		case 'pass': {
			const p = { name: name(e.seat) };
			if (e.phase === 'carve') return e.auto ? m.log_pass_carve_auto(p) : m.log_pass_carve(p);
			return e.auto ? m.log_pass_auto(p) : m.log_pass(p);
		}
		case 'move':
			return moveText(e, name, sizeOf);
		case 'mark':
			return m.log_mark({ name: name(e.seat), statue: statueText(e.statue, sizeOf), hex: hexText(e.hex) });
		case 'unmoved':
			return m.log_unmoved({ statues: e.statues.map((s) => `${statueText(s.statue, sizeOf)} → ${s.hex}`).join(', ') });
		case 'logs-out':
			return m.log_logs_out({ count: e.count });
		case 'choice-in':
			return e.replaced ? m.log_choice_replaced({ name: name(e.seat) }) : m.log_choice_in({ name: name(e.seat) });
		case 'choices':
			return m.log_choices({ list: e.choices.map((c) => choiceText(name(c.seat), c, sizeOf)).join('; ') || m.log_nothing() });
		case 'abandoned':
			return m.log_abandoned({ statues: e.statues.map((s) => statueText(s, sizeOf)).join(', ') });
		case 'over': {
			const p = {
				reason: overReason(e.reason),
				totals: e.totals.map((t, seat) => `${name(seat)} ${t}`).join(', '),
				winners: e.winners.map(name).join(', ')
			};
			return e.winners.length > 1 ? m.log_over_tie(p) : m.log_over(p);
		}
	}
}

function figureWithArticle(f: Figure): string {
	return f === 'worker' ? m.log_fig_worker() : f === 'medicineMan' ? m.log_fig_medicineMan() : m.log_fig_chief();
}
