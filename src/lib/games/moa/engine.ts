/**
 * Moa's moves (moa.md M-7, M-8, M-6.5, M-11.2): `apply` validates a move's shape, asks `check`
 * (checks.ts) whether the rules allow it, performs it on a copy and runs the course of the game
 * (course.ts) until someone must decide again. Setup is in setup.ts, views in views.ts. Pure: `apply`
 * copies its input and never reads a clock or a global random source; a refused move is a value.
 */
import * as v from 'valibot';
import { fail, ok, type Applied, type Result } from '$lib/engine';
import { C, MAMMAL_KINDS, bird, leaderTile, mammal, salePrice } from './rules';
import { afterTiles, canDraw, check, defenceImpossible, defenceOrder, invasionTarget, leaderFits, neutralOptions } from './checks';
import type { MammalKind, MoaEntry, MoaMove, MoaState, Phase, Region, Seat, TileId } from './types';
import { drawBird, sortIds, spend, useKarakia, type Log, type Working } from './operations';
import { settle, askNext, afterAction, placeNeutral } from './course';
import { copyState } from './views';

// ---- moves ---------------------------------------------------------------------------------------

const ids = v.pipe(v.array(v.pipe(v.string(), v.maxLength(8))), v.maxLength(80));
const PaySchema = v.strictObject({ cards: ids, tiles: ids });
const int = v.pipe(v.number(), v.integer());
const Any = { anyRegion: v.optional(v.pipe(v.string(), v.maxLength(8))) };
const KindSchema = v.picklist(MAMMAL_KINDS.map((k) => k.id) as [MammalKind, ...MammalKind[]]);
const MoveSchema = v.variant('type', [
	v.strictObject({ type: v.literal('place'), region: int, birds: int, pay: PaySchema, ...Any }),
	v.strictObject({ type: v.literal('leader'), region: int, pay: PaySchema, ...Any }),
	v.strictObject({ type: v.literal('attack'), region: int, birds: int, pay: PaySchema, ...Any }),
	v.strictObject({ type: v.literal('sell'), region: int, kind: KindSchema, pay: PaySchema, ...Any }),
	v.strictObject({ type: v.literal('buy'), types: v.pipe(v.array(v.pipe(v.string(), v.maxLength(20))), v.maxLength(4)), pay: PaySchema }),
	v.strictObject({ type: v.literal('pass') }),
	v.strictObject({ type: v.literal('end') }),
	v.strictObject({ type: v.literal('move'), tile: v.string(), from: int, to: int, count: int }),
	v.strictObject({ type: v.literal('stronghold'), tile: v.string(), region: int }),
	v.strictObject({ type: v.literal('drawCard'), tile: v.string() }),
	v.strictObject({ type: v.literal('exchange'), tile: v.string() }),
	v.strictObject({ type: v.literal('discard'), cards: ids }),
	v.strictObject({ type: v.literal('defend'), pay: PaySchema }),
	v.strictObject({ type: v.literal('decline') }),
	v.strictObject({ type: v.literal('neutral'), region: int, what: v.picklist(['bird', 'birds', 'leader']) })
]);

export function apply(state: MoaState, seat: Seat, raw: unknown): Result<Applied<MoaState, MoaEntry>> {
	// Input validation (the move's shape, the seat), then the end (M-10.4); every rule in `check`.
	const parsed = v.safeParse(MoveSchema, raw);
	if (!parsed.success) return fail('BAD_MOVE', 'not a Moa move');
	const move = parsed.output as MoaMove;
	if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) return fail('NOT_SEATED', 'no such seat');
	if (state.phase.kind === 'over') return fail('GAME_OVER', 'M-10.4: the game is over');
	const err = check(state, seat, move);
	if (err) return err;
	const s = copyState(state) as Working;
	const log: Log = [];
	perform(s, seat, move, log);
	settle(s, log);
	return ok({ state: s as MoaState, log });
}

function takeLeaderTile(s: Working, seat: Seat, r: Region): TileId | null {
	const t = r.leaderTile;
	if (t) s.leaderTiles[seat].push({ id: t, fresh: true }); // M-8.4
	r.leaderTile = null;
	return t;
}

function perform(s: Working, seat: Seat, move: MoaMove, log: Log): void {
	const x = s.secret;
	switch (move.type) {
		case 'discard': {
			const hand = x.hands[seat];
			for (const c of move.cards) hand.splice(hand.indexOf(c), 1);
			const cards = sortIds(move.cards);
			s.birdDiscard.push(...cards); // M-8.10: face up
			s.owe[seat] = 0;
			log.push({ type: 'discard', seat, cards });
			return;
		}
		case 'drawCard':
		case 'exchange': {
			useKarakia(s, seat, move.tile);
			const want = move.type === 'drawCard' ? 1 : C.exchangeCount;
			let got = 0;
			for (; got < want; got++) {
				const c = drawBird(s, log);
				if (c === null) break;
				x.hands[seat].push(c);
			}
			if (move.type === 'exchange') s.owe[seat] = got; // M-8.6 (settled: as many as drawn)
			log.push({ type: move.type, seat, tile: move.tile, cards: got });
			return;
		}
		case 'decline': {
			const p = s.phase as Extract<Phase, { kind: 'defend' }>;
			log.push({ type: 'declined', seat, region: p.region, auto: false });
			s.phase = { kind: 'busy' };
			askNext(s, p.region, p.card, p.order, log);
			return;
		}
		case 'defend': {
			const p = s.phase as Extract<Phase, { kind: 'defend' }>;
			const r = s.regions[p.region - 1];
			spend(s, seat, move.pay);
			s.taken[seat].tiles.push({ kind: r.mammal!.kind, vp: r.mammal!.vp }); // M-6.6
			r.mammal = null;
			r.stronghold = true;
			log.push({ type: 'defended', seat, region: p.region, card: p.card, pay: move.pay });
			s.phase = { kind: 'busy' };
			return;
		}
		case 'neutral':
			placeNeutral(s, seat, move.region, move.what, false, log);
			return;
		case 'end':
			s.phase = { kind: 'busy' };
			return;
		case 'move': {
			useKarakia(s, seat, move.tile);
			s.regions[move.from - 1].birds[seat] -= move.count;
			s.regions[move.to - 1].birds[seat] += move.count;
			log.push({ type: 'move', seat, tile: move.tile, from: move.from, to: move.to, count: move.count });
			if ((s.phase as Phase & { acted?: boolean }).acted) afterAction(s, seat);
			return;
		}
		case 'stronghold': {
			useKarakia(s, seat, move.tile);
			s.regions[move.region - 1].stronghold = true;
			log.push({ type: 'stronghold', seat, tile: move.tile, region: move.region });
			if ((s.phase as Phase & { acted?: boolean }).acted) afterAction(s, seat);
			return;
		}
		case 'pass':
			log.push({ type: 'pass', seat, auto: false });
			afterAction(s, seat);
			return;
		case 'buy': {
			spend(s, seat, move.pay);
			const tiles: TileId[] = [];
			for (const t of move.types) {
				const id = s.karakiaSupply[t].shift()!; // M-7.7: the lowest id left
				s.karakia[seat].push({ id, fresh: true });
				tiles.push(id);
			}
			log.push({ type: 'buy', seat, tiles, pay: move.pay });
			afterAction(s, seat);
			return;
		}
	}
	const anyRegion = move.anyRegion ?? null;
	if (anyRegion) useKarakia(s, seat, anyRegion);
	const r = s.regions[move.region - 1];
	spend(s, seat, move.pay);
	switch (move.type) {
		case 'place':
			r.birds[seat] += move.birds;
			s.supplyBirds[seat] -= move.birds;
			log.push({ type: 'place', seat, region: r.id, birds: move.birds, pay: move.pay, anyRegion });
			break;
		case 'leader': {
			r.leader = seat;
			s.supplyLeaders[seat]--;
			const tile = takeLeaderTile(s, seat, r);
			log.push({ type: 'leader', seat, region: r.id, pay: move.pay, tile, anyRegion });
			break;
		}
		case 'attack': {
			const m = r.mammal!;
			s.taken[seat].tiles.push({ kind: m.kind, vp: m.vp });
			r.mammal = null;
			r.birds[seat] += move.birds;
			s.supplyBirds[seat] -= move.birds;
			r.stronghold = true; // M-7.5 4
			log.push({ type: 'attack', seat, region: r.id, kind: m.kind, birds: move.birds, pay: move.pay, anyRegion });
			break;
		}
		case 'sell': {
			const price = salePrice(s, move.kind);
			const card = s.display[move.kind].shift()!; // the oldest of the kind
			// a) one own piece stays: a bird if there is one, else the leader.
			const returned = new Array(r.birds.length).fill(0);
			if (r.birds[seat] >= 1) {
				returned[seat] += r.birds[seat] - 1;
				s.supplyBirds[seat] += r.birds[seat] - 1;
				r.birds[seat] = 1;
				if (r.leader === seat) {
					s.supplyLeaders[seat]++;
					r.leader = null;
				}
			}
			// b) another owner's leader goes back to its supply; their birds stay.
			if (r.leader !== null && r.leader !== seat) {
				s.supplyLeaders[r.leader]++;
				r.leader = null;
			}
			r.stronghold = false; // c)
			const leaderTileId = r.leaderTile; // d) out of the game
			if (leaderTileId) s.leaderTilesOut.push(leaderTileId);
			r.leaderTile = null;
			s.taken[seat].cards.push(card); // e)
			r.mammal = { kind: move.kind, side: 'trade', combat: mammal(card).combat, vp: mammal(card).vp }; // f)
			r.sale = { seller: seat, scored: false };
			s.sales++;
			log.push({ type: 'sell', seat, region: r.id, card, price, pay: move.pay, anyRegion, returned, leaderTile: leaderTileId });
			break;
		}
	}
	afterAction(s, seat);
}

