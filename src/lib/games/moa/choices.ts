/**
 * Moa's choices (issue 29; chessground's `movable.dests`): what a seat may choose at each step of
 * composing a move, from its own view, so the board's composer asks the engine instead of knowing
 * rules. A move is composed step by step — action → region → mammal kind (sell) | karakia types
 * (buy) | neutral placement | from, to, count (move birds) → payment → birds — and
 * `choices(view, seat, draft)` answers, for the draft so far, the options of every step and, once
 * the draft is a move `apply` accepts, that move.
 *
 * Complete where `legalMoves` is canonical (legal.ts: the least that pays, for bots and the
 * fuzzer): every card in hand and every tile the payment rule admits is offered as a payment item,
 * also one that adds nothing (M-8.2: "Paying more is allowed; nothing is given back. Any number of
 * cards and tiles may be combined"), marked `adds: false` so the page can warn before sending; every
 * bird count the payment allows is offered (M-7.3, M-7.5). One acceptance is deliberately not
 * offered: spending the any-region tile on a region that is active anyway (M-8.6 does not forbid it,
 * but it gains nothing and is no part of a payment; `regions` names the tile only where it is needed).
 * Sound: `move` is set only when the engine's own `check` accepts it (checks.ts), and the steps'
 * options come from `legalMoves`, so every region, kind, type or placement offered has a move.
 */
import { C, itemSymbols, karakiaCost, leaderTile, noSymbols, paid, salePrice, usableKarakia, usableLeaderTiles } from './rules';
import { PAY, check, uselessItems } from './checks';
import { legalMoves } from './legal';
import type { KarakiaType, MammalKind, MoaMove, Payment, Readable, Seat, Symbol, Symbols, TileId } from './types';

export type MoaAction = MoaMove['type'];
export type NeutralWhat = 'bird' | 'birds' | 'leader';
type Paying = keyof typeof PAY;

/** A move in the making: the parts chosen so far (leave out, or null, what is not chosen yet). */
export interface MoaDraft {
	action?: MoaAction | null;
	region?: number | null;
	/** Sell (M-7.6): the mammal kind taken from the display. */
	kind?: MammalKind | null;
	/** Buy (M-7.7): the karakia types, 1 or 2 different ones. */
	types?: KarakiaType[];
	/** The neutral's placement (M-11.2). */
	what?: NeutralWhat | null;
	/** Move birds (M-8.6). */
	from?: number | null;
	to?: number | null;
	count?: number | null;
	/** The payment (M-8.1), or for an exchange discard (M-8.6) the cards discarded. */
	pay?: Payment;
	/** Birds placed (M-7.3, M-7.5); left out: every bird the payment allows. */
	birds?: number | null;
}

/** A card or tile that may join the payment; `adds`: it adds to a symbol the payment counts. */
export interface PayItem {
	id: string;
	item: 'card' | 'tile';
	adds: boolean;
}

export interface PayChoices {
	/** The symbols this payment counts (M-8.1). */
	counted: Symbol[];
	/** Every item that may join it (M-8.2): the hand's cards, then the usable tiles. */
	items: PayItem[];
	/** What the draft's payment brings. */
	have: Symbols;
	/** What the action costs, once the draft says enough to know it. */
	need: { symbol: Symbol; count: number } | null;
	/** Symbols paid but not used, once the move is complete: they are lost (M-8.1, M-8.2). */
	lost: number;
	/** The cheapest payment listed for the draft so far (fewest items), if any. */
	suggested: Payment | null;
	/** Items of the complete move that add nothing: accepted and spent (M-8.2), worth a warning. */
	useless: Payment;
}

export interface MoaChoices {
	/** Step 1: the actions and free tile uses possible now (M-7, M-8.6), the defence's two answers (M-6.4). */
	actions: MoaAction[];
	/** The regions the draft's action may target; `anyRegion` is the tile it needs there (M-8.6). */
	regions: { region: number; anyRegion?: TileId }[];
	/** Sell (M-7.6): the kinds the draft's region can be sold for, with their price. */
	kinds: { kind: MammalKind; price: number }[];
	/** Buy (M-7.7): the types that can be bought, with their cost and what is left. */
	types: { type: KarakiaType; cost: number; left: number }[];
	/** The neutral's placements (M-11.2). */
	neutral: { region: number; what: NeutralWhat }[];
	/** Move birds (M-8.6): the regions to move from, to (given `from`), and how many (given both). */
	from: number[];
	to: number[];
	counts: number[];
	/** Cards owed for an exchange (M-8.6); 0 when none. Then `pay.items` are the cards to pick. */
	discard: number;
	pay: PayChoices | null;
	/** Birds to place (M-7.3, M-7.5), given the payment. */
	birds: { min: number; max: number } | null;
	/** The move, once the draft is one `apply` accepts. */
	move: MoaMove | null;
	/** The draft has every part, but the engine refuses it: the refusal's code (e.g. `TOO_FEW_SYMBOLS`). */
	problem: string | null;
}

const NONE: Payment = { cards: [], tiles: [] };
const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];
const isPaying = (a: MoaAction | null | undefined): a is Paying => !!a && a in PAY;

/** The choices of `seat` for `draft`, read from a state or the seat's own view. */
export function choices(s: Readable, seat: Seat, draft: MoaDraft): MoaChoices {
	const legal = legalMoves(s, seat);
	const owe = s.owe[seat] ?? 0;
	const p = s.phase;
	const action = owe > 0 ? 'discard' : p.kind === 'neutral' && p.seat === seat && !draft.action ? 'neutral' : (draft.action ?? null);
	const pay = draft.pay ?? NONE;
	const ofAction = legal.filter((x) => x.type === action);
	const region = draft.region ?? null;

	const regions: MoaChoices['regions'] = [];
	for (const x of ofAction)
		if ('region' in x && x.type !== 'neutral' && !regions.some((r) => r.region === x.region))
			regions.push('anyRegion' in x && x.anyRegion ? { region: x.region, anyRegion: x.anyRegion } : { region: x.region });
	regions.sort((a, b) => a.region - b.region);
	const kinds = uniq(ofAction.flatMap((x) => (x.type === 'sell' && (region === null || x.region === region) ? [x.kind] : []))).map((kind) => ({ kind, price: salePrice(s, kind) }));
	const types = uniq(ofAction.flatMap((x) => (x.type === 'buy' ? x.types : []))).map((type) => ({ type, cost: karakiaCost(type), left: s.karakiaSupply[type]?.length ?? 0 }));
	const neutral = legal.flatMap((x) => (x.type === 'neutral' ? [{ region: x.region, what: x.what }] : []));
	const moves = legal.flatMap((x) => (x.type === 'move' ? [x] : []));
	const from = uniq(moves.map((x) => x.from));
	const to = uniq(moves.filter((x) => x.from === draft.from).map((x) => x.to));
	const counts = uniq(moves.filter((x) => x.from === draft.from && x.to === draft.to).map((x) => x.count));

	const sum = paid(pay);
	const supply = s.supplyBirds[seat] ?? 0;
	const birds = action === 'place' ? { min: 1, max: Math.min(sum.bird, supply) } : action === 'attack' ? { min: 0, max: Math.min(sum.bird, supply) } : null;
	const shape = draftMove(s, seat, { ...draft, action, pay, birds: draft.birds ?? birds?.max ?? null }, legal);
	const failure = shape ? check(s, seat, shape) : null;
	const move = shape && !failure ? shape : null;

	let payChoices: PayChoices | null = null;
	if (action === 'discard') {
		const items = (s.secret.hands[seat] ?? []).map((id): PayItem => ({ id, item: 'card', adds: true }));
		payChoices = { counted: [], items, have: noSymbols(), need: null, lost: 0, suggested: null, useless: NONE };
	} else if (isPaying(action)) {
		payChoices = payment(s, seat, action, { ...draft, region }, pay, move, legal);
	}
	return { actions: owe > 0 ? [] : uniq(legal.map((x) => x.type)), regions, kinds, types, neutral, from, to, counts, discard: owe, pay: payChoices, birds, move, problem: failure?.code ?? null };
}

/** The move the draft spells, or null while a part is missing (whether it is legal is `check`'s). */
function draftMove(s: Readable, seat: Seat, d: MoaDraft & { pay: Payment }, legal: MoaMove[]): MoaMove | null {
	const region = d.region ?? null;
	const tile = legal.find((x) => x.type === d.action);
	const anyRegion = region === null ? undefined : legal.find((x) => x.type === d.action && 'region' in x && x.region === region && 'anyRegion' in x && x.anyRegion);
	const withAny = anyRegion && 'anyRegion' in anyRegion && anyRegion.anyRegion ? { anyRegion: anyRegion.anyRegion } : {};
	switch (d.action) {
		case null:
		case undefined:
			return null;
		case 'discard':
			return { type: 'discard', cards: d.pay.cards };
		case 'pass':
		case 'end':
		case 'decline':
		case 'drawCard':
		case 'exchange':
			return tile ?? null;
		case 'defend':
			return { type: 'defend', pay: d.pay };
		case 'neutral':
			return region === null || !d.what ? null : { type: 'neutral', region, what: d.what };
		case 'place':
		case 'attack':
			return region === null || d.birds === null || d.birds === undefined ? null : { type: d.action, region, birds: d.birds, pay: d.pay, ...withAny };
		case 'leader':
			return region === null ? null : { type: 'leader', region, pay: d.pay, ...withAny };
		case 'sell':
			return region === null || !d.kind ? null : { type: 'sell', region, kind: d.kind, pay: d.pay, ...withAny };
		case 'buy':
			return d.types?.length ? { type: 'buy', types: [...d.types], pay: d.pay } : null;
		case 'stronghold':
			return region === null || tile?.type !== 'stronghold' ? null : { type: 'stronghold', tile: tile.tile, region };
		case 'move':
			return tile?.type !== 'move' || d.from == null || d.to == null || d.count == null ? null : { type: 'move', tile: tile.tile, from: d.from, to: d.to, count: d.count };
	}
}

/** The payment step of a paying action (M-8.1, M-8.2). */
function payment(s: Readable, seat: Seat, action: Paying, d: MoaDraft, pay: Payment, move: MoaMove | null, legal: MoaMove[]): PayChoices {
	const rule = PAY[action];
	const adds = (id: string) => rule.symbols.some((k) => itemSymbols(id)[k] > 0);
	const tiles = usableLeaderTiles(s, seat).filter((t) => leaderTile(t)?.symbols);
	if (rule.doubleCombat) tiles.push(...usableKarakia(s, seat, 'double_combat'));
	const items: PayItem[] = [
		...(s.secret.hands[seat] ?? []).map((id): PayItem => ({ id, item: 'card', adds: adds(id) })),
		...tiles.map((id): PayItem => ({ id, item: 'tile', adds: adds(id) }))
	];
	const have = paid(pay);
	const need = needOf(s, action, d);
	let lost = 0;
	if (move && need) lost += have[need.symbol] - need.count;
	if (move && 'birds' in move) lost += have.bird - move.birds;
	const useless: Payment = move ? uselessItems(move) : NONE;
	return { counted: rule.symbols, items, have, need, lost: Math.max(0, lost), suggested: suggest(action, d, legal), useless };
}

/** What the action costs (M-6.5, M-7.3–M-7.7), once the draft says enough. */
function needOf(s: Readable, action: Paying, d: MoaDraft): PayChoices['need'] {
	const p = s.phase;
	switch (action) {
		case 'defend':
			return p.kind === 'defend' ? { symbol: 'combat', count: s.regions[p.region - 1].mammal?.combat ?? 0 } : null;
		case 'place':
			return null;
		case 'leader':
			return { symbol: 'honour', count: C.leaderHonourCost };
		case 'sell':
			return d.kind ? { symbol: 'honour', count: salePrice(s, d.kind) } : null;
		case 'buy':
			return d.types?.length ? { symbol: 'karakia', count: d.types.reduce((a, t) => a + karakiaCost(t), 0) } : null;
		case 'attack': {
			const m = d.region ? s.regions[d.region - 1]?.mammal : null;
			return m ? { symbol: 'combat', count: m.combat } : null;
		}
	}
}

/** The cheapest listed payment fitting the draft so far (fewest cards and tiles). */
function suggest(action: Paying, d: MoaDraft, legal: MoaMove[]): Payment | null {
	const fits = legal.filter((x): x is MoaMove & { pay: Payment } => {
		if (x.type !== action || !('pay' in x)) return false;
		if ('region' in x && d.region != null && x.region !== d.region) return false;
		if (x.type === 'sell' && d.kind && x.kind !== d.kind) return false;
		if (x.type === 'buy' && d.types?.length && (x.types.length !== d.types.length || x.types.some((t) => !d.types!.includes(t)))) return false;
		return true;
	});
	const size = (x: { pay: Payment }) => x.pay.cards.length + x.pay.tiles.length;
	const best = fits.sort((a, b) => size(a) - size(b))[0];
	return best ? { cards: [...best.pay.cards], tiles: [...best.pay.tiles] } : null;
}
