/**
 * A Giants log entry (docs/giants-notation.md "Automatic entries") as one or two sentences in the
 * page's language. Seats are named by their players. Every entry type has its own sentence: the
 * switch is exhaustive, so a new entry type is a compile error here, not raw JSON on the page.
 * text.ts has the words these share with the rest of the page. A module of its own (src/lib/ui/surface.test.ts: `logText`): a
 * page loads the log's many sentences only when it shows a log line, not with the board.
 */
import type { Figure, GiantsEntry, Lending } from './index';
import { bidText, choiceText, dieText, hexText, overReason, phaseName, sculptorText, statueText, type NameOf, type SizeOf } from './text';
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';

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
