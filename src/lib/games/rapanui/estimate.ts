/**
 * What the heuristic bot (bots.ts) thinks with: a world consistent with one seat's view, and an
 * estimate of every seat's final fame in a state. Pure; reads nothing a seat may not know — the
 * world fills exactly R-0.2's secrets (the draw pile's order, others' face-down kinds and sealed moai
 * choices) by sampling, and everything else is copied from the view.
 */
import { below, type RngState } from '$lib/engine';
import { shuffle } from './engine';
import {
	DECK,
	END_FAME_PER_MOAI,
	KINDS,
	MOAI_COST,
	TYPES,
	WOOD_PER_FAME,
	isHunter,
	pileTypes,
	stoneCounts,
	typeOf,
	valuesOf
} from './rules';
import { scores } from './score';
import type { CardType, Kind, MoaiChoice, Offerings, RapaNuiState, RapaNuiView, Seat } from './types';

/**
 * A state that agrees with everything `v` shows, its secrets drawn at random: the unseen deck
 * cards in a shuffled pile, each hidden face-down card a kind its layer could have held
 * drawn from that seat's public ledger, R-0.1), and a guessed sealed choice for every seat
 * that has chosen. Shares the view's arrays: `apply` copies its input and never changes it.
 */
export function determinise(v: RapaNuiView, rng: RngState): RapaNuiState {
	const { viewer: _viewer, chosen, secret, ...pub } = v;
	const seen = new Set<string>();
	for (const ids of [...v.columns, ...v.hands, ...v.displays, v.box]) for (const id of ids) seen.add(id);
	const pile = secret.pile ?? shuffle(DECK.filter((id) => !seen.has(id)), rng);
	const collections: Offerings[] = [];
	const faceDown: Kind[] = [];
	const guessed: Offerings[] = v.ledger.map((l) => ({ ...l }));
	let down = 0;
	for (const card of v.stone) {
		if (card.faceUp) continue;
		const known = secret.faceDown[down++];
		const left = guessed[card.seat];
		// A hidden card: a kind the layer still holds by the ledger, weighted by how many (never below 0).
		let kind: Kind = known ?? KINDS.find((k) => left[k] > 0) ?? KINDS[0];
		if (known === null) {
			const total = KINDS.reduce((a, k) => a + Math.max(0, left[k]), 0);
			let r = total > 0 ? below(rng, total) : 0;
			for (const k of KINDS) {
				const n = Math.max(0, left[k]);
				if (r < n) {
					kind = k;
					break;
				}
				r -= n;
			}
		}
		left[kind]--;
		faceDown.push(kind);
	}
	for (let seat = 0; seat < v.players; seat++) collections.push(secret.collections[seat] ?? guessed[seat]);
	const moai: (MoaiChoice | null)[] = secret.moai.map((c, seat) => c ?? (chosen.includes(seat) ? 'fame' : null));
	return { ...pub, secret: { seed: secret.seed ?? 'unknown', pile, collections, faceDown, moai } };
}

/** turns still to come (for all seats), from the cards left to draw; fitted on bot games. */
export function turnsLeft(s: RapaNuiState): number {
	let cards = s.pileLeft;
	for (const col of s.columns) cards += col.length;
	return Math.max(0, (cards - 10) * 0.93);
}

const inHand = (s: RapaNuiState, seat: Seat, type: CardType) => s.hands[seat].filter((id) => typeOf(id) === type).length;

/** How often each type is scored from now on: the share of the cards still to be uncovered. */
function typeShares(s: RapaNuiState): Record<CardType, number> {
	const n = pileTypes(s);
	for (const col of s.columns) for (const id of col) n[typeOf(id)]++;
	const total = TYPES.reduce((a, t) => a + n[t], 0) || 1;
	for (const t of TYPES) n[t] /= total;
	return n;
}

/** The estimate's weights, set by games of the bot against random bots at every table size. */
const W = {
	/** Wood's worth in fame while it can still buy offering cards and moai; at the end R-8.3's 1 per 5. */
	woodEarly: 0.5,
	woodLate: 1 / WOOD_PER_FAME,
	/** An offering card's worth before the stone has ranked the kinds (R-8.4: 3, 2, 1, 0). */
	offeringPrior: 1.8,
	/** A card in hand is worth this share of what it adds once played. */
	hand: 0.8,
	/** Wood a seat can spend per turn of its own (R-4.2: an offering card costs up to 5). */
	spend: 5,
	/** Sacrifice rounds (moai built) per turn, as bots play. */
	roundsPerTurn: 0.08
} as const;

/** One way the game may go on: its chance and every seat's expected final fame in it. */
export interface Outlook {
	chance: number;
	fame: number[];
}

const NONE: Offerings = { fish: 0, paper_mulberry: 0, sweet_potato: 0, grain: 0 };

/**
 * Where the game may go from a state: exact once it is over; otherwise every seat's expected final
 * fame. While the stone is empty, offering cards are worth nothing unless somebody
 * still builds a moai, so that case is two outlooks — nobody builds, or somebody does and the cards
 * count at the prior — rather than one average that no game ends with.
 */
export function outlooks(s: RapaNuiState): Outlook[] {
	if (s.phase.kind === 'over') return [{ chance: 1, fame: scores(s).map((x) => x.total) }];
	const turns = turnsLeft(s);
	const shares = typeShares(s);
	const rounds = turns * W.roundsPerTurn;
	const offering = {} as Offerings;
	if (s.stone.length === 0) {
		const built = 1 - Math.exp(-rounds);
		for (const k of KINDS) offering[k] = W.offeringPrior;
		return [
			{ chance: built, fame: estimate(s, turns, shares, offering) },
			{ chance: 1 - built, fame: estimate(s, turns, shares, NONE) }
		];
	}
	// the stone only grows. Its cards so far weigh against those the sacrifice rounds still to
	// come will add (players + 1 each, R-5.7).
	const now = valuesOf(stoneCounts(s)!);
	const settled = s.stone.length / (s.stone.length + (s.players + 1) * rounds);
	for (const k of KINDS) offering[k] = settled * now[k] + (1 - settled) * W.offeringPrior;
	return [{ chance: 1, fame: estimate(s, turns, shares, offering) }];
}

/**
 * Every seat's expected final fame in a running game, offering cards at `offering`: what it holds
 * (fame, moai, wood, offering cards), plus what its personal display will yield in the scorings still
 * to come, plus a share of what its hand will add once played.
 */
function estimate(s: RapaNuiState, turns: number, shares: Record<CardType, number>, offering: Offerings): number[] {
	const mine = turns / s.players; // turns each seat still plays
	const wood = W.woodLate + (W.woodEarly - W.woodLate) * Math.min(1, mine / 5);
	const hand = W.hand * Math.min(1, mine / 2);
	// Each display's cards by type, and: who holds each majority bonus.
	const most = {} as Record<CardType, number[]>;
	for (const t of TYPES) most[t] = s.displays.map(() => 0);
	s.displays.forEach((d, seat) => d.forEach((id) => most[typeOf(id)][seat]++));
	const bonus = {} as Record<CardType, Seat | null>;
	for (const t of TYPES) {
		const c = most[t];
		bonus[t] = null;
		for (let seat = 0; seat < c.length; seat++) if (c[seat] >= 2 && c.every((n, x) => x === seat || n < c[seat])) bonus[t] = seat;
	}
	// What one scoring of `type` yields a seat with `n` such cards in its display, `b` its bonus (R-7.2 … ).
	const yieldOf = (type: CardType, n: number, b: number): number => {
		if (n === 0) return 0;
		if (type === 'woodcutter') return (n + b) * wood;
		if (type === 'priest') return n + b;
		if (type === 'moai') return (n + b) * Math.max(1, wood);
		return (1 + b) * offering[type];
	};
	const out: number[] = [];
	for (let seat = 0; seat < s.players; seat++) {
		const own = s.secret.collections[seat];
		const display = {} as Record<CardType, number>;
		for (const t of TYPES) display[t] = most[t][seat];
		const woodcutters = display.woodcutter + (bonus.woodcutter === seat ? 1 : 0);
		// Wood is worth more than R-8.3's 1 per 5 only as far as it can still be spent: an offering card
		// a turn and 7 per moai in hand, less what the woodcutters will bring anyway.
		const usable = Math.max(0, mine * W.spend + MOAI_COST * inHand(s, seat, 'moai') - turns * shares.woodcutter * woodcutters);
		let v = s.fame[seat] + W.woodLate * s.wood[seat] + (wood - W.woodLate) * Math.min(s.wood[seat], usable);
		for (const k of KINDS) v += own[k] * offering[k];
		v += END_FAME_PER_MOAI * display.moai;
		for (const t of TYPES) v += turns * shares[t] * yieldOf(t, display[t], bonus[t] === seat ? 1 : 0);
		// The hand: what each card would add to the display, less its cost. A moai counts only
		// as far as 7 wood for it is in sight: the wood held and what the woodcutters bring meanwhile.
		const income = Math.min(mine, 3) * s.players * shares.woodcutter * woodcutters;
		let moai = 0;
		for (const id of s.hands[seat]) {
			const t = typeOf(id);
			// One more card of its type, and the majority bonus it may win.
			const n = display[t];
			const had = bonus[t] === seat ? 1 : 0;
			const wins = n + 1 >= 2 && most[t].every((c, x) => x === seat || c < n + 1) ? 1 : 0;
			const more = turns * shares[t] * (yieldOf(t, n + 1, wins) - yieldOf(t, n, had));
			let gain: number;
			if (t === 'moai') {
				moai++;
				gain = Math.min(1, (s.wood[seat] + income) / (MOAI_COST * moai)) * (END_FAME_PER_MOAI + more - MOAI_COST * wood);
			} else gain = more + (isHunter(t) ? wood : 0); // a hunter-gatherer in the display also makes its kind cheaper
			v += hand * Math.max(0, gain);
		}
		out.push(v);
	}
	return out;
}
