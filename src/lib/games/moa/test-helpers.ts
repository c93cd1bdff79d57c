/**
 * Test helpers for Moa (moa.md, cited M-x.y): a game set up with a fixed start player and colours,
 * a scenario base arranged by hand, and moves that must be accepted or refused. Every helper keeps
 * the conservation of fuzz.ts (`invariantErrors`): cards and tiles are moved, never made. Tests only.
 */
import { expect } from 'vitest';
import { cloneJson } from '$lib/engine';
import { invariantErrors } from './invariants';
import { moa } from './index';
import { BIRD_CARDS, MAMMAL_CARDS, VOLCANO, VOLCANO_TRACK, mammalKind, playerOrder } from './rules';
import type { CardId, Colour, MammalKind, MoaConfig, MoaEntry, MoaMove, MoaState, Payment, Seat, Task, TileId } from './types';
import type { MoaPosition } from './position';

export const SEED = 'moa-test-seed';
export const COLOURS: Colour[] = ['red', 'yellow', 'green', 'blue', 'black'];

/** Setup with its log: seat 0 starts, colours in the data's order (the neutral takes the next one). */
export function started(players = 3, config: Partial<MoaConfig> = {}, seed = SEED): { state: MoaState; log: MoaEntry[] } {
	const r = moa.start({ players, startPlayer: 0, colours: COLOURS.slice(0, players), ...config }, seed);
	if (!r.ok) throw new Error(r.message);
	return r.value;
}

/** A fresh game as setup leaves it: period 1, round 1's terrain cards resolved. */
export const fresh = (players = 3, config: Partial<MoaConfig> = {}, seed = SEED): MoaState => started(players, config, seed).state;

/** The public counts equal to the secret piles again after arranging them. */
export function sync(s: MoaState): void {
	const x = s.secret;
	s.handSize = x.hands.map((h) => h.length);
	s.birdPileLeft = x.birdPile.length;
	s.terrainDeckLeft = x.terrainDeck.length;
	s.mammalDeckLeft = x.mammalDeck.length;
}

/**
 * The scenario base: period 1, round 1, nothing on the board but the 12 leader tiles as dealt, volcano
 * at 0, the display empty (the mammal cards round 1 drew are back on top of the deck), seat 0 (the start player) to take its
 * action; then `f` arranges the position. The result is checked against fuzz.ts's invariants.
 */
export function arrange(players: number, f: (s: MoaState) => void = () => {}, config: Partial<MoaConfig> = {}): MoaState {
	const start = started(players, config);
	const s = cloneJson(start.state);
	const x = s.secret;
	const dealt = (start.log[0] as Extract<MoaEntry, { type: 'start' }>).leaderTiles;
	s.regions.forEach((r, i) => {
		r.mammal = null;
		r.stronghold = false;
		r.sale = null;
		r.leaderTile = dealt[i]; // back from an invasion in round 1 (M-2.2)
	});
	s.leaderTilesOut = [];
	const drawn = [...Object.values(s.display).flat(), ...s.mammalDiscard].sort();
	for (const k of Object.keys(s.display)) s.display[k] = [];
	s.mammalDiscard = [];
	x.mammalDeck = [...drawn, ...x.mammalDeck];
	s.volcano = 0;
	s.erupted = false;
	atTurn(s, s.startPlayer);
	sync(s);
	f(s);
	sync(s);
	expect(invariantErrors(s), 'the arranged position').toEqual([]);
	return s;
}

/** `seat`'s step-B turn now; the seats after it in player order follow, then the end of the round. */
export function atTurn(s: MoaState, seat: Seat, acted = false): void {
	const order = playerOrder(s);
	const rest = order.slice(order.indexOf(seat) + 1);
	const tasks: Task[] = [];
	if (s.neutral) tasks.push({ t: 'neutral', seat });
	if (rest.length) tasks.push({ t: 'turns', seats: rest });
	tasks.push({ t: 'roundEnd' });
	s.tasks = tasks;
	s.phase = { kind: 'turn', seat, acted };
}

/** The last seat of the round to act: its pass ends the round (M-3.2). */
export function lastTurn(s: MoaState): Seat {
	const seat = playerOrder(s).at(-1)!;
	atTurn(s, seat);
	return seat;
}

/** `seat`'s turn (seat 0 unless given) with these two active terrain cards and this hand; then `f`. */
export function turn(players: number, active: [CardId, CardId], cards: CardId[], f: (s: MoaState) => void = () => {}, seat: Seat = 0): MoaState {
	return arrange(players, (x) => {
		terrain(x, ...active);
		atTurn(x, seat);
		hand(x, seat, cards);
		f(x);
	});
}

/**
 * The last turn of a round (its pass ends the round), with the next round's terrain cards on top of
 * the deck; `f` arranges the rest. Passing as `seat` then runs the next round's step A (M-5).
 */
export function nextRound(players: number, left: CardId, right: CardId, f: (s: MoaState) => void = () => {}, config: Partial<MoaConfig> = {}): { s: MoaState; seat: Seat } {
	let seat = 0;
	const s = arrange(
		players,
		(x) => {
			f(x);
			seat = lastTurn(x);
			terrainTop(x, [left, right]);
		},
		config
	);
	return { s, seat };
}

// ---- cards --------------------------------------------------------------------------------------

/** Bird card ids of a species, lowest first, skipping those in `taken` (and adding the result to it). */
export function birds(species: string, count: number, taken: Set<CardId> = new Set()): CardId[] {
	const out = BIRD_CARDS.filter((c) => c.species === species && !taken.has(c.id))
		.slice(0, count)
		.map((c) => c.id);
	if (out.length < count) throw new Error(`only ${out.length} ${species} cards`);
	out.forEach((id) => taken.add(id));
	return out;
}

/** Gives `seat` exactly these bird cards: its old hand goes to the bottom of the pile; the cards come from the pile, the discard pile or another hand (which gets a pile card instead). */
export function hand(s: MoaState, seat: Seat, ids: CardId[]): void {
	const x = s.secret;
	const want = new Set(ids);
	x.birdPile.push(...x.hands[seat]);
	x.hands[seat] = [];
	for (const id of ids) {
		let i = x.birdPile.indexOf(id);
		if (i >= 0) {
			x.birdPile.splice(i, 1);
			continue;
		}
		i = s.birdDiscard.indexOf(id);
		if (i >= 0) {
			s.birdDiscard.splice(i, 1);
			continue;
		}
		const other = x.hands.find((h) => h.includes(id));
		if (!other) throw new Error(`${id}: no such bird card`);
		const j = x.birdPile.findIndex((c) => !want.has(c));
		other[other.indexOf(id)] = x.birdPile.splice(j, 1)[0];
	}
	x.hands[seat] = [...ids];
	sync(s);
}

/** Puts these bird cards on top of the draw pile, in order (from the pile, the discard pile, or a hand that gets a pile card instead). */
export function pileTop(s: MoaState, ids: CardId[]): void {
	const x = s.secret;
	for (const id of ids) {
		const from = x.birdPile.includes(id) ? x.birdPile : s.birdDiscard.includes(id) ? s.birdDiscard : null;
		if (from) from.splice(from.indexOf(id), 1);
		else {
			const h = x.hands.find((h) => h.includes(id))!;
			const j = x.birdPile.findLastIndex((c) => !ids.includes(c));
			h[h.indexOf(id)] = x.birdPile.splice(j, 1)[0];
		}
	}
	x.birdPile.unshift(...ids);
	sync(s);
}

/** Moves every card of the draw pile but `keep` to the discard pile (in pile order). */
export function thinPile(s: MoaState, keep: number): void {
	const x = s.secret;
	s.birdDiscard.push(...x.birdPile.splice(keep));
	sync(s);
}

/** Puts these mammal cards on top of the mammal deck, in order (from the deck, display or discard pile). */
export function mammalTop(s: MoaState, ids: CardId[]): void {
	const x = s.secret;
	for (const id of ids) {
		for (const list of [x.mammalDeck, s.mammalDiscard, ...Object.values(s.display)]) {
			const i = list.indexOf(id);
			if (i >= 0) list.splice(i, 1);
		}
	}
	x.mammalDeck.unshift(...ids);
	sync(s);
}

/** Puts these mammal cards into the display, oldest first (from the deck or the discard pile). */
export function display(s: MoaState, ids: CardId[]): void {
	const x = s.secret;
	for (const id of ids) {
		for (const list of [x.mammalDeck, s.mammalDiscard]) {
			const i = list.indexOf(id);
			if (i >= 0) list.splice(i, 1);
		}
		s.display[mammalCard(id).kind].push(id);
	}
	sync(s);
}

/** Mammal card ids of a kind, lowest first. */
export const mammals = (kind: MammalKind, count: number): CardId[] =>
	MAMMAL_CARDS.filter((c) => c.kind === kind)
		.slice(0, count)
		.map((c) => c.id);
const mammalCard = (id: CardId) => MAMMAL_CARDS.find((c) => c.id === id)!;

/** Makes `left` and `right` the active terrain cards (M-5.3), swapping them with the current two. */
export function terrain(s: MoaState, left: CardId, right: CardId): void {
	const x = s.secret;
	[left, right].forEach((c, k) => {
		const cur = s.active?.[k];
		if (cur === c) return;
		const list = [x.terrainDeck, x.terrainAside, s.terrainDrawn].find((l) => l.includes(c))!;
		const i = list.indexOf(c);
		if (cur === undefined) {
			list.splice(i, 1);
			s.terrainDrawn.push(c);
		} else {
			const p = s.terrainDrawn.lastIndexOf(cur);
			list[i] = cur;
			s.terrainDrawn[p] = c;
		}
		if (s.active) s.active[k] = c;
	});
	s.active = [left, right];
	sync(s);
}

/** Puts these terrain cards on top of the terrain deck (swapping them with set-aside or drawn cards if needed). */
export function terrainTop(s: MoaState, ids: CardId[]): void {
	const x = s.secret;
	ids.forEach((c, k) => {
		const i = x.terrainDeck.indexOf(c);
		if (i >= 0) [x.terrainDeck[i], x.terrainDeck[k]] = [x.terrainDeck[k], x.terrainDeck[i]];
		else {
			const list = x.terrainAside.includes(c) ? x.terrainAside : s.terrainDrawn;
			const j = list.indexOf(c);
			[list[j], x.terrainDeck[k]] = [x.terrainDeck[k], list[j]];
			if (s.active) s.active = s.active.map((a) => (a === c ? list[j] : a)) as [CardId, CardId];
		}
	});
	sync(s);
}

/** The volcano has erupted (M-5.7): the marker on the top space, region 12 empty, its leader tile out. */
export function erupted(s: MoaState): void {
	s.volcano = VOLCANO_TRACK.spaces.length - 1;
	s.erupted = true;
	const r = s.regions[VOLCANO - 1];
	if (r.leaderTile) s.leaderTilesOut.push(r.leaderTile);
	r.leaderTile = null;
}

// ---- the board ----------------------------------------------------------------------------------

/** Puts `birds` birds (and a leader) of `owner` into a region from its supply. */
export function put(s: MoaState, region: number, owner: number, birds: number, leader = false): void {
	const r = s.regions[region - 1];
	r.birds[owner] += birds;
	s.supplyBirds[owner] -= birds;
	if (leader) {
		r.leader = owner;
		s.supplyLeaders[owner]--;
	}
}

/** A mammal tile of `kind` (with its kind's values) in a region; `trade`: sold by `seller`. */
export function tile(s: MoaState, region: number, kind: MammalKind, side: 'attack' | 'trade' = 'attack', seller: Seat = 0): void {
	const k = mammalKind(kind);
	const r = s.regions[region - 1];
	r.mammal = { kind, side, combat: k.combat, vp: k.vp };
	r.sale = side === 'trade' ? { seller, scored: false } : null;
	r.stronghold = false;
}

/** Lays leader tile `id` in `region`, swapping it with the tile lying there (M-2.2). */
export function leaderTileAt(s: MoaState, region: number, id: TileId): void {
	const from = s.regions.find((r) => r.leaderTile === id);
	if (!from) throw new Error(`${id} is not on the board`);
	const r = s.regions[region - 1];
	[from.leaderTile, r.leaderTile] = [r.leaderTile, from.leaderTile];
}

/** Gives `seat` leader tile `id` from the board; `fresh`: gained this turn (M-8.4). */
export function giveLeaderTile(s: MoaState, seat: Seat, id: TileId, fresh = false): void {
	const r = s.regions.find((x) => x.leaderTile === id);
	if (r) r.leaderTile = null;
	else s.leaderTilesOut = s.leaderTilesOut.filter((t) => t !== id);
	s.leaderTiles[seat].push({ id, fresh });
}

/** Gives `seat` karakia tile `id` from its stack; `fresh`: bought this turn (M-8.4). */
export function giveKarakia(s: MoaState, seat: Seat, id: TileId, fresh = false): void {
	for (const k of Object.keys(s.karakiaSupply)) s.karakiaSupply[k] = s.karakiaSupply[k].filter((t) => t !== id);
	s.karakia[seat].push({ id, fresh });
}

export const pay = (cards: CardId[], tiles: TileId[] = []): Payment => ({ cards, tiles });
export const none: Payment = { cards: [], tiles: [] };

// ---- moves --------------------------------------------------------------------------------------

/** Applies a move that must be accepted; the state after it keeps every invariant. */
export function play(s: MoaState, seat: Seat, move: MoaMove): { state: MoaState; log: MoaEntry[] } {
	const r = moa.apply(s, seat, move);
	if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.code}: ${r.message}`);
	expect(invariantErrors(r.value.state), `after ${JSON.stringify(move)}`).toEqual([]);
	return r.value;
}

/** Applies a move that must be refused with `code`, and checks nothing changed. */
export function refused(s: MoaState, seat: Seat, move: unknown, code: string): void {
	const before = JSON.stringify(s);
	const r = moa.apply(s, seat, move);
	expect(r.ok ? 'accepted' : r.code).toBe(code);
	expect(JSON.stringify(s)).toBe(before);
}

export const types = (log: MoaEntry[]): string[] => log.map((e) => e.type);

/** The log entries of one type. */
export const entries = <T extends MoaEntry['type']>(log: MoaEntry[], type: T): Extract<MoaEntry, { type: T }>[] =>
	log.filter((e): e is Extract<MoaEntry, { type: T }> => e.type === type);

// ---- positions (position.ts, docs/positions.md § Moa) ------------------------------------------

/**
 * A game started from a written position (seat 0 the first start player, colours in the data's
 * order), with its start entries; a refused position throws. Prefer it to arranging a state by hand.
 */
export function startedAt(players: number, position: MoaPosition, seed = SEED): { state: MoaState; log: MoaEntry[] } {
	const r = moa.start({ players, startPlayer: 0, colours: COLOURS.slice(0, players), position }, seed);
	if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
	expect(invariantErrors(r.value.state), 'the position').toEqual([]);
	return r.value;
}

export const positioned = (players: number, position: MoaPosition, seed = SEED): MoaState => startedAt(players, position, seed).state;

/** Why the position is refused (`BAD_POSITION: …`), or `accepted`. */
export function refusedPosition(players: number, position: unknown): string {
	const r = moa.start({ players, startPlayer: 0, colours: COLOURS.slice(0, players), position: position as MoaPosition }, SEED);
	return r.ok ? 'accepted' : `${r.code}: ${r.message}`;
}
