/**
 * The Moa engine (moa.md): setup (M-2, M-0.3), the course of a period (M-3 … M-10), invasions
 * (M-6), actions (M-7), tiles (M-8), the 2-player neutral (M-11), the automatic steps and forced
 * decisions (M-0.4, M-0.5) and views (M-0.1, M-0.2). Pure: `apply` copies its input and never reads a
 * clock or a global random source; a refused move is a value.
 *
 * Everything between two decisions runs from `tasks`, a queue of what happens next, until somebody
 * must be asked (`phase`). So an invasion that waits for a defence in the middle of the left terrain
 * card simply leaves the rest of the card, the right card and the round's turns in the queue.
 */
import * as v from 'valibot';
import { below, cloneJson, commitSeed, fail, ok, seedRng, type Applied, type Failure, type Result, type RngState } from '$lib/engine';
import {
	BIRD_DECK,
	C,
	COLOURS,
	DISPLAY_KINDS,
	ERUPTION_SPACE,
	KARAKIA_TILES,
	LEADER_TILES,
	MAMMAL_DECK,
	MAMMAL_KINDS,
	PER_COLOUR,
	PLAYERS,
	REGIONS,
	TERRAIN_DECK,
	VOLCANO,
	bird,
	isErupted,
	karakiaType,
	leaderTile,
	mammal,
	mammalKind,
	playerOrder,
	salePrice,
	scoreRegion,
	terrainCard,
	usableKarakia,
	usableLeaderTiles
} from './rules';
import { afterTiles, canDraw, check, defenceImpossible, defenceOrder, invasionTarget, leaderFits, neutralOptions } from './checks';
import type {
	CardId,
	Colour,
	MammalKind,
	MoaConfig,
	MoaEntry,
	MoaMove,
	MoaState,
	MoaView,
	Payment,
	PeriodScore,
	Phase,
	Region,
	Seat,
	Task,
	TileId,
	Viewer
} from './types';

type Log = MoaEntry[];
/** While tasks run, nobody is asked (`busy`); `settle` always ends in a phase that asks someone, or over. */
type Working = MoaState;

// ---- randomness (M-0.3) --------------------------------------------------------------------------

/** M-0.3: Fisher–Yates from the end, with the engine's `below`. */
export function shuffle<T>(items: readonly T[], rng: RngState): T[] {
	const a = [...items];
	for (let i = a.length - 1; i >= 1; i--) {
		const j = below(rng, i + 1);
		[a[i], a[j]] = [a[j], a[i]];
	}
	return a;
}

/**
 * M-0.3: the draws at creation, in the settled order: leader tiles (B), the mammal deck (E), colours
 * (F, in seat order), the start player (G). The period's bird and terrain shuffles follow from the
 * returned generator. The verifier (verify.ts) replays the game from the same function.
 */
export function creationDraws(config: MoaConfig, seed: string): { leaderTiles: TileId[]; mammalDeck: CardId[]; colours: Colour[]; firstPlayer: Seat; rng: RngState } {
	const n = config.players;
	const rng = seedRng(seed);
	const leaderTiles = shuffle(
		LEADER_TILES.map((t) => t.id),
		rng
	);
	const mammalDeck = shuffle(MAMMAL_DECK, rng);
	const colours: (Colour | null)[] = Array.from({ length: n }, (_, i) => config.colours?.[i] ?? null);
	const free = COLOURS.filter((c) => !colours.includes(c));
	for (let seat = 0; seat < n; seat++) if (colours[seat] === null) colours[seat] = free.splice(below(rng, free.length), 1)[0];
	const firstPlayer = config.startPlayer ?? below(rng, n);
	// The neutral (M-11.1) takes the first colour not in play, in the data's order: no draw.
	if (n === 2) colours.push(free[0]);
	return { leaderTiles, mammalDeck, colours: colours as Colour[], firstPlayer, rng };
}

function checkConfig(config: MoaConfig): Failure | null {
	const n = config?.players;
	const min = PLAYERS.twoPlayerVariant ? 2 : PLAYERS.min;
	if (!Number.isInteger(n) || n < min || n > PLAYERS.max) return fail('BAD_CONFIG', `M-2.1, M-11: Moa is for ${min} to ${PLAYERS.max} players`);
	if (config.startPlayer !== undefined && !(Number.isInteger(config.startPlayer) && config.startPlayer >= 0 && config.startPlayer < n))
		return fail('BAD_CONFIG', 'the start player must be a seat');
	if (config.colours !== undefined) {
		if (!Array.isArray(config.colours) || config.colours.length > n) return fail('BAD_CONFIG', 'one colour per seat at most');
		const chosen = config.colours.filter((c) => c !== null);
		if (chosen.some((c) => !COLOURS.includes(c as Colour)) || new Set(chosen).size !== chosen.length) return fail('BAD_CONFIG', 'colours must be distinct colours of the game');
	}
	return null;
}

export function setupWithLog(config: MoaConfig, seed: string): Result<Applied<MoaState, MoaEntry>> {
	const bad = checkConfig(config);
	if (bad) return bad;
	if (typeof seed !== 'string' || seed.length === 0) return fail('BAD_SEED', 'the seed must be a non-empty string');
	const n = config.players;
	const d = creationDraws(config, seed);
	const neutral = n === 2;
	const o = n + (neutral ? 1 : 0);
	const zeros = (k: number) => new Array<number>(k).fill(0);
	const s: Working = {
		players: n,
		neutral,
		colours: d.colours,
		seedCommitment: commitSeed(seed),
		firstPlayer: d.firstPlayer,
		startPlayer: d.firstPlayer,
		period: 0,
		round: 0,
		phase: { kind: 'busy' },
		tasks: [{ t: 'period' }],
		// M-2.2: the i-th shuffled tile goes to region i.
		regions: REGIONS.map((r, i) => ({ id: r.id, birds: zeros(o), leader: null, leaderTile: d.leaderTiles[i], stronghold: false, mammal: null, sale: null })),
		volcano: 0, // M-2.3
		erupted: false,
		vp: zeros(n), // M-2.6
		sales: 0,
		display: Object.fromEntries(DISPLAY_KINDS.map((k) => [k, []])), // M-2.5
		mammalDiscard: [],
		mammalDeckLeft: d.mammalDeck.length,
		taken: Array.from({ length: n }, () => ({ tiles: [], cards: [] })),
		supplyBirds: new Array(o).fill(PER_COLOUR.birds), // M-2.6
		supplyLeaders: new Array(o).fill(PER_COLOUR.leaders),
		leadersOut: zeros(o),
		leaderTiles: Array.from({ length: n }, () => []),
		leaderTilesOut: [],
		karakia: Array.from({ length: n }, () => []),
		karakiaSupply: Object.fromEntries(KARAKIA_TILES.reduce((m, t) => m.set(t.type, [...(m.get(t.type) ?? []), t.id]), new Map<string, string[]>())), // M-2.4
		active: null,
		terrainDrawn: [],
		terrainDeckLeft: 0,
		handSize: zeros(n),
		birdPileLeft: 0,
		birdDiscard: [],
		owe: zeros(n),
		periodScores: [],
		secret: { seed, rng: d.rng, hands: Array.from({ length: n }, () => []), birdPile: [], terrainDeck: [], terrainAside: [], mammalDeck: d.mammalDeck }
	};
	const log: Log = [{ type: 'start', colours: d.colours, firstPlayer: d.firstPlayer, leaderTiles: d.leaderTiles, neutral }];
	settle(s, log);
	return ok({ state: s as MoaState, log });
}

// ---- small state operations ----------------------------------------------------------------------

const sortIds = (ids: string[]): string[] => [...ids].sort();

function syncCounts(s: Working): void {
	s.handSize = s.secret.hands.map((h) => h.length);
	s.birdPileLeft = s.secret.birdPile.length;
	s.terrainDeckLeft = s.secret.terrainDeck.length;
	s.mammalDeckLeft = s.secret.mammalDeck.length;
}

/** M-8.8: the top bird card; an empty pile is refilled from the shuffled discard pile first. */
function drawBird(s: Working, log: Log): CardId | null {
	const x = s.secret;
	if (x.birdPile.length === 0) {
		if (s.birdDiscard.length === 0) return null;
		x.birdPile = shuffle(s.birdDiscard, x.rng);
		log.push({ type: 'birdReshuffle', cards: s.birdDiscard.length });
		s.birdDiscard = [];
	}
	return x.birdPile.shift()!;
}

/** Pays: cards to the discard pile (ascending ids, M-0.3), leader tiles out of the game (M-8.3), karakia back to their stack (M-8.5). */
function spend(s: Working, seat: Seat, pay: Payment): void {
	const hand = s.secret.hands[seat];
	for (const c of pay.cards) hand.splice(hand.indexOf(c), 1);
	s.birdDiscard.push(...sortIds(pay.cards));
	for (const t of pay.tiles) {
		if (karakiaType(t)) useKarakia(s, seat, t);
		else {
			s.leaderTiles[seat] = s.leaderTiles[seat].filter((x) => x.id !== t);
			s.leaderTilesOut.push(t); // M-8.3
		}
	}
}

/** M-8.5: a used karakia tile goes back onto its type's stack. */
function useKarakia(s: Working, seat: Seat, tile: TileId): void {
	s.karakia[seat] = s.karakia[seat].filter((x) => x.id !== tile);
	const type = karakiaType(tile)!;
	s.karakiaSupply[type] = sortIds([...s.karakiaSupply[type], tile]);
}

// ---- the course of the game (tasks) --------------------------------------------------------------

function settle(s: Working, log: Log): void {
	while (s.phase.kind === 'busy') {
		const task = s.tasks.shift();
		if (!task) throw new Error('moa: nothing left to do in a running game');
		run(s, task, log);
	}
	syncCounts(s);
}

function run(s: Working, task: Task, log: Log): void {
	switch (task.t) {
		case 'period':
			return startPeriod(s, log);
		case 'terrain':
			return startRound(s, log);
		case 'instruction':
			return instruction(s, task.card, task.index, log);
		case 'draw':
			return drawMammal(s, task.left, log);
		case 'invade':
			return invade(s, task.cards, log);
		case 'turns':
			return nextTurn(s, task.seats, log);
		case 'neutral':
			return neutralRoll(s, task.seat, log);
		case 'roundEnd':
			return roundEnd(s);
		case 'scoring':
			return scoring(s, log);
	}
}

/** M-4: a new period: all 60 bird cards shuffled and 9 dealt to each, all 30 terrain cards shuffled. */
function startPeriod(s: Working, log: Log): void {
	const x = s.secret;
	s.period++;
	s.round = 0;
	// M-0.3: the full shuffles of a period are fresh piles in the data's order.
	const birds = shuffle(BIRD_DECK, x.rng);
	// M-4.1 (settled): blocks of 9 from the top, from the start player clockwise.
	for (const seat of playerOrder(s)) x.hands[seat] = birds.splice(0, C.handSize);
	x.birdPile = birds;
	s.birdDiscard = [];
	const terrain = shuffle(TERRAIN_DECK, x.rng);
	x.terrainAside = terrain.slice(0, C.terrainSetAsidePerPeriod); // M-4.2
	x.terrainDeck = terrain.slice(C.terrainSetAsidePerPeriod);
	s.terrainDrawn = [];
	s.active = null;
	log.push({ type: 'period', period: s.period });
	s.tasks.unshift({ t: 'terrain' });
}

/** M-5.1, M-5.2: the round's two terrain cards, then their instructions (left first), the turns and the end of the round. */
function startRound(s: Working, log: Log): void {
	s.round++;
	log.push({ type: 'round', period: s.period, round: s.round, startPlayer: s.startPlayer });
	const deck = s.secret.terrainDeck;
	const left = deck.shift()!;
	const right = deck.shift()!;
	s.active = [left, right];
	s.terrainDrawn.push(left, right);
	log.push({ type: 'terrain', left, right });
	const tasks: Task[] = [];
	for (const card of [left, right]) terrainCard(card).instructions.forEach((_, index) => tasks.push({ t: 'instruction', card, index }));
	tasks.push({ t: 'turns', seats: playerOrder(s) }, { t: 'roundEnd' });
	s.tasks.unshift(...tasks);
}

function instruction(s: Working, card: CardId, index: number, log: Log): void {
	const ins = terrainCard(card).instructions[index];
	if (ins.kind === 'draw_mammals') s.tasks.unshift({ t: 'draw', left: ins.count }); // M-5.4
	else if (ins.kind === 'mammals_attack') {
		// M-5.5: every card of the kind in the display, oldest first.
		const cards = [...(s.display[ins.mammal] ?? [])];
		if (cards.length) {
			log.push({ type: 'attackOrder', kind: ins.mammal, cards: cards.length });
			s.tasks.unshift({ t: 'invade', cards });
		}
	} else moveVolcano(s, log);
}

/** M-5.6, M-5.7 */
function moveVolcano(s: Working, log: Log): void {
	if (s.erupted) return;
	s.volcano++;
	log.push({ type: 'volcano', space: s.volcano });
	if (s.volcano === ERUPTION_SPACE) erupt(s, log);
}

function erupt(s: Working, log: Log): void {
	const r = s.regions[VOLCANO - 1];
	const birds = r.birds.slice();
	for (let o = 0; o < r.birds.length; o++) {
		s.supplyBirds[o] += r.birds[o];
		r.birds[o] = 0;
	}
	const leader = r.leader;
	if (leader !== null) s.supplyLeaders[leader]++; // not lost, unlike an invasion
	r.leader = null;
	const entry: MoaEntry = { type: 'eruption', birds, leader, leaderTile: r.leaderTile, mammal: r.mammal?.kind ?? null, stronghold: r.stronghold };
	if (r.leaderTile) s.leaderTilesOut.push(r.leaderTile);
	r.leaderTile = null;
	r.mammal = null;
	r.sale = null; // the sale still counts in the sale price (M-5.7: `sales` keeps it)
	r.stronghold = false;
	s.erupted = true;
	log.push(entry);
}

/** M-5.4: one mammal card at a time; a weasel attacks at once, before the next is drawn. */
function drawMammal(s: Working, left: number, log: Log): void {
	if (left <= 0) return;
	const x = s.secret;
	if (x.mammalDeck.length === 0) {
		if (s.mammalDiscard.length === 0) {
			log.push({ type: 'noMammal' });
			return;
		}
		x.mammalDeck = shuffle(s.mammalDiscard, x.rng);
		log.push({ type: 'mammalReshuffle', cards: s.mammalDiscard.length });
		s.mammalDiscard = [];
	}
	const card = x.mammalDeck.shift()!;
	log.push({ type: 'mammal', card });
	const kind = mammal(card).kind;
	const next: Task[] = [];
	if (mammalKind(kind).entersDisplay) s.display[kind].push(card);
	else next.push({ t: 'invade', cards: [card] });
	if (left > 1) next.push({ t: 'draw', left: left - 1 });
	s.tasks.unshift(...next);
}

function removeFromDisplay(s: Working, card: CardId): void {
	const k = mammal(card).kind;
	if (s.display[k]) s.display[k] = s.display[k].filter((c) => c !== card);
}

/** M-6.2–M-6.8: the first of `cards` attacks; the rest wait in the queue. */
function invade(s: Working, cards: CardId[], log: Log): void {
	if (cards.length === 0) return;
	const [card, ...rest] = cards;
	let target = invasionTarget(s);
	if (target === null && s.regions.some((r) => r.stronghold)) {
		for (const r of s.regions) r.stronghold = false;
		log.push({ type: 'strongholdsBack' });
		target = invasionTarget(s);
	}
	if (target === null) {
		for (const c of cards) removeFromDisplay(s, c);
		s.mammalDiscard.push(...sortIds(cards)); // M-0.3 (settled): discarded together, ascending ids
		log.push({ type: 'noTarget', cards });
		return;
	}
	removeFromDisplay(s, card);
	const m = mammal(card);
	const region = s.regions[target - 1];
	region.mammal = { kind: m.kind, side: 'attack', combat: m.combat, vp: m.vp }; // M-6.3
	s.mammalDiscard.push(card);
	log.push({ type: 'invasion', card, region: target });
	if (rest.length) s.tasks.unshift({ t: 'invade', cards: rest });
	askNext(s, target, card, defenceOrder(s, region), log);
}

function askNext(s: Working, region: number, card: CardId, order: Seat[], log: Log): void {
	const combat = s.regions[region - 1].mammal!.combat;
	while (order.length) {
		const [seat, ...rest] = order;
		syncCounts(s);
		if (!defenceImpossible(s, seat, combat)) {
			s.phase = { kind: 'defend', seat, region, card, order: rest };
			return;
		}
		log.push({ type: 'declined', seat, region, auto: true });
		order = rest;
	}
	undefended(s, region, log);
}

/** M-6.7: nobody defended. */
function undefended(s: Working, id: number, log: Log): void {
	const r = s.regions[id - 1];
	const birds = r.birds.slice();
	for (let o = 0; o < r.birds.length; o++) {
		s.supplyBirds[o] += r.birds[o];
		r.birds[o] = 0;
	}
	const leader = r.leader;
	if (leader !== null) s.leadersOut[leader]++; // out of the game
	r.leader = null;
	const leaderTile = r.leaderTile;
	if (leaderTile) s.leaderTilesOut.push(leaderTile);
	r.leaderTile = null;
	log.push({ type: 'invaded', region: id, birds, leader, leaderTile });
	s.phase = { kind: 'busy' };
}

/** M-7.1: the next seat's step-B turn; in the 2-player game the neutral follows it (M-11.2). */
function nextTurn(s: Working, seats: Seat[], log: Log): void {
	if (seats.length === 0) return;
	const [seat, ...rest] = seats;
	const next: Task[] = [];
	if (s.neutral) next.push({ t: 'neutral', seat });
	if (rest.length) next.push({ t: 'turns', seats: rest });
	s.tasks.unshift(...next);
	// M-8.4: tiles gained earlier become usable now.
	for (const t of s.leaderTiles[seat]) t.fresh = false;
	for (const t of s.karakia[seat]) t.fresh = false;
	log.push({ type: 'turn', seat });
	// M-0.4: a pass is automatic only for a player with no bird card, no usable symbol leader tile and no usable karakia tile.
	const symbolTiles = usableLeaderTiles(s, seat).filter((t) => leaderTile(t)?.symbols);
	if (s.secret.hands[seat].length === 0 && symbolTiles.length === 0 && usableKarakia(s, seat).length === 0) {
		log.push({ type: 'pass', seat, auto: true });
		return;
	}
	s.phase = { kind: 'turn', seat, acted: false };
}

/** After the action: the turn waits only for a usable move-birds or stronghold tile (M-0.5). */
function afterAction(s: Working, seat: Seat): void {
	s.phase = afterTiles(s, seat).length ? { kind: 'turn', seat, acted: true } : { kind: 'busy' };
}

/** M-11.2: the d12 roll after a turn, then the neutral's placement. */
function neutralRoll(s: Working, seat: Seat, log: Log): void {
	const roll = 1 + below(s.secret.rng, C.neutralDieSides);
	log.push({ type: 'roll', seat, roll });
	const options = neutralOptions(s, roll);
	if (options.length === 0) {
		log.push({ type: 'noNeutral' });
		return;
	}
	if (options.length === 1) {
		placeNeutral(s, seat, options[0].region, options[0].what, true, log);
		return;
	}
	s.phase = { kind: 'neutral', seat, roll };
}

function placeNeutral(s: Working, seat: Seat, id: number, what: 'bird' | 'birds' | 'leader', auto: boolean, log: Log): void {
	const o = s.players;
	const r = s.regions[id - 1];
	let birds = 0;
	let leaderTileId: TileId | null = null;
	if (what === 'leader') {
		r.leader = o;
		s.supplyLeaders[o]--;
		leaderTileId = r.leaderTile; // removed from the game (M-11.2)
		if (leaderTileId) s.leaderTilesOut.push(leaderTileId);
		r.leaderTile = null;
	} else {
		birds = what === 'birds' ? C.neutralBirdsIfRolledRegionActive : C.neutralBirdsBase;
		r.birds[o] += birds;
		s.supplyBirds[o] -= birds;
	}
	log.push({ type: 'neutral', seat, region: id, birds, leader: what === 'leader', leaderTile: leaderTileId, auto });
	s.phase = { kind: 'busy' };
}

/** M-3.2 C, M-3.3: the marker passes after every round; after round 7 the scoring follows. */
function roundEnd(s: Working): void {
	s.startPlayer = (s.startPlayer + 1) % s.players;
	s.tasks.unshift(s.round < C.roundsPerPeriod ? { t: 'terrain' } : { t: 'scoring' });
}

/** M-9 scoring, then M-10 clean-up (period 1) or the end (period 2). */
function scoring(s: Working, log: Log): void {
	const n = s.players;
	const regionScores = [];
	const byRegion = new Array(n).fill(0);
	for (const r of s.regions) {
		if (isErupted(s, r.id)) continue; // M-5.7
		const points = scoreRegion(s, r);
		regionScores.push({ region: r.id, points });
		for (let seat = 0; seat < n; seat++) byRegion[seat] += points[seat]; // the neutral's are not recorded (M-11.4)
	}
	// M-9.7: taken mammal tiles and sold cards; the cards go to the discard pile in player order.
	const mammals = new Array(n).fill(0);
	for (const seat of playerOrder(s)) {
		const t = s.taken[seat];
		for (const tile of t.tiles) mammals[seat] += tile.vp;
		for (const c of t.cards) mammals[seat] += mammal(c).vp;
		s.mammalDiscard.push(...sortIds(t.cards));
		s.taken[seat] = { tiles: [], cards: [] };
	}
	for (const r of s.regions) if (r.sale) r.sale.scored = true;
	// M-9.8: VP leader tiles score and leave the game.
	const tiles = new Array(n).fill(0);
	for (let seat = 0; seat < n; seat++) {
		for (const t of s.leaderTiles[seat]) {
			const vp = leaderTile(t.id)?.vp;
			if (vp === undefined) continue;
			tiles[seat] += vp;
			s.leaderTilesOut.push(t.id);
		}
		s.leaderTiles[seat] = s.leaderTiles[seat].filter((t) => leaderTile(t.id)?.vp === undefined);
	}
	const period: PeriodScore[] = [];
	for (let seat = 0; seat < n; seat++) {
		s.vp[seat] += byRegion[seat] + mammals[seat] + tiles[seat];
		period.push({ regions: byRegion[seat], mammals: mammals[seat], leaderTiles: tiles[seat] });
	}
	s.periodScores.push(period);
	log.push({ type: 'scoring', period: s.period, regions: regionScores, mammals, leaderTiles: tiles });
	if (s.period < C.periods) {
		// M-10.1: the hands to the discard pile, face up, in player order; M-10.2: strongholds back.
		const discarded: CardId[][] = s.secret.hands.map(() => []);
		for (const seat of playerOrder(s)) {
			discarded[seat] = sortIds(s.secret.hands[seat]);
			s.birdDiscard.push(...discarded[seat]);
			s.secret.hands[seat] = [];
		}
		for (const r of s.regions) r.stronghold = false;
		s.active = null;
		s.owe = s.owe.map(() => 0);
		log.push({ type: 'cleanup', discarded });
		s.tasks.unshift({ t: 'period' });
		return;
	}
	// M-10.4: the game ends after the scoring of period 2; every secret is revealed (M-0.2).
	s.phase = { kind: 'over' };
	const x = s.secret;
	// The seed itself is never logged (the platform's contract): the view and the export reveal it.
	log.push({ type: 'end' }, { type: 'reveal', hands: cloneJson(x.hands), terrainAside: [...x.terrainAside], terrainDeck: [...x.terrainDeck], mammalDeck: [...x.mammalDeck], birdPile: [...x.birdPile] });
}

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

/**
 * A deep copy, field by field (apply never touches its input). Arrays are copied by spreading, not
 * `slice()`: V8 slices a frozen array (the fuzzer freezes every state) about 50 times slower.
 */
export function copyState(s: MoaState): MoaState {
	return { ...copyPublic(s), secret: copySecret(s.secret) };
}

/** Everything but the secret, copied (a view never copies what it drops). */
function copyPublic(s: MoaState): Omit<MoaState, 'secret'> {
	const { secret: _secret, ...rest } = s;
	return {
		...rest,
		colours: [...s.colours],
		phase: s.phase.kind === 'defend' ? { ...s.phase, order: [...s.phase.order] } : { ...s.phase },
		tasks: s.tasks.map((t) => (t.t === 'invade' ? { ...t, cards: [...t.cards] } : t.t === 'turns' ? { ...t, seats: [...t.seats] } : { ...t })),
		regions: s.regions.map((r) => ({ ...r, birds: [...r.birds], mammal: r.mammal && { ...r.mammal }, sale: r.sale && { ...r.sale } })),
		vp: [...s.vp],
		display: Object.fromEntries(Object.entries(s.display).map(([k, c]) => [k, [...c]])),
		mammalDiscard: [...s.mammalDiscard],
		taken: s.taken.map((t) => ({ tiles: t.tiles.map((x) => ({ ...x })), cards: [...t.cards] })),
		supplyBirds: [...s.supplyBirds],
		supplyLeaders: [...s.supplyLeaders],
		leadersOut: [...s.leadersOut],
		leaderTiles: s.leaderTiles.map((l) => l.map((t) => ({ ...t }))),
		leaderTilesOut: [...s.leaderTilesOut],
		karakia: s.karakia.map((l) => l.map((t) => ({ ...t }))),
		karakiaSupply: Object.fromEntries(Object.entries(s.karakiaSupply).map(([k, c]) => [k, [...c]])),
		active: s.active && [s.active[0], s.active[1]],
		terrainDrawn: [...s.terrainDrawn],
		handSize: [...s.handSize],
		birdDiscard: [...s.birdDiscard],
		owe: [...s.owe],
		periodScores: s.periodScores.map((p) => p.map((x) => ({ ...x })))
	};
}

function copySecret(x: MoaState['secret']): MoaState['secret'] {
	return {
		seed: x.seed,
		rng: [x.rng[0], x.rng[1], x.rng[2], x.rng[3]],
		hands: x.hands.map((h) => [...h]),
		birdPile: [...x.birdPile],
		terrainDeck: [...x.terrainDeck],
		terrainAside: [...x.terrainAside],
		mammalDeck: [...x.mammalDeck]
	};
}

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

// The rule questions live in checks.ts (the board imports them without the engine); re-exported here.
export { afterTiles, canDraw, check, checkPayment, defenceImpossible, defenceOrder, invasionTarget, leaderFits, neutralOptions, PAY, strongholdFits } from './checks';

// ---- views ---------------------------------------------------------------------------------------

/** M-0.1, M-0.2: everything public; of the secrets only the viewer's own hand, and all at the end. */
export function view(s: MoaState, viewer: Viewer): MoaView {
	const over = s.phase.kind === 'over';
	const x = s.secret;
	const pub = copyPublic(s);
	return {
		...pub,
		viewer,
		secret: {
			seed: over ? x.seed : null,
			hands: x.hands.map((h, seat) => (over || seat === viewer ? h.slice() : null)),
			birdPile: over ? x.birdPile.slice() : null,
			terrainDeck: over ? x.terrainDeck.slice() : null,
			terrainAside: over ? x.terrainAside.slice() : null,
			mammalDeck: over ? x.mammalDeck.slice() : null
		}
	};
}
