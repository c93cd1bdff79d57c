/**
 * Rapa Nui bots. Each plays from its own seat's view (what a player could know) and picks among
 * `legalMoves` only, deterministically given its random stream.
 *  - `random` picks uniformly.
 *  - `simple` plays by rules of thumb: it builds moai, keeps priests and majorities, buys cheap
 *    offerings of the kinds the stone values, and draws for the card it takes and the type it
 *    uncovers. It decides in microseconds and plays the rest of a turn in `heuristic`'s lookahead.
 *  - `heuristic` (the default bot, for dropped seats; issue 17) looks one move ahead: in a few worlds
 *    consistent with its view (estimate.ts: the pile's order and others' face-down kinds sampled), it
 *    plays each legal move, lets `simple` finish the turn for every seat, and keeps the move after
 *    which its estimated final fame (estimate.ts) most likely beats every other seat's.
 */
import { below, next, type RngState } from '$lib/engine';
import { determinise, outlooks, turnsLeft } from './estimate';
import { apply } from './engine';
import { legalMoves } from './legal';
import { moaiPreference, richestKinds, sacrificeOrder } from './prefer';
import { MOAI_COST, awaited, bonusSeat, buyCost, displayCount, handCount, isHunter, typeOf } from './rules';
import type { CardType, Kind, RapaNuiMove, RapaNuiState, RapaNuiView, Readable, Seat } from './types';

export function randomBot(view: RapaNuiView, seat: Seat, rng: RngState): RapaNuiMove {
	const legal = legalMoves(view, seat);
	return legal[below(rng, legal.length)];
}

/** How much a scoring of `type` now is worth to `seat` relative to the best other player. */
function scoringGain(v: Readable, seat: Seat, type: CardType): number {
	const gain = (x: Seat) => {
		const n = displayCount(v, x, type);
		if (n === 0) return 0;
		const bonus = bonusSeat(v, type) === x ? 1 : 0;
		return isHunter(type) ? 1.5 * (1 + bonus) : type === 'woodcutter' ? 0.4 * (n + bonus) : n + bonus;
	};
	let others = 0;
	for (let x = 0; x < v.players; x++) if (x !== seat) others = Math.max(others, gain(x));
	return gain(seat) - others;
}

/** What a card taken into the hand is worth to `seat`. */
function cardValue(v: Readable, seat: Seat, type: CardType): number {
	switch (type) {
		case 'moai':
			return handCount(v, seat, 'moai') >= 2 ? -2 : 5;
		case 'priest':
			return 3;
		case 'woodcutter':
			return v.wood[seat] < MOAI_COST ? 2.5 : 1;
		default:
			return 1 + 0.5 * displayCount(v, seat, type) + 0.5 * handCount(v, seat, type);
	}
}

function playValue(v: Readable, seat: Seat, card: CardType, count: number): number {
	switch (card) {
		case 'moai':
			return 100;
		case 'priest':
			return 6 + displayCount(v, seat, 'priest');
		case 'woodcutter':
			return v.wood[seat] < MOAI_COST && handCount(v, seat, 'moai') > 0 ? 8 : 4;
		default:
			return 3 * count - count + 1 + displayCount(v, seat, card);
	}
}

function richestKind(v: Readable, seat: Seat, pick: (k: Kind) => boolean): Kind {
	return richestKinds(v, seat, pick)[0];
}

/** Rules of thumb, no lookahead (R-4 … R-7); reads a view or, inside the lookahead, a sampled world. */
export function simpleBot(view: Readable, seat: Seat, rng: RngState): RapaNuiMove {
	const v = view;
	const legal = legalMoves(v, seat);
	const first = legal[0];
	switch (first.type) {
		case 'buy':
		case 'play':
		case 'skip': {
			const moaiNext = handCount(v, seat, 'moai') > 0;
			const buys = legal.filter((m): m is Extract<RapaNuiMove, { type: 'buy' }> => m.type === 'buy');
			const reserve = moaiNext ? MOAI_COST : 0;
			const cheap = buys.filter((b) => buyCost(v, seat, b.kind) <= 3 && v.wood[seat] - buyCost(v, seat, b.kind) >= reserve);
			if (cheap.length) return { type: 'buy', kind: richestKind(v, seat, (k) => cheap.some((b) => b.kind === k)) };
			const plays = legal.filter((m): m is Extract<RapaNuiMove, { type: 'play' }> => m.type === 'play');
			if (plays.length === 0) return legal.find((m) => m.type === 'skip') ?? first;
			return plays.reduce((a, b) => (playValue(v, seat, b.card, b.count) > playValue(v, seat, a.card, a.count) ? b : a));
		}
		case 'sacrifice': {
			// Keep the kinds the stone already values; give the one worth least to this seat (prefer.ts).
			return { type: 'sacrifice', kind: sacrificeOrder(v, legal.map((m) => (m as { kind: Kind }).kind))[0] };
		}
		case 'supply':
			return { type: 'supply', kind: richestKind(v, seat, (k) => legal.some((m) => (m as { kind: Kind }).kind === k)) };
		case 'draw': {
			const p = v.phase;
			const last = p.kind === 'draw' && p.left === 1;
			let best = first;
			let bestScore = -Infinity;
			for (const m of legal) {
				if (m.type !== 'draw') continue;
				const col = v.columns[m.column];
				const front = typeOf(col[col.length - 1]);
				let score = cardValue(v, seat, front);
				if (last && col.length > 1) score += 1.5 * scoringGain(v, seat, typeOf(col[col.length - 2]));
				score += below(rng, 100) / 1000;
				if (score > bestScore) [best, bestScore] = [m, score];
			}
			return best;
		}
		case 'moai': {
			return { type: 'moai', choice: moaiPreference(v, seat) };
		}
		case 'substitute': {
			const kinds = legal.flatMap((m) => (m.type === 'substitute' && m.kind ? [m.kind] : []));
			return kinds.length ? { type: 'substitute', kind: richestKind(v, seat, (k) => kinds.includes(k)) } : { type: 'substitute', kind: null };
		}
	}
	return first;
}


/** Worlds sampled per decision: enough to average over a refill's unknown cards, few enough for ~1 ms. */
const WORLDS = 4;

/** A move in a world, then `simple` for every seat until the next turn begins or the game ends. */
function playTurn(world: RapaNuiState, seat: Seat, move: RapaNuiMove, rng: RngState): RapaNuiState {
	const turn = world.turn;
	let s = world;
	let who = seat;
	let m = move;
	for (;;) {
		const r = apply(s, who, m);
		if (!r.ok) throw new Error(`rapanui bot: ${JSON.stringify(m)} refused: ${r.code}`);
		s = r.value.state;
		if (s.phase.kind === 'over' || s.turn !== turn) return s;
		who = awaited(s)[0];
		m = simpleBot(s, who, rng);
	}
}

/**
 * How good a position is for `seat`: its chance to win outright over the outlooks (estimate.ts), each
 * other seat beaten independently on a logistic curve whose spread narrows as the game runs out.
 */
function worth(s: RapaNuiState, seat: Seat): number {
	const spread = 3 + 0.25 * turnsLeft(s);
	let total = 0;
	for (const { chance, fame } of outlooks(s)) {
		let win = 1;
		for (let x = 0; x < fame.length; x++) if (x !== seat) win /= 1 + Math.exp((fame[x] - fame[seat]) / spread);
		total += chance * win;
	}
	return total;
}

export function heuristicBot(view: RapaNuiView, seat: Seat, rng: RngState): RapaNuiMove {
	const legal = legalMoves(view, seat);
	if (legal.length === 1) return legal[0];
	// The same worlds and streams for every move, so that moves are compared on equal terms.
	const worlds = Array.from({ length: WORLDS }, () => ({ world: determinise(view, rng), stream: [next(rng), next(rng), next(rng), next(rng)] as RngState }));
	let best = legal[0];
	let bestScore = -Infinity;
	for (const move of legal) {
		let score = 0;
		for (const { world, stream } of worlds) score += worth(playTurn(world, seat, move, [...stream] as RngState), seat);
		if (score > bestScore + 1e-9) [best, bestScore] = [move, score];
	}
	return best;
}
