/**
 * Moa's words: names of components and one sentence per public log entry (en + de through the
 * kind's Paraglide messages). Shared by the server (notifications) and the browser (log, lists).
 */
// The namespace itself: wrangler's esbuild keeps every message for messages.js's `m` (docs/workarounds.md).
import * as m from '$lib/paraglide/messages/_index.js';
import { bird, karakiaType, leaderTile, mammal, paid, terrainCard, type Instruction } from './rules';
import type { Colour, KarakiaType, MammalKind, MoaEntry, Payment, Seat, Symbol, Terrain, TileId } from './types';

type NameOf = (seat: Seat) => string;
type Msg = (p?: Record<string, unknown>) => string;
const pick = (table: Record<string, Msg>, key: string, p?: Record<string, unknown>) => table[key]?.(p) ?? key;

export const terrainName = (t: Terrain): string =>
	pick({ coast: m.moa_terrain_coast, mountains: m.moa_terrain_mountains, plains: m.moa_terrain_plains, forest: m.moa_terrain_forest, volcano: m.moa_terrain_volcano }, t);

export const speciesName = (sp: string): string =>
	pick(
		{
			haasts_eagle: m.moa_species_haasts_eagle,
			kakapo: m.moa_species_kakapo,
			kea: m.moa_species_kea,
			kiwi: m.moa_species_kiwi,
			moa: m.moa_species_moa,
			morepork: m.moa_species_morepork,
			pukeko: m.moa_species_pukeko,
			tui: m.moa_species_tui
		},
		sp
	);

export const mammalName = (k: MammalKind): string => pick({ dog: m.moa_mammal_dog, possum: m.moa_mammal_possum, rat: m.moa_mammal_rat, weasel: m.moa_mammal_weasel }, k);
export const mammalsName = (k: MammalKind): string => pick({ dog: m.moa_mammals_dog, possum: m.moa_mammals_possum, rat: m.moa_mammals_rat, weasel: m.moa_mammals_weasel }, k);
export const symbolName = (s: Symbol): string => pick({ bird: m.moa_symbol_bird, combat: m.moa_symbol_combat, honour: m.moa_symbol_honour, karakia: m.moa_symbol_karakia }, s);
export const colourName = (c: Colour): string =>
	pick({ red: m.moa_colour_red, yellow: m.moa_colour_yellow, green: m.moa_colour_green, blue: m.moa_colour_blue, black: m.moa_colour_black }, c);
export const karakiaName = (t: KarakiaType): string =>
	pick(
		{
			draw_card: m.moa_karakia_draw_card,
			exchange_three: m.moa_karakia_exchange_three,
			double_combat: m.moa_karakia_double_combat,
			any_region: m.moa_karakia_any_region,
			move_birds: m.moa_karakia_move_birds,
			stronghold: m.moa_karakia_stronghold
		},
		t
	);

/** A leader tile's reward in words ("leader tile: 2 combat"). */
export function leaderTileName(id: TileId): string {
	const t = leaderTile(id);
	if (!t) return id;
	if (t.vp !== undefined) return m.moa_leader_tile_vp({ vp: t.vp });
	const [sym, count] = Object.entries(t.symbols ?? {})[0] ?? ['bird', 0];
	return m.moa_leader_tile_symbols({ count, symbol: symbolName(sym as Symbol) });
}

/** Any tile's name: a karakia type or a leader tile. */
export const tileName = (id: TileId): string => {
	const k = karakiaType(id);
	return k ? karakiaName(k) : leaderTileName(id);
};

export const birds = (count: number) => m.moa_n_birds({ count });
export const leaders = (count: number) => m.moa_n_leaders({ count });
export const cards = (count: number) => m.moa_n_cards({ count });
export const vp = (count: number) => m.moa_n_vp({ count });
export const regionName = (region: number) => m.moa_region({ region });

export function instructionText(i: Instruction): string {
	if (i.kind === 'draw_mammals') return m.moa_instr_draw_mammals({ count: i.count });
	if (i.kind === 'mammals_attack') return m.moa_instr_attack({ kinds: mammalsName(i.mammal) });
	return m.moa_instr_volcano();
}

/** A terrain card in words: "coast: draw 1 mammal". */
export function terrainCardText(id: string): string {
	const c = terrainCard(id);
	return `${terrainName(c.terrain)}: ${c.instructions.map(instructionText).join(', ')}`;
}

/** Cards (by species) and tiles of a payment: "pūkeko, tūī, leader tile: 2 combat". */
export function payText(pay: Payment): string {
	const parts = [...pay.cards.map((c) => speciesName(bird(c)?.species ?? c)), ...pay.tiles.map(tileName)];
	return parts.length ? parts.join(', ') : m.moa_pay_nothing();
}

export function phaseName(phase: string): string {
	return pick(
		{ defend: m.moa_phase_defend, turn: m.moa_phase_action, neutral: m.moa_phase_neutral, discard: m.moa_phase_discard, over: m.moa_phase_over },
		phase
	);
}

export function logText(e: MoaEntry, nameOf: NameOf): string {
	switch (e.type) {
		case 'start':
			return e.neutral ? m.moa_log_start_neutral({ name: nameOf(e.firstPlayer), colour: colourName(e.colours[e.colours.length - 1]) }) : m.moa_log_start({ name: nameOf(e.firstPlayer) });
		case 'period':
			return m.moa_log_period({ period: e.period });
		case 'round':
			return m.moa_log_round({ round: e.round, period: e.period, name: nameOf(e.startPlayer) });
		case 'terrain':
			return m.moa_log_terrain({ left: terrainCardText(e.left), right: terrainCardText(e.right) });
		case 'mammal':
			return m.moa_log_mammal({ kind: mammalName(mammalOf(e.card)) });
		case 'mammalReshuffle':
			return m.moa_log_mammal_reshuffle({ count: e.cards });
		case 'noMammal':
			return m.moa_log_no_mammal();
		case 'attackOrder':
			return m.moa_log_attack_order({ kinds: mammalsName(e.kind), count: e.cards });
		case 'strongholdsBack':
			return m.moa_log_strongholds_back();
		case 'noTarget':
			return m.moa_log_no_target();
		case 'invasion':
			return m.moa_log_invasion({ kind: mammalName(mammalOf(e.card)), region: e.region });
		case 'defended':
			return m.moa_log_defended({ name: nameOf(e.seat), region: e.region, combat: combatOf(e.pay), kind: mammalName(mammalOf(e.card)) });
		case 'declined':
			return (e.auto ? m.moa_log_declined_auto : m.moa_log_declined)({ name: nameOf(e.seat), region: e.region });
		case 'invaded': {
			const count = e.birds.reduce((a, b) => a + b, 0);
			if (count === 0 && e.leader === null) return m.moa_log_invaded_empty({ region: e.region });
			const text = m.moa_log_invaded({ region: e.region, birds: birds(count) });
			return e.leader !== null ? `${text} ${m.moa_log_invaded_leader()}` : text;
		}
		case 'volcano':
			return m.moa_log_volcano({ space: e.space });
		case 'eruption':
			return m.moa_log_eruption();
		case 'turn':
			return m.moa_log_turn({ name: nameOf(e.seat) });
		case 'place':
			return withAny(e, m.moa_log_place({ name: nameOf(e.seat), birds: birds(e.birds), region: e.region, pay: payText(e.pay) }), nameOf);
		case 'leader':
			return withAny(
				e,
				e.tile
					? m.moa_log_leader_tile({ name: nameOf(e.seat), region: e.region, pay: payText(e.pay), tile: leaderTileName(e.tile) })
					: m.moa_log_leader({ name: nameOf(e.seat), region: e.region, pay: payText(e.pay) }),
				nameOf
			);
		case 'attack':
			return withAny(e, m.moa_log_attack({ name: nameOf(e.seat), kind: mammalName(e.kind), region: e.region, pay: payText(e.pay), birds: birds(e.birds) }), nameOf);
		case 'sell':
			return withAny(e, m.moa_log_sell({ name: nameOf(e.seat), region: e.region, kind: mammalName(mammalOf(e.card)), price: e.price, pay: payText(e.pay) }), nameOf);
		case 'buy':
			return m.moa_log_buy({ name: nameOf(e.seat), tiles: e.tiles.map(tileName).join(', '), pay: payText(e.pay) });
		case 'pass':
			return (e.auto ? m.moa_log_pass_auto : m.moa_log_pass)({ name: nameOf(e.seat) });
		case 'move':
			return m.moa_log_move({ name: nameOf(e.seat), birds: birds(e.count), from: e.from, to: e.to });
		case 'stronghold':
			return m.moa_log_stronghold({ name: nameOf(e.seat), region: e.region });
		case 'drawCard':
			return m.moa_log_draw_card({ name: nameOf(e.seat) });
		case 'exchange':
			return m.moa_log_exchange({ name: nameOf(e.seat), cards: cards(e.cards) });
		case 'discard':
			return m.moa_log_discard({ name: nameOf(e.seat), cards: payText({ cards: e.cards, tiles: [] }) });
		case 'birdReshuffle':
			return m.moa_log_bird_reshuffle({ count: e.cards });
		case 'roll':
			return m.moa_log_roll({ roll: e.roll });
		case 'neutral':
			return e.leader ? m.moa_log_neutral_leader({ name: nameOf(e.seat), region: e.region }) : m.moa_log_neutral({ name: nameOf(e.seat), birds: birds(e.birds), region: e.region });
		case 'noNeutral':
			return m.moa_log_no_neutral();
		case 'scoring': {
			const totals = e.mammals.map((x, seat) => x + e.leaderTiles[seat] + e.regions.reduce((a, r) => a + r.points[seat], 0));
			return m.moa_log_scoring({ period: e.period, list: totals.map((t, seat) => m.moa_log_scoring_item({ name: nameOf(seat), vp: vp(t) })).join(', ') });
		}
		case 'cleanup':
			return m.moa_log_cleanup();
		case 'end':
			return m.moa_log_end();
		case 'reveal':
			return m.moa_log_reveal();
	}
}

/**
 * A move's entry as the composer's "will send" says it to the player who makes it: in the second
 * person ("You place 3 birds …", "Du setzt …"), where the log's third person with the player's own
 * name or "you" made no sentence ("you places", issue 30). Null for entries no move of one's own makes.
 */
export function previewText(e: MoaEntry): string | null {
	const any = (x: { anyRegion: TileId | null }, text: string) => (x.anyRegion ? `${m.moa_you_any_region()} ${text}` : text);
	switch (e.type) {
		case 'place':
			return any(e, m.moa_you_place({ birds: birds(e.birds), region: e.region, pay: payText(e.pay) }));
		case 'leader':
			return any(
				e,
				e.tile
					? m.moa_you_leader_tile({ region: e.region, pay: payText(e.pay), tile: leaderTileName(e.tile) })
					: m.moa_you_leader({ region: e.region, pay: payText(e.pay) })
			);
		case 'attack':
			return any(e, m.moa_you_attack({ kind: mammalName(e.kind), region: e.region, pay: payText(e.pay), birds: birds(e.birds) }));
		case 'sell':
			return any(e, m.moa_you_sell({ region: e.region, kind: mammalName(mammalOf(e.card)), price: e.price, pay: payText(e.pay) }));
		case 'buy':
			return m.moa_you_buy({ tiles: e.tiles.map(tileName).join(', '), pay: payText(e.pay) });
		case 'pass':
			return m.moa_you_pass();
		case 'move':
			return m.moa_you_move({ birds: birds(e.count), from: e.from, to: e.to });
		case 'stronghold':
			return m.moa_you_stronghold({ region: e.region });
		case 'drawCard':
			return m.moa_you_draw_card();
		case 'exchange':
			return m.moa_you_exchange({ cards: cards(e.cards) });
		case 'discard':
			return m.moa_you_discard({ cards: payText({ cards: e.cards, tiles: [] }) });
		case 'defended':
			return m.moa_you_defended({ region: e.region, combat: combatOf(e.pay), kind: mammalName(mammalOf(e.card)) });
		case 'declined':
			return m.moa_you_declined({ region: e.region });
		case 'neutral':
			return e.leader ? m.moa_you_neutral_leader({ region: e.region }) : m.moa_you_neutral({ birds: birds(e.birds), region: e.region });
		default:
			return null;
	}
}

function withAny(e: { seat: Seat; anyRegion: TileId | null }, text: string, nameOf: NameOf): string {
	return e.anyRegion ? `${m.moa_log_any_region({ name: nameOf(e.seat) })} ${text}` : text;
}

const mammalOf = (card: string): MammalKind => mammal(card).kind;
const combatOf = (pay: Payment): number => paid(pay).combat;
