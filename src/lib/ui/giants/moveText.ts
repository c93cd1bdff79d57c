/**
 * Moves, statues, hexes and lendings in words, in the page's language: the composer's summary of
 * what will be sent ("Place the medicine man with 1 log on H04 (forest) and take its logs") and the
 * labels of its choices. Reads board data for hex names; no rules.
 */
import { AHU, HEX } from '$lib/games/giants/surface';
import type { GiantsMove, GiantsView, Lending, Statue } from '$lib/games/giants/surface';
import { m } from '$lib/paraglide/messages';
import { figureName, type NameOf } from '$lib/games/giants/text';

export function hexType(id: string): string {
	switch (HEX.get(id)?.type) {
		case 'village':
			return m.play_hex_village();
		case 'sorcerer_hut':
			return m.play_hex_hut();
		case 'forest':
			return m.play_hex_forest();
		case 'moai_quarry':
			return m.play_hex_moai_quarry();
		case 'headdress_quarry':
			return m.play_hex_headdress_quarry();
		default:
			return m.play_hex_plain();
	}
}

/** "H04 (forest)". */
export function hexName(id: string): string {
	return `${id} (${hexType(id)})`;
}

/** "A05 (moai 6, headdress 4)". */
export function ahuName(id: string): string {
	const a = AHU.get(id);
	return a ? m.play_ahu_name({ id, moai: String(a.moaiValue), headdress: String(a.headdressValue) }) : id;
}

/** What the special action of a hex gives (G-4.2); a plain hex next to an ahu reserves it. */
export function actionName(hex: string): string {
	switch (HEX.get(hex)?.type) {
		case 'village':
			return m.play_action_village();
		case 'sorcerer_hut':
			return m.play_action_hut();
		case 'forest':
			return m.play_action_forest({ logs: m.log_n_logs({ count: HEX.get(hex)?.logs ?? 0 }) });
		case 'headdress_quarry':
			return m.play_action_headdress();
		default:
			return m.play_action_reserve();
	}
}

export function statueKind(st: Pick<Statue, 'kind' | 'size'>): string {
	return st.kind === 'moai' ? m.play_moai_size({ size: String(st.size) }) : m.play_headdress();
}

/** "moai size 2 (S4), in front of Ana's screen" / "… on H12 (plain), marked by Ben, abandoned". */
export function statueText(st: Statue, name: NameOf, you: number | null = null): string {
	const parts = [statueKind(st)];
	// The viewer's own screen is "your screen" and their marker "marked by you", not "ana's" (or, in the tutorial, "You's").
	if (st.loc.kind === 'front') parts.push(st.loc.seat === you ? m.giants_learn_statue_front_yours() : m.play_statue_front({ name: name(st.loc.seat) }));
	else if (st.loc.kind === 'hex') parts.push(m.play_statue_on({ hex: hexName(st.loc.hex) }));
	else parts.push(m.play_statue_ahu({ ahu: st.loc.ahu }));
	if (st.marker !== null) parts.push(st.marker === you ? m.giants_learn_statue_marked_yours() : m.play_statue_marked({ name: name(st.marker) }));
	if (st.abandoned) parts.push(m.play_statue_abandoned());
	return parts.join(', ');
}

/** "Ben: 1 worker (+1)", "Caro: chief (+2)". */
export function lendingText(l: Lending[], name: NameOf): string {
	return l
		.map((x) =>
			x.figure === 'chief'
				? m.play_lend_chief({ name: name(x.seat), points: String(x.points) })
				: x.count === 1
					? m.play_lend_figure({ name: name(x.seat), points: String(x.points) })
					: m.play_lend_figures({ name: name(x.seat), count: String(x.count), points: String(x.points) })
		)
		.join('; ');
}

/** The whole move in one sentence, for the confirm bar and its screen-reader announcement. */
export function moveText(mv: GiantsMove, view: GiantsView, name: NameOf): string {
	// "size-2 moai on H20": where it stands tells it apart, never its internal id (issue 12).
	const statue = (id: string) => {
		const st = view.statues.find((s) => s.id === id);
		if (!st) return m.log_moai();
		return st.loc.kind === 'hex' ? `${statueKind(st)} ${m.play_statue_on({ hex: st.loc.hex })}` : statueKind(st);
	};
	const extra = (mv: { medicineMan?: boolean; chief?: boolean }) => {
		const x = [mv.medicineMan ? figureName('medicineMan') : '', mv.chief ? figureName('chief') : ''].filter(Boolean).join(', ');
		return x ? m.play_also({ extra: x }) : '';
	};
	switch (mv.type) {
		// Counts through the plural forms ("1 marker", "2 markers"; German's dative after "mit"); logs only when there are some.
		case 'bid':
			if (!mv.markers && !mv.workers && !mv.medicineMan && !mv.chief) return m.play_do_bid_nothing();
			return m.play_do_bid({ markers: m.log_n_markers({ count: mv.markers }), workers: m.log_n_workers({ count: mv.workers }), extra: extra(mv) });
		case 'carve':
			return m.play_do_carve({ size: String(mv.size), workers: m.play_with_n_workers({ count: mv.workers }), extra: extra(mv) });
		case 'place': {
			const a = { figure: figureName(mv.figure), hex: hexName(mv.hex) };
			return mv.logs ? m.play_do_place_logs({ ...a, logs: m.play_with_n_logs({ count: mv.logs }) }) : m.play_do_place(a);
		}
		case 'action': {
			const a = { figure: figureName(mv.figure), hex: hexName(mv.hex), action: mv.ahu ? `${actionName(mv.hex)}: ${ahuName(mv.ahu)}` : actionName(mv.hex) };
			return mv.logs ? m.play_do_action_logs({ ...a, logs: m.play_with_n_logs({ count: mv.logs }) }) : m.play_do_action(a);
		}
		case 'rongo':
			return m.play_do_rongo();
		case 'pass':
			return view.phase.kind === 'carve' ? m.play_do_decline() : m.play_do_pass();
		case 'mark':
			return m.play_do_mark({ statue: statue(mv.statue) });
		case 'move': {
			const path = mv.path.join(' → ') || '—';
			if (mv.erect) return m.play_do_erect({ statue: statue(mv.statue), path, ahu: ahuName(mv.erect) });
			if (mv.crown) return m.play_do_crown({ statue: statue(mv.statue), path, ahu: ahuName(mv.crown) });
			if (mv.mark) return m.play_do_move_mark({ statue: statue(mv.statue), path });
			return m.play_do_move({ statue: statue(mv.statue), path });
		}
		case 'choose':
			return m.play_do_choose({ mark: mv.mark.map(statue).join(', ') || '—', release: mv.release.map(statue).join(', ') || '—' });
	}
}

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A queued move in short words, for the plan-ahead list (issue 32; GameModule.moveText): "Worker
 * with 2 logs on H20", "Medicine man on H10: take 4 logs (the forest is cut)", "Chief on H01:
 * reserve A02 (moai 6, headdress 4)", "Pass (rest of phase 4)", "Decline the moai (carving)". Moves
 * without words of their own here (a carving choice, a transport) are worded as the composer words them.
 */
export function planText(mv: GiantsMove, view: GiantsView, name: NameOf): string {
	switch (mv.type) {
		case 'place': {
			const a = { figure: figureName(mv.figure), hex: mv.hex };
			return upper(mv.logs ? m.giants_plan_place_logs({ ...a, logs: m.play_with_n_logs({ count: mv.logs }) }) : m.giants_plan_place(a));
		}
		case 'action': {
			const a = { figure: figureName(mv.figure), hex: hexName(mv.hex), action: mv.ahu ? m.giants_plan_reserve({ ahu: ahuName(mv.ahu) }) : actionName(mv.hex) };
			return upper(mv.logs ? m.giants_plan_action_logs({ ...a, logs: m.play_with_n_logs({ count: mv.logs }) }) : m.giants_plan_action(a));
		}
		case 'rongo':
			return m.giants_plan_rongo();
		case 'pass': {
			// A queued pass names its phase (issue 32); a bare one is the composer's, for the phase that runs.
			const phase = mv.phase ?? (view.phase.kind === 'transport' ? 'transport' : 'place');
			return phase === 'carve' ? m.giants_plan_decline() : phase === 'transport' ? m.giants_plan_pass_transport() : m.giants_plan_pass();
		}
		default:
			return moveText(mv, view, name);
	}
}
