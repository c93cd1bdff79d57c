/**
 * Moa's move checks and the rule questions they ask (moa.md M-6, M-7, M-8, M-11.2): pure readers of a
 * state or a view, shared by the engine (engine.ts), the legal moves (legal.ts) and the choices
 * (choices.ts) — which the game page loads through surface.ts without the engine's setup, task queue
 * and move schema.
 */
import { fail, type Failure } from '$lib/engine';
import {
	C,
	KARAKIA_TYPES,
	MAX_CARD_COMBAT,
	isActive,
	isErupted,
	itemSymbols,
	karakiaCost,
	leaderTile,
	owners,
	paid,
	pieces,
	playerOrder,
	regionData,
	salePrice,
	strongholdsLeft,
	usableKarakia,
	usableLeaderTiles
} from './rules';
import type { KarakiaType, MoaMove, Payment, Readable, Region, Seat, Symbol, TileId } from './types';

/** M-8.6: a card can be drawn (draw pile or discard pile not empty). */
export const canDraw = (s: Readable): boolean => s.birdPileLeft > 0 || s.birdDiscard.length > 0;

/** M-6.2: the lowest-numbered region with no mammal tile and no stronghold (never the erupted 12). */
export function invasionTarget(s: Readable): number | null {
	for (const r of s.regions) if (!r.mammal && !r.stronghold && !isErupted(s, r.id)) return r.id;
	return null;
}

/** M-6.4: players with pieces there: more pieces first, then the leader's holder, then player order. */
export function defenceOrder(s: Readable, region: Region): Seat[] {
	const order = playerOrder(s);
	return order
		.filter((seat) => pieces(region, seat) > 0)
		.sort((a, b) => pieces(region, b) - pieces(region, a) || Number(region.leader === b) - Number(region.leader === a) || order.indexOf(a) - order.indexOf(b));
}

/**
 * M-0.4: a defence is impossible, proven from public information alone: (hand size + usable
 * draw-a-card tiles) × the highest combat on any bird card + combat on usable tiles < the combat.
 */
export function defenceImpossible(s: Readable, seat: Seat, combat: number): boolean {
	const draws = usableKarakia(s, seat, 'draw_card').length;
	let tiles = 0;
	for (const t of [...usableLeaderTiles(s, seat), ...usableKarakia(s, seat, 'double_combat')]) tiles += itemSymbols(t).combat;
	return (s.handSize[seat] + draws) * MAX_CARD_COMBAT + tiles < combat;
}

/** The move-birds and stronghold moves `seat` could make now (M-8.6). */
export function afterTiles(s: Readable, seat: Seat): MoaMove[] {
	const out: MoaMove[] = [];
	const move = usableKarakia(s, seat, 'move_birds')[0];
	if (move)
		for (const from of s.regions) {
			if (isErupted(s, from.id) || from.birds[seat] === 0) continue;
			for (const to of s.regions)
				if (to.id !== from.id && !isErupted(s, to.id))
					for (let count = 1; count <= Math.min(C.moveBirdsMax, from.birds[seat]); count++) out.push({ type: 'move', tile: move, from: from.id, to: to.id, count });
		}
	const sh = usableKarakia(s, seat, 'stronghold')[0];
	if (sh && strongholdsLeft(s) > 0) for (const r of s.regions) if (strongholdFits(s, r)) out.push({ type: 'stronghold', tile: sh, region: r.id });
	return out;
}

/** M-8.6 stronghold: no stronghold, no mammal tile, not the erupted region 12. */
export const strongholdFits = (s: Readable, r: Region): boolean => !r.stronghold && !r.mammal && !isErupted(s, r.id);

/** M-11.2: every placement the neutral may get after this roll. */
export function neutralOptions(s: Readable, roll: number): { region: number; what: 'bird' | 'birds' | 'leader' }[] {
	const o = s.players;
	const out: { region: number; what: 'bird' | 'birds' | 'leader' }[] = [];
	const two = isActive(s, roll); // the rolled region's printed terrain, even the erupted 12
	for (const id of [roll, ...regionData(roll).adjacent]) {
		const r = s.regions[id - 1];
		if (r.mammal || isErupted(s, id)) continue;
		if (s.supplyBirds[o] >= 1) out.push({ region: id, what: 'bird' });
		if (two && s.supplyBirds[o] >= C.neutralBirdsIfRolledRegionActive) out.push({ region: id, what: 'birds' });
		if (leaderFits(s, r, o) && s.supplyLeaders[o] >= 1) out.push({ region: id, what: 'leader' });
	}
	return out;
}

/** M-7.4: no mammal tile, no leader; the owner has a bird there and at least as many pieces as each other owner. */
export function leaderFits(s: Readable, r: Region, owner: number): boolean {
	if (r.mammal || r.leader !== null || r.birds[owner] < 1) return false;
	const mine = pieces(r, owner);
	for (let o = 0; o < owners(s); o++) if (o !== owner && pieces(r, o) > mine) return false;
	return true;
}

// M-0.5: the course of the game waits for one decision at a time (and the free moves beside it).
const WRONG_PHASE = (what: string) => fail('WRONG_PHASE', `M-0.5: ${what} is not possible now`);
const NOT_YOURS = () => fail('NOT_YOUR_TURN', 'M-0.5: it is not your turn');

/** What a payment counts (M-8.1) and whether double-combat tiles may join it. */
interface PayRule {
	symbols: Symbol[];
	doubleCombat: boolean;
}
export const PAY: Record<'place' | 'leader' | 'attack' | 'sell' | 'buy' | 'defend', PayRule> = {
	place: { symbols: ['bird'], doubleCombat: false },
	leader: { symbols: ['honour'], doubleCombat: false },
	attack: { symbols: ['combat', 'bird'], doubleCombat: true },
	sell: { symbols: ['honour'], doubleCombat: false },
	buy: { symbols: ['karakia'], doubleCombat: false },
	defend: { symbols: ['combat'], doubleCombat: true }
};

/**
 * M-8.1: cards from the seat's hand, usable symbol leader tiles and (attack, defence) usable
 * double-combat tiles, each at most once. An item that adds none of the counted symbols is accepted
 * and spent with the rest (M-8.2: "Paying more is allowed; nothing is given back. Any number of
 * cards and tiles may be combined"); the composer warns before sending one (`uselessItems`).
 */
export function checkPayment(s: Readable, seat: Seat, pay: Payment, rule: PayRule): Failure | null {
	const hand = s.secret.hands[seat];
	if (!hand) return fail('NOT_YOUR_CARDS', 'M-8.1: those cards are not in your hand');
	if (new Set(pay.cards).size !== pay.cards.length || new Set(pay.tiles).size !== pay.tiles.length) return fail('BAD_PAYMENT', 'M-8.1: a card or tile is paid twice');
	for (const c of pay.cards) if (!hand.includes(c)) return fail('NOT_YOUR_CARDS', 'M-8.1: those cards are not in your hand');
	const leaders = usableLeaderTiles(s, seat);
	const doubles = rule.doubleCombat ? usableKarakia(s, seat, 'double_combat') : [];
	for (const t of pay.tiles) {
		const ok = (leaders.includes(t) && leaderTile(t)?.symbols) || doubles.includes(t);
		if (!ok) return fail('NOT_YOUR_TILE', 'M-8.1, M-8.4: you cannot pay with that tile now');
	}
	return null;
}

/**
 * The cards and tiles of a move's payment that add none of the symbols it counts (M-8.1): allowed
 * and spent (M-8.2), their symbols lost — what the composer warns about before sending.
 */
export function uselessItems(move: MoaMove): Payment {
	if (!('pay' in move)) return { cards: [], tiles: [] };
	const counted = PAY[move.type].symbols;
	const adds = (id: string) => counted.some((k) => itemSymbols(id)[k] > 0);
	return { cards: move.pay.cards.filter((c) => !adds(c)), tiles: move.pay.tiles.filter((t) => !adds(t)) };
}

/**
 * M-7.2, M-8.6: the region an action targets: on the board, not erupted, active or made so by the
 * tile. The tile may be used on an active region too (spent for nothing): no rule forbids it, unlike
 * drawing from an empty pile (M-8.6, settled); `legalMoves` offers it only where it is needed.
 */
function checkTarget(s: Readable, seat: Seat, region: number, anyRegion: TileId | undefined): Failure | null {
	if (!Number.isInteger(region) || region < 1 || region > s.regions.length) return fail('BAD_REGION', 'M-1.1: no such region');
	if (isErupted(s, region)) return fail('ERUPTED', 'M-5.7, M-7.2: the erupted volcano takes nothing');
	if (anyRegion !== undefined) {
		if (!usableKarakia(s, seat, 'any_region').includes(anyRegion)) return fail('NOT_YOUR_TILE', 'M-8.4, M-8.6: you have no usable any-region tile of that id');
		return null;
	}
	if (!isActive(s, region)) return fail('REGION_NOT_ACTIVE', "M-7.2: the region's terrain is not active this round");
	return null;
}

export function check(s: Readable, seat: Seat, move: MoaMove): Failure | null {
	const p = s.phase;
	if (move.type === 'discard') {
		const owe = s.owe[seat];
		if (!owe) return fail('WRONG_PHASE', 'M-8.6: you owe no exchange discard');
		const hand = s.secret.hands[seat] ?? [];
		if (move.cards.length !== owe) return fail('DISCARD_COUNT', `M-8.6: discard exactly ${owe}`);
		if (new Set(move.cards).size !== move.cards.length || move.cards.some((c) => !hand.includes(c))) return fail('NOT_YOUR_CARDS', 'M-8.6: those cards are not in your hand');
		return null;
	}
	// M-8.6: a pending exchange discard comes before any other move of that player.
	if (s.owe[seat] > 0) return fail('DISCARD_FIRST', 'M-0.5, M-8.6: discard the exchanged cards first');
	if (move.type === 'drawCard' || move.type === 'exchange') {
		const type = move.type === 'drawCard' ? 'draw_card' : 'exchange_three';
		if (!usableKarakia(s, seat, type).includes(move.tile)) return fail('NOT_YOUR_TILE', 'M-8.4, M-8.6: you have no usable tile of that id');
		if (!canDraw(s)) return fail('NOTHING_TO_DRAW', 'M-8.6 (settled): no bird card can be drawn');
		return null;
	}
	if (move.type === 'defend' || move.type === 'decline') {
		if (p.kind !== 'defend') return WRONG_PHASE('a defence');
		if (p.seat !== seat) return NOT_YOURS();
		if (move.type === 'decline') return null;
		const bad = checkPayment(s, seat, move.pay, PAY.defend);
		if (bad) return bad;
		const combat = s.regions[p.region - 1].mammal!.combat;
		if (paid(move.pay).combat < combat) return fail('TOO_FEW_SYMBOLS', `M-6.5, M-8.2: the defence needs ${combat} combat`);
		return null;
	}
	if (move.type === 'neutral') {
		if (p.kind !== 'neutral') return WRONG_PHASE('a neutral placement');
		if (p.seat !== seat) return NOT_YOURS();
		if (!neutralOptions(s, p.roll).some((o) => o.region === move.region && o.what === move.what)) return fail('BAD_NEUTRAL', 'M-11.2: the neutral cannot be placed so');
		return null;
	}
	if (p.kind !== 'turn') return WRONG_PHASE('that');
	if (p.seat !== seat) return NOT_YOURS();
	switch (move.type) {
		case 'end':
			return p.acted ? null : fail('ACTION_FIRST', 'M-0.5, M-7.1: take your action first (or pass)');
		case 'move': {
			if (!usableKarakia(s, seat, 'move_birds').includes(move.tile)) return fail('NOT_YOUR_TILE', 'M-8.4, M-8.6: you have no usable move-birds tile of that id');
			for (const r of [move.from, move.to]) if (!Number.isInteger(r) || r < 1 || r > s.regions.length) return fail('BAD_REGION', 'M-1.1: no such region');
			if (move.from === move.to) return fail('BAD_REGION', 'M-8.6: move to another region');
			if (isErupted(s, move.from) || isErupted(s, move.to)) return fail('ERUPTED', 'M-8.6: the erupted volcano takes nothing');
			if (!Number.isInteger(move.count) || move.count < 1 || move.count > C.moveBirdsMax) return fail('BAD_COUNT', `M-8.6: move 1 to ${C.moveBirdsMax} birds`);
			if (s.regions[move.from - 1].birds[seat] < move.count) return fail('NO_BIRDS_THERE', 'M-8.6: you have not so many birds there');
			return null;
		}
		case 'stronghold': {
			if (!usableKarakia(s, seat, 'stronghold').includes(move.tile)) return fail('NOT_YOUR_TILE', 'M-8.4, M-8.6: you have no usable stronghold tile of that id');
			if (!Number.isInteger(move.region) || move.region < 1 || move.region > s.regions.length) return fail('BAD_REGION', 'M-1.1: no such region');
			if (!strongholdFits(s, s.regions[move.region - 1]) || strongholdsLeft(s) < 1) return fail('NO_STRONGHOLD_HERE', 'M-8.6 (settled): a stronghold cannot go there');
			return null;
		}
	}
	if (p.acted) return fail('ALREADY_ACTED', 'M-7.1: you have taken your action this turn');
	switch (move.type) {
		case 'pass':
			return null;
		case 'buy': {
			const types = move.types as KarakiaType[];
			if (types.length < 1 || types.length > C.karakiaPerPurchaseMax) return fail('BAD_COUNT', `M-7.7: buy 1 to ${C.karakiaPerPurchaseMax} tiles`);
			if (new Set(types).size !== types.length) return fail('SAME_TYPE', 'M-7.7: the tiles must be of different types');
			// Only the data's types: a key such as "constructor" must not reach the stacks (an object).
			if (types.some((t) => !KARAKIA_TYPES.some((k) => k.id === t))) return fail('NO_SUCH_TYPE', 'M-1.7: no such karakia type');
			for (const t of types) if (!s.karakiaSupply[t]?.length) return fail('SOLD_OUT', `M-7.7: no ${t} tile is left`);
			const bad = checkPayment(s, seat, move.pay, PAY.buy);
			if (bad) return bad;
			const cost = types.reduce((a, t) => a + karakiaCost(t), 0);
			if (paid(move.pay).karakia < cost) return fail('TOO_FEW_SYMBOLS', `M-7.7, M-8.2: the tiles cost ${cost} karakia`);
			return null;
		}
	}
	const target = checkTarget(s, seat, move.region, move.anyRegion);
	if (target) return target;
	const r = s.regions[move.region - 1];
	switch (move.type) {
		case 'place': {
			if (r.mammal) return fail('REGION_CLOSED', 'M-7.3: no birds go where a mammal tile lies');
			const bad = checkPayment(s, seat, move.pay, PAY.place);
			if (bad) return bad;
			const max = Math.min(paid(move.pay).bird, s.supplyBirds[seat]);
			if (!Number.isInteger(move.birds) || move.birds < 1 || move.birds > max) return fail('BAD_COUNT', `M-7.3: place 1 to ${max} birds`);
			return null;
		}
		case 'leader': {
			if (s.supplyLeaders[seat] < 1) return fail('NO_LEADER_LEFT', 'M-7.4: you have no leader in your supply');
			if (!leaderFits(s, r, seat)) return fail('NO_LEADER_HERE', 'M-7.4: you need a bird there, at least as many pieces as each other player, no leader and no mammal tile');
			const bad = checkPayment(s, seat, move.pay, PAY.leader);
			if (bad) return bad;
			if (paid(move.pay).honour < C.leaderHonourCost) return fail('TOO_FEW_SYMBOLS', `M-7.4, M-8.2: a leader costs ${C.leaderHonourCost} honour`);
			return null;
		}
		case 'attack': {
			if (!r.mammal || r.mammal.side !== 'attack') return fail('NOT_INVADED', 'M-7.5: only an invaded region can be attacked');
			const bad = checkPayment(s, seat, move.pay, PAY.attack);
			if (bad) return bad;
			const sum = paid(move.pay);
			if (sum.combat < r.mammal.combat) return fail('TOO_FEW_SYMBOLS', `M-7.5, M-8.2: the attack needs ${r.mammal.combat} combat`);
			const max = Math.min(sum.bird, s.supplyBirds[seat]);
			if (!Number.isInteger(move.birds) || move.birds < 0 || move.birds > max) return fail('BAD_COUNT', `M-7.5: place 0 to ${max} birds`);
			return null;
		}
		case 'sell': {
			if (r.mammal) return fail('REGION_CLOSED', 'M-7.6: a region with a mammal tile cannot be sold');
			if (pieces(r, seat) < 1) return fail('NO_PIECE_THERE', 'M-7.6: you need a piece there to sell it');
			if (!s.display[move.kind]?.length) return fail('NOT_IN_DISPLAY', 'M-7.6: no card of that kind is in the display');
			const bad = checkPayment(s, seat, move.pay, PAY.sell);
			if (bad) return bad;
			const price = salePrice(s, move.kind);
			if (paid(move.pay).honour < price) return fail('TOO_FEW_SYMBOLS', `M-7.6, M-8.2: the sale costs ${price} honour`);
			return null;
		}
	}
	return null;
}
