/**
 * The board in words: accessible names of hexes, statues and ahus in the page's language, so a
 * screen-reader user learns from the board what a sighted player sees on it.
 */
import type { Statue } from '$lib/games/giants/surface';
import type { AhuData, HexType } from '$lib/games/giants/surface';
import { m } from '$lib/paraglide/messages';
import type { AhuContents, HexContents } from './contents';

type NameOf = (seat: number) => string;

export function hexTypeName(type: HexType): string {
	switch (type) {
		case 'plain':
			return m.board_hex_plain();
		case 'village':
			return m.board_hex_village();
		case 'sorcerer_hut':
			return m.board_hex_sorcerer_hut();
		case 'forest':
			return m.board_hex_forest();
		case 'headdress_quarry':
			return m.board_hex_headdress_quarry();
		case 'moai_quarry':
			return m.board_hex_moai_quarry();
	}
}

export function statueText(s: Statue, name: NameOf): string {
	const parts: string[] = [s.kind === 'moai' ? m.board_moai({ size: String(s.size) }) : m.board_headdress()];
	if (s.abandoned) parts.push(m.board_abandoned());
	else if (s.owner !== null) parts.push(m.board_owned_by({ name: name(s.owner) }));
	if (s.marker !== null) parts.push(m.board_marked_by({ name: name(s.marker) }));
	return parts.join(' ');
}

export interface HexLabelOpts {
	id: string;
	type: HexType;
	wood?: number;
	cut: boolean;
	note?: string;
	target: boolean;
	/** 0 = where the path starts, n = its n-th step. */
	step?: number;
}

export function hexLabel(o: HexLabelOpts, c: HexContents, name: NameOf): string {
	let head: string = m.board_hex_name({ type: hexTypeName(o.type), id: o.id });
	if (o.type === 'forest') head += `, ${o.cut ? m.board_forest_cut() : m.board_forest_wood({ count: String(o.wood ?? 0) })}`;
	const parts: string[] = [head];
	const bySeat = new Map<number, string[]>();
	for (const f of c.figures) {
		if (f.seat === null) continue;
		const text =
			f.kind === 'worker'
				? m.board_workers({ count: String(f.count) })
				: f.kind === 'medicineMan'
					? m.board_medicine_man()
					: m.board_chief();
		bySeat.set(f.seat, [...(bySeat.get(f.seat) ?? []), text]);
	}
	for (const [seat, figs] of bySeat) parts.push(m.board_seat_figures({ name: name(seat), figures: figs.join(', ') }));
	const logs = c.figures.find((f) => f.kind === 'log');
	if (logs) parts.push(m.board_logs({ count: String(logs.count) }));
	for (const s of c.statues) parts.push(statueText(s.statue, name));
	if (o.step === 0) parts.push(m.board_path_start());
	else if (o.step) parts.push(m.board_path_step({ n: String(o.step) }));
	if (o.note) parts.push(o.note);
	if (o.target) parts.push(m.board_target());
	return parts.join('; ');
}

export function ahuLabel(a: AhuData, c: AhuContents | undefined, name: NameOf, target: boolean): string {
	const parts: string[] = [
		m.board_ahu({ id: a.id, hex: a.hex }),
		m.board_ahu_values({ moai: String(a.moaiValue), headdress: String(a.headdressValue) })
	];
	if (c?.moai && c.pedestal !== null) parts.push(m.board_ahu_erected({ size: String(c.moai.size), name: name(c.pedestal) }));
	else if (c?.pedestal !== null && c?.pedestal !== undefined) parts.push(m.board_ahu_reserved({ name: name(c.pedestal) }));
	else parts.push(m.board_empty());
	if (c?.crown) parts.push(m.board_ahu_crowned());
	if (target) parts.push(m.board_target());
	return parts.join('; ');
}
