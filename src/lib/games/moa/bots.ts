/**
 * Moa bots. Each plays from its own seat's view (what a player could know) and picks among
 * `legalMoves` only. `random` picks uniformly; `heuristic` (the default bot for dropped seats) weighs
 * every legal move by what it changes on the board now — the region points it would score if the
 * period ended, the mammal and leader-tile VP it takes — against the cards it spends, which are worth
 * less as the period runs out (M-8.9: the hand must last, and is discarded at clean-up).
 */
import { below, type RngState } from '$lib/engine';
import { invasionTarget } from './checks';
import { legalMoves } from './legal';
import { C, leaderTile, mammal, owners, pieces, scoreRegion } from './rules';
import type { MoaMove, MoaView, Region, Seat } from './types';

export function randomBot(view: MoaView, seat: Seat, rng: RngState): MoaMove {
	const legal = legalMoves(view, seat);
	return legal[below(rng, legal.length)];
}

/** A region's points for `seat` minus the best other player's (the neutral included). */
function margin(v: MoaView, r: Region, seat: Seat): number {
	const p = scoreRegion(v, r);
	let best = 0;
	for (let o = 0; o < owners(v); o++) if (o !== seat) best = Math.max(best, p[o]);
	return p[seat] - best / Math.max(1, v.players - 1);
}

/** The board after a change to one region: its margin difference. */
function regionGain(v: MoaView, seat: Seat, id: number, change: (r: Region) => void): number {
	const r = v.regions[id - 1];
	const after: Region = { ...r, birds: r.birds.slice() };
	change(after);
	// Low numbers fall first (M-6.2): an exposed region is worth less.
	const target = invasionTarget(v);
	const exposed = target === id && !after.stronghold ? 0.5 : 1;
	return exposed * margin(v, after, seat) - margin(v, r, seat);
}

/** What one card in hand is worth now: less as the period's rounds run out. */
function cardCost(v: MoaView): number {
	const left = C.roundsPerPeriod - v.round;
	return 0.3 + (1.4 * left) / C.roundsPerPeriod;
}

function spent(v: MoaView, m: { pay: { cards: string[]; tiles: string[] } }): number {
	return cardCost(v) * (m.pay.cards.length + 1.2 * m.pay.tiles.length);
}

function value(v: MoaView, seat: Seat, m: MoaMove): number {
	switch (m.type) {
		case 'pass':
		case 'end':
			return 0;
		case 'decline':
			return 0;
		case 'defend': {
			const p = v.phase as Extract<MoaView['phase'], { kind: 'defend' }>;
			const r = v.regions[p.region - 1];
			return mammal(p.card).vp + 1.5 * pieces(r, seat) + Math.max(0, scoreRegion(v, r)[seat]) - spent(v, m);
		}
		case 'place':
			return regionGain(v, seat, m.region, (r) => (r.birds[seat] += m.birds)) - spent(v, m) - (m.anyRegion ? 1.5 : 0);
		case 'leader': {
			const tile = v.regions[m.region - 1].leaderTile;
			const t = tile ? leaderTile(tile) : undefined;
			const tileValue = t ? (t.vp ?? 1.5) : 0;
			return regionGain(v, seat, m.region, (r) => (r.leader = seat)) + tileValue - spent(v, m) - (m.anyRegion ? 1.5 : 0);
		}
		case 'attack': {
			const tile = v.regions[m.region - 1].mammal!;
			return (
				tile.vp +
				regionGain(v, seat, m.region, (r) => {
					r.mammal = null;
					r.stronghold = true;
					r.birds[seat] += m.birds;
				}) -
				spent(v, m) -
				(m.anyRegion ? 1.5 : 0)
			);
		}
		case 'sell': {
			const card = v.display[m.kind][0];
			return (
				mammal(card).vp +
				regionGain(v, seat, m.region, (r) => {
					if (r.birds[seat] > 0) {
						r.birds[seat] = 1;
						if (r.leader === seat) r.leader = null;
					}
					if (r.leader !== null && r.leader !== seat) r.leader = null;
					r.stronghold = false;
				}) +
				1 - // closed for good: never invaded again
				spent(v, m) -
				(m.anyRegion ? 1.5 : 0)
			);
		}
		case 'buy':
			return m.types.reduce((a, t) => a + (t === 'draw_card' || t === 'double_combat' ? 1.6 : t === 'stronghold' ? 1.3 : 0.8), 0) - spent(v, m);
		case 'drawCard':
			return 1;
		case 'exchange':
			return -0.1;
		case 'stronghold': {
			const r = v.regions[m.region - 1];
			const mine = pieces(r, seat);
			return mine > 0 && invasionTarget(v) === m.region ? 0.5 * mine : -0.1;
		}
		case 'move':
			return regionGain(v, seat, m.from, (r) => (r.birds[seat] -= m.count)) + regionGain(v, seat, m.to, (r) => (r.birds[seat] += m.count)) - 0.4;
		case 'discard':
			return 0;
		case 'neutral': {
			// Place the neutral where it hurts the others most (or helps this seat).
			const r = v.regions[m.region - 1];
			const after: Region = { ...r, birds: r.birds.slice() };
			if (m.what === 'leader') after.leader = v.players;
			else after.birds[v.players] += m.what === 'birds' ? 2 : 1;
			const before = scoreRegion(v, r);
			const now = scoreRegion(v, after);
			let d = now[seat] - before[seat];
			for (let o = 0; o < v.players; o++) if (o !== seat) d -= now[o] - before[o];
			return d;
		}
	}
}

export function heuristicBot(view: MoaView, seat: Seat, rng: RngState): MoaMove {
	return bestOf(view, seat, legalMoves(view, seat), rng);
}

/** The heuristic's pick among `moves` (legal in `view`); also what a planned defence answers (queue.ts). */
export function bestOf(view: MoaView, seat: Seat, moves: MoaMove[], rng: RngState): MoaMove {
	let best = moves[0];
	let bestValue = -Infinity;
	for (const m of moves) {
		const x = value(view, seat, m) + below(rng, 1000) / 100000; // ties broken at random
		if (x > bestValue) {
			bestValue = x;
			best = m;
		}
	}
	return best;
}

