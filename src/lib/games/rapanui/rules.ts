/**
 * Rapa Nui's components and the rule helpers that read a state or a view (rapanui.md, cited R-x.y).
 * Pure; shared by the engine, the bots and the table. The data file is a copy of
 * shared/rules/rapanui-data.json (its `_about` says what is sourced and what is reconstructed).
 */
import data from './data/rapanui-data.json';
import type { CardId, CardType, Colour, Kind, Offerings, Readable, Seat } from './types';

const C = data.constants;

/** the four kinds, in the data's order (also the order of every kind list on screen). */
export const KINDS = data.kinds as Kind[];
/** the types for playing and scoring; each kind is a type of its own. */
export const TYPES: readonly CardType[] = ['woodcutter', 'priest', 'moai', ...KINDS];
export const COLOURS: readonly Colour[] = data.colours.map((c) => c.id as Colour);
/** the 50 Rapa Nui cards in the canonical order the shuffle starts from. */
export const DECK: readonly CardId[] = data.deck.map((c) => c.id);
export const PLAYERS = data.players;
export const HAND_SIZE = C.handSize;
export const COLUMNS = C.displayColumns;
export const COLUMN_DEPTH = C.columnDepth;
export const PER_KIND = data.offerings.perKind;
export const START_WOOD: readonly number[] = data.startWoodBySeat;
export const MOAI_COST = C.playCost.moai;
export const END_FAME_PER_MOAI = C.endFamePerMoai;
export const WOOD_PER_FAME = C.woodPerFame;

interface ColourData {
	id: string;
	startDisplay: string[];
	startHand: string[];
	startCards: { id: string; type: string; kind?: string }[];
}
const COLOUR_DATA = new Map((data.colours as ColourData[]).map((c) => [c.id as Colour, c]));

export const startDisplay = (c: Colour): CardId[] => [...COLOUR_DATA.get(c)!.startDisplay];
export const startHand = (c: Colour): CardId[] => [...COLOUR_DATA.get(c)!.startHand];

/** Every card's type (R-1.1, R-1.2: a start card is an ordinary card of its type). */
const TYPE_OF = new Map<CardId, CardType>();
for (const c of [...data.deck, ...(data.colours as ColourData[]).flatMap((x) => x.startCards)])
	TYPE_OF.set(c.id, (c.type === 'hunter_gatherer' ? c.kind : c.type) as CardType);

export function typeOf(id: CardId): CardType {
	const t = TYPE_OF.get(id);
	if (!t) throw new Error(`no card ${id}`);
	return t;
}

export const isCard = (id: unknown): id is CardId => typeof id === 'string' && TYPE_OF.has(id);
export const isKind = (k: unknown): k is Kind => typeof k === 'string' && (KINDS as string[]).includes(k);
export const isHunter = (t: CardType): t is Kind => (KINDS as string[]).includes(t);

export const noOfferings = (): Offerings => ({ fish: 0, paper_mulberry: 0, sweet_potato: 0, grain: 0 });
export const sumOfferings = (o: Offerings): number => o.fish + o.paper_mulberry + o.sweet_potato + o.grain;

/** How many cards of `type` lie in `seat`'s personal display. */
export function displayCount(s: Readable, seat: Seat, type: CardType): number {
	let n = 0;
	for (const id of s.displays[seat]) if (typeOf(id) === type) n++;
	return n;
}

/** How many cards of `type` are in `seat`'s hand. */
export function handCount(s: Readable, seat: Seat, type: CardType): number {
	let n = 0;
	for (const id of s.hands[seat]) if (typeOf(id) === type) n++;
	return n;
}

/** 5 wood, less 1 per hunter-gatherer of the kind in the buyer's display, never below 0. */
export function buyCost(s: Readable, seat: Seat, kind: Kind): number {
	return Math.max(C.offeringMinCost, C.offeringBaseCost - C.offeringCostReductionPerOwnHunterGathererOfKind * displayCount(s, seat, kind));
}

/** the cost of a play; NaN for a play that does not exist. */
export function playCost(card: CardType, count: number): number {
	if (!Number.isInteger(count) || count < 1) return NaN;
	if (isHunter(card)) return count <= C.hunterGatherersPerPlayMax ? (C.playCost.hunterGatherers as Record<string, number>)[String(count)] : NaN;
	if (count !== 1) return NaN;
	return card === 'moai' ? C.playCost.moai : 0;
}

/** the hand is 3 moai and the player has less than 7 wood. */
export function threeMoaiWithoutWood(s: Readable, seat: Seat): boolean {
	const t = C.threeMoaiWithoutWood;
	return s.hands[seat].length === t.moaiInHand && handCount(s, seat, 'moai') === t.moaiInHand && s.wood[seat] < t.woodBelow;
}

/** The exact number of offering cards a seat holds: public (R-0.1: the ledger's total minus its face-down cards). */
export function offeringTotal(s: Readable, seat: Seat): number {
	return sumOfferings(s.ledger[seat]) - s.faceDowns[seat];
}

/** the kinds the public ledger shows with a positive count. */
export function ledgerKinds(s: Readable, seat: Seat): Kind[] {
	return KINDS.filter((k) => s.ledger[seat][k] > 0);
}

/** what is left in the draw pile, by type: the 50 cards minus every card laid out so far. */
export function pileTypes(s: Readable): Record<CardType, number> {
	const out = Object.fromEntries(TYPES.map((t) => [t, 0])) as Record<CardType, number>;
	for (const id of DECK) out[typeOf(id)]++;
	const seen = (ids: readonly CardId[]) => {
		for (const id of ids) if (!id.startsWith('start-')) out[typeOf(id)]--;
	};
	for (const col of s.columns) seen(col);
	for (const h of s.hands) seen(h);
	for (const d of s.displays) seen(d);
	seen(s.box);
	return out;
}

/** The cards of each kind on the sacrifice stone; null if a face-down card's kind is not known to the reader. */
export function stoneCounts(s: Readable): Offerings | null {
	const out = noOfferings();
	let down = 0;
	for (const c of s.stone) {
		const k = c.kind ?? s.secret.faceDown[down] ?? null;
		if (!c.faceUp) down++;
		if (k === null) return null;
		out[k]++;
	}
	return out;
}

/**
 * each kind is worth 3 minus the number of distinct stone counts above its own; all 0
 * if the stone is empty. Needs the face-down kinds (a state, or a view at the end).
 */
export function valuesOf(counts: Offerings): Offerings {
	const out = noOfferings();
	if (sumOfferings(counts) === 0) return out;
	const distinct = [...new Set(KINDS.map((k) => counts[k]))];
	for (const k of KINDS) out[k] = C.offeringValuesByRank[0] - distinct.filter((c) => c > counts[k]).length;
	return out;
}

/** values if the game ended now, or null while face-down kinds are unknown to the reader. */
export function offeringValues(s: Readable): Offerings | null {
	const counts = stoneCounts(s);
	return counts ? valuesOf(counts) : null;
}

/** the one seat with at least 2 cards of the type and strictly more than every other, or null. */
export function bonusSeat(s: Readable, type: CardType): Seat | null {
	const counts = s.displays.map((_, seat) => displayCount(s, seat, type));
	let best: Seat | null = null;
	for (let seat = 0; seat < counts.length; seat++) {
		if (counts[seat] < 2) continue;
		if (counts.every((c, other) => other === seat || c < counts[seat])) best = seat;
	}
	return best;
}

/** The seat clockwise after `seat`. */
export const nextSeat = (s: Readable, seat: Seat): Seat => (seat + 1) % s.players;

/** The seats whose input is awaited now. */
export function awaited(s: Readable): Seat[] {
	const p = s.phase;
	switch (p.kind) {
		case 'turn':
		case 'draw':
			return [s.active];
		case 'sacrifice':
			return [p.queue[0]];
		case 'moai':
			return [...p.waiting];
		case 'substitute':
			return [p.due[0].seat];
		case 'over':
			return [];
	}
}
