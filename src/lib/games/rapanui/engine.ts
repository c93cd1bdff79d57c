/**
 * The Rapa Nui engine (rapanui.md): setup, moves (R-4 … R-7), the automatic steps and
 * forced decisions, the end and views. Pure: `apply` copies its
 * input and never reads a clock or a global random source; a refused move is a value.
 */
import * as v from 'valibot';
import { below, cloneJson, shuffle, commitSeed, fail, ok, seedRng, type Applied, type Failure, type Result } from '$lib/engine';
import {
	COLOURS,
	COLUMN_DEPTH,
	COLUMNS,
	DECK,
	HAND_SIZE,
	KINDS,
	PER_KIND,
	PLAYERS,
	START_WOOD,
	buyCost,
	displayCount,
	handCount,
	isCard,
	isHunter,
	ledgerKinds,
	nextSeat,
	noOfferings,
	offeringTotal,
	playCost,
	startDisplay,
	startHand,
	threeMoaiWithoutWood,
	typeOf,
	bonusSeat
} from './rules';
import { playMoves } from './legal';
import { positionState } from './position';
import type { CardId, CardType, Colour, Due, Kind, Offerings, Phase, RapaNuiConfig, RapaNuiEntry, RapaNuiMove, RapaNuiState, RapaNuiView, Readable, Seat, Viewer } from './types';
import { moaiAmount } from './offers';

type Log = RapaNuiEntry[];

// ---- setup ---------------------------------------------------------------------------------------

/** Fisher–Yates from the end, with the engine's `below` (engine/rng.ts). */
export { shuffle };

/**
 * the three uses of the generator, in order: the start player (unless fixed), the colours of
 * seats that chose none (from seat 1, the start player, clockwise), the shuffle. The verifier
 * (verify.ts) calls this same function on the revealed seed.
 */
export function draws(config: RapaNuiConfig, seed: string): { startPlayer: Seat; colours: Colour[]; pile: CardId[] } {
	const n = config.players;
	const rng = seedRng(seed);
	const startPlayer = config.startPlayer ?? below(rng, n);
	const colours: (Colour | null)[] = Array.from({ length: n }, (_, i) => config.colours?.[i] ?? null);
	const free = COLOURS.filter((c) => !colours.includes(c));
	for (let k = 0; k < n; k++) {
		const seat = (startPlayer + k) % n;
		if (colours[seat] !== null) continue;
		const c = free.splice(below(rng, free.length), 1)[0];
		colours[seat] = c;
	}
	const pile = shuffle(DECK, rng);
	return { startPlayer, colours: colours as Colour[], pile: config.deck ? [...config.deck] : pile };
}

function checkConfig(config: RapaNuiConfig): Failure | null {
	const n = config?.players;
	if (!Number.isInteger(n) || n < PLAYERS.min || n > PLAYERS.max) return fail('BAD_CONFIG', `Rapa Nui is for ${PLAYERS.min} to ${PLAYERS.max} players (R-2.1)`);
	if (config.startPlayer !== undefined && !(Number.isInteger(config.startPlayer) && config.startPlayer >= 0 && config.startPlayer < n))
		return fail('BAD_CONFIG', 'the start player must be a seat');
	if (config.colours !== undefined) {
		if (!Array.isArray(config.colours) || config.colours.length > n) return fail('BAD_CONFIG', 'one colour per seat at most');
		const chosen = config.colours.filter((c) => c !== null);
		if (chosen.some((c) => !COLOURS.includes(c as Colour)) || new Set(chosen).size !== chosen.length) return fail('BAD_CONFIG', 'colours must be distinct colours of the game');
	}
	if (config.position !== undefined && config.deck !== undefined) return fail('BAD_CONFIG', 'a position says its own pile: no deck with it');
	if (config.deck !== undefined) {
		const d = config.deck;
		if (!Array.isArray(d) || d.length !== DECK.length || !d.every(isCard) || new Set(d).size !== DECK.length || d.some((id) => id.startsWith('start-')))
			return fail('BAD_CONFIG', 'a fixed deck must be the 50 Rapa Nui cards in some order');
	}
	return null;
}

export function setupWithLog(config: RapaNuiConfig, seed: string): Result<Applied<RapaNuiState, RapaNuiEntry>> {
	const bad = checkConfig(config);
	if (bad) return bad;
	if (typeof seed !== 'string' || seed.length === 0) return fail('BAD_SEED', 'the seed must be a non-empty string');
	if (config.position !== undefined) return fromPosition(config, seed);
	const n = config.players;
	const { startPlayer, colours, pile } = draws(config, seed);
	// the top 16 cards, 4 per column; the first card of a column lies at the back.
	const columns: CardId[][] = [];
	for (let c = 0; c < COLUMNS; c++) columns.push(pile.splice(0, COLUMN_DEPTH));
	const seats = Array.from({ length: n }, (_, i) => i);
	const s: RapaNuiState = {
		players: n,
		colours,
		startPlayer,
		seedCommitment: commitSeed(seed),
		turn: 1,
		active: startPlayer,
		phase: { kind: 'turn', step: 1 },
		columns,
		pileLeft: pile.length,
		hands: colours.map(startHand),
		displays: colours.map(startDisplay),
		box: [],
		wood: seats.map((seat) => START_WOOD[(seat - startPlayer + n) % n]),
		fame: seats.map(() => 0),
		supply: Object.fromEntries(KINDS.map((k) => [k, PER_KIND - n])) as RapaNuiState['supply'],
		ledger: seats.map(() => Object.fromEntries(KINDS.map((k) => [k, 1])) as RapaNuiState['supply']),
		faceDowns: seats.map(() => 0),
		stone: [],
		rounds: 0,
		secret: { seed, pile, collections: seats.map(() => Object.fromEntries(KINDS.map((k) => [k, 1])) as RapaNuiState['supply']), faceDown: [], moai: seats.map(() => null) }
	};
	const log: Log = [
		{ type: 'start', startPlayer, colours, display: cloneJson(columns) },
		{ type: 'turn', seat: startPlayer, turn: 1 }
	];
	settle(s, log);
	return ok({ state: s, log });
}

/**
 * A game started from a position (position.ts; a test seam): the position's state, the start entry
 * with its display and the turn, then R-0.4's automatic steps — or R-8.2's reveal for a finished one.
 */
function fromPosition(config: RapaNuiConfig, seed: string): Result<Applied<RapaNuiState, RapaNuiEntry>> {
	const r = positionState(config, seed, shuffle);
	if (!r.ok) return r;
	const s = r.value;
	const log: Log = [
		{ type: 'start', startPlayer: s.startPlayer, colours: [...s.colours], display: cloneJson(s.columns) },
		{ type: 'turn', seat: s.active, turn: s.turn }
	];
	if (s.phase.kind === 'over') end(s, log);
	else settle(s, log);
	return ok({ state: s, log });
}

// ---- moves ---------------------------------------------------------------------------------------

const copyOfferings = (o: Offerings): Offerings => ({ fish: o.fish, paper_mulberry: o.paper_mulberry, sweet_potato: o.sweet_potato, grain: o.grain });

function copyPhase(p: Phase): Phase {
	switch (p.kind) {
		case 'sacrifice':
			return { ...p, queue: [...p.queue] };
		case 'moai':
			return { ...p, waiting: [...p.waiting], choosers: [...p.choosers] };
		case 'substitute':
			return { ...p, due: p.due.map((d) => ({ ...d })) };
		default:
			return { ...p };
	}
}

/**
 * A deep copy of a state, field by field: `apply` works on it and never on its input. What
 * cloneJson does generically, several times faster (bench:engine; the fuzzer freezes every input,
 * so a field shared by mistake would throw there). Arrays are copied by spreading, not `slice()`:
 * V8 slices a frozen array about 50 times slower.
 */
export function copyState(s: RapaNuiState): RapaNuiState {
	const x = s.secret;
	return {
		...s,
		colours: [...s.colours],
		phase: copyPhase(s.phase),
		columns: s.columns.map((c) => [...c]),
		hands: s.hands.map((h) => [...h]),
		displays: s.displays.map((d) => [...d]),
		box: [...s.box],
		wood: [...s.wood],
		fame: [...s.fame],
		supply: copyOfferings(s.supply),
		ledger: s.ledger.map(copyOfferings),
		faceDowns: [...s.faceDowns],
		stone: s.stone.map((c) => ({ ...c })),
		secret: { seed: x.seed, pile: [...x.pile], collections: x.collections.map(copyOfferings), faceDown: [...x.faceDown], moai: [...x.moai] }
	};
}

const KindSchema = v.picklist(KINDS as [Kind, ...Kind[]]);
const MoveSchema = v.variant('type', [
	v.strictObject({ type: v.literal('buy'), kind: KindSchema }),
	v.strictObject({ type: v.literal('play'), card: v.picklist(['woodcutter', 'priest', 'moai', ...KINDS] as [CardType, ...CardType[]]), count: v.pipe(v.number(), v.integer()) }),
	v.strictObject({ type: v.literal('skip') }),
	v.strictObject({ type: v.literal('sacrifice'), kind: KindSchema }),
	v.strictObject({ type: v.literal('supply'), kind: KindSchema }),
	v.strictObject({ type: v.literal('draw'), column: v.pipe(v.number(), v.integer()) }),
	v.strictObject({ type: v.literal('moai'), choice: v.picklist(['fame', 'wood']) }),
	v.strictObject({ type: v.literal('substitute'), kind: v.nullable(KindSchema) })
]);

// The decision awaited now (R-3.1 turns, R-3.2 steps, R-5.7 sacrifice order, R-7.5 and the moai
// choice, R-7.7 substitutes): a move for another decision, or by another seat, is refused.
const WRONG_PHASE = (what: string) => fail('WRONG_PHASE', `${what} is not possible now`);
const NOT_YOURS = () => fail('NOT_YOUR_TURN', 'it is not your turn (R-3.1)');

export function apply(state: RapaNuiState, seat: Seat, raw: unknown): Result<Applied<RapaNuiState, RapaNuiEntry>> {
	// Input validation (the move's shape, the seat), then the end; every rule in `check`.
	const parsed = v.safeParse(MoveSchema, raw);
	if (!parsed.success) return fail('BAD_MOVE', 'not a Rapa Nui move');
	const move = parsed.output as RapaNuiMove;
	if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) return fail('NOT_SEATED', 'no such seat');
	const p = state.phase;
	if (p.kind === 'over') return fail('GAME_OVER', 'the game is over (R-8.1)');
	const err = check(state, seat, move);
	if (err) return err;
	const s = copyState(state);
	const log: Log = [];
	perform(s, seat, move, log);
	settle(s, log);
	return ok({ state: s, log });
}

/** Why `move` is refused now, or null. Messages name only what the mover may know. */
function check(s: RapaNuiState, seat: Seat, move: RapaNuiMove): Failure | null {
	const p = s.phase;
	switch (move.type) {
		case 'buy': {
			if (p.kind !== 'turn') return WRONG_PHASE('buying');
			if (seat !== s.active) return NOT_YOURS();
			if (p.step !== 1) return fail('ALREADY_BOUGHT', 'step 1 is over: one offering card per turn (R-4.1)');
			if (s.supply[move.kind] === 0) return fail('PILE_EMPTY', 'that supply pile is empty (R-4.3)');
			if (buyCost(s, seat, move.kind) > s.wood[seat]) return fail('NOT_ENOUGH_WOOD', 'not enough wood for that offering card (R-4.2)');
			return null;
		}
		case 'play': {
			if (p.kind !== 'turn') return WRONG_PHASE('playing');
			if (seat !== s.active) return NOT_YOURS();
			const cost = playCost(move.card, move.count);
			if (Number.isNaN(cost)) return fail('BAD_PLAY', 'play 1 card, or 2–3 hunter-gatherers of one kind (R-5.1)');
			if (handCount(s, seat, move.card) < move.count) return fail('NOT_IN_HAND', 'those cards are not in your hand (R-5.1)');
			if (cost > s.wood[seat]) return fail('NOT_ENOUGH_WOOD', 'not enough wood for that play (R-5.4)');
			return null;
		}
		case 'skip': {
			if (p.kind !== 'turn') return WRONG_PHASE('skipping');
			if (seat !== s.active) return NOT_YOURS();
			if (!threeMoaiWithoutWood(s, seat)) return fail('MUST_PLAY', 'a play is possible, so you must play (R-5.4)');
			return null;
		}
		case 'sacrifice': {
			if (p.kind !== 'sacrifice' || p.part === 'c') return WRONG_PHASE('sacrificing an offering card');
			if (seat !== p.queue[0]) return NOT_YOURS();
			if (s.secret.collections[seat][move.kind] === 0) return fail('NO_SUCH_OFFERING', 'you have no offering card of that kind (R-5.7 a, b)');
			return null;
		}
		case 'supply': {
			if (p.kind !== 'sacrifice' || p.part !== 'c') return WRONG_PHASE('laying a supply card');
			if (seat !== p.queue[0]) return NOT_YOURS();
			if (s.supply[move.kind] === 0) return fail('PILE_EMPTY', 'that supply pile is empty (R-5.7 c)');
			return null;
		}
		case 'draw': {
			if (p.kind !== 'draw') return WRONG_PHASE('drawing');
			if (seat !== s.active) return NOT_YOURS();
			if (move.column < 0 || move.column >= COLUMNS || s.columns[move.column].length === 0) return fail('BAD_COLUMN', 'draw from one of the four columns (R-6.2)');
			return null;
		}
		case 'moai': {
			if (p.kind !== 'moai') return WRONG_PHASE('the moai choice');
			if (!p.choosers.includes(seat)) return fail('NOT_CHOOSING', 'only players with a moai choose (R-7.5)');
			return null;
		}
		case 'substitute': {
			if (p.kind !== 'substitute') return WRONG_PHASE('a substitute card');
			if (seat !== p.due[0].seat) return NOT_YOURS();
			if (move.kind !== null && s.supply[move.kind] === 0) return fail('PILE_EMPTY', 'that supply pile is empty (R-7.7)');
			return null;
		}
	}
}

/** Carries out a checked move (mutates the copy `s`). */
function perform(s: RapaNuiState, seat: Seat, move: RapaNuiMove, log: Log): void {
	const p = s.phase;
	switch (move.type) {
		case 'buy': {
			// the wood goes to the supply; the card is taken openly (R-0.1 ledger).
			const cost = buyCost(s, seat, move.kind);
			s.wood[seat] -= cost;
			take(s, seat, move.kind);
			s.phase = { kind: 'turn', step: 2 };
			log.push({ type: 'buy', seat, kind: move.kind, cost });
			return;
		}
		case 'play':
			return play(s, seat, move.card, move.count, log);
		case 'skip':
			// with step 1 open: ending step 1 without buying; settle returns the moai.
			s.phase = { kind: 'turn', step: 2 };
			return;
		case 'sacrifice':
			return sacrifice(s, seat, move.kind, log);
		case 'supply':
			return supplyCard(s, seat, move.kind, log);
		case 'draw':
			return draw(s, seat, move.column, log);
		case 'moai': {
			if (p.kind !== 'moai') return;
			// sealed; may be replaced until the last choice is in.
			const again = s.secret.moai[seat] !== null;
			s.secret.moai[seat] = move.choice;
			p.waiting = p.waiting.filter((x) => x !== seat);
			log.push({ type: 'chose', seat, again });
			if (p.waiting.length === 0) moaiScoring(s, log);
			return;
		}
		case 'substitute': {
			if (p.kind !== 'substitute') return;
			const due = p.due.shift()!;
			if (move.kind === null) log.push({ type: 'noOffering', seat, bonus: due.bonus, declined: true });
			else {
				take(s, seat, move.kind);
				log.push({ type: 'offering', seat, kind: move.kind, bonus: due.bonus, substitute: true });
			}
			return;
		}
	}
}

/** An offering card from the supply into a collection, openly (R-0.1: the ledger counts it). */
function take(s: RapaNuiState, seat: Seat, kind: Kind): void {
	s.supply[kind]--;
	s.ledger[seat][kind]++;
	s.secret.collections[seat][kind]++;
}

/** …: lay out the cards, pay, and start a sacrifice round after a moai. */
function play(s: RapaNuiState, seat: Seat, card: CardType, count: number, log: Log): void {
	const cost = playCost(card, count);
	s.wood[seat] -= cost;
	let left = count;
	s.hands[seat] = s.hands[seat].filter((id) => {
		if (left > 0 && typeOf(id) === card) {
			s.displays[seat].push(id);
			left--;
			return false;
		}
		return true;
	});
	log.push({ type: 'play', seat, card, count, cost });
	if (card === 'moai') {
		// a: the others from the builder's left, clockwise.
		s.rounds++;
		const others: Seat[] = [];
		for (let x = nextSeat(s, seat); x !== seat; x = nextSeat(s, x)) others.push(x);
		s.phase = { kind: 'sacrifice', round: s.rounds, part: 'a', queue: others };
	} else toDraw(s, seat);
}

function toDraw(s: RapaNuiState, seat: Seat): void {
	s.phase = { kind: 'draw', left: HAND_SIZE - s.hands[seat].length, uncovered: null };
}

/** a (face up, from a collection) and b (the builder's, face down). */
function sacrifice(s: RapaNuiState, seat: Seat, kind: Kind, log: Log): void {
	const p = s.phase;
	if (p.kind !== 'sacrifice') return;
	const faceUp = p.part === 'a';
	s.secret.collections[seat][kind]--;
	if (faceUp) s.ledger[seat][kind]--;
	else {
		s.faceDowns[seat]++;
		s.secret.faceDown.push(kind);
	}
	s.stone.push({ seat, round: p.round, faceUp, fromSupply: false, kind: faceUp ? kind : null });
	log.push({ type: 'sacrifice', seat, round: p.round, kind: faceUp ? kind : null, faceUp, fromSupply: false });
	p.queue.shift();
}

/** c: the builder's card from a supply pile, face up. */
function supplyCard(s: RapaNuiState, seat: Seat, kind: Kind, log: Log): void {
	const p = s.phase;
	if (p.kind !== 'sacrifice') return;
	s.supply[kind]--;
	s.stone.push({ seat, round: p.round, faceUp: true, fromSupply: true, kind });
	log.push({ type: 'sacrifice', seat, round: p.round, kind, faceUp: true, fromSupply: true });
	p.queue.shift();
}

/** …: one draw, the refill, the uncovered card; the end by refill. */
function draw(s: RapaNuiState, seat: Seat, column: number, log: Log): void {
	const p = s.phase;
	if (p.kind !== 'draw') return;
	const col = s.columns[column];
	const card = col.pop()!;
	s.hands[seat].push(card);
	let refill: CardId[] | null = null;
	if (col.length === 0) {
		// refilled at once, up to 4 cards, the first at the back (a short refill lays what is left).
		refill = s.secret.pile.splice(0, COLUMN_DEPTH);
		col.push(...refill);
		s.pileLeft = s.secret.pile.length;
	}
	const uncovered = col.length ? col[col.length - 1] : null;
	log.push({ type: 'draw', seat, column, card, uncovered, refill });
	if (refill !== null && s.pileLeft === 0) return end(s, log); // not scored
	p.left--;
	p.uncovered = uncovered;
	if (p.left === 0) score(s, log);
}

/** the end; the face-down sacrifices are revealed (the seed with the export). */
function end(s: RapaNuiState, log: Log): void {
	s.phase = { kind: 'over', reason: 'refill' };
	log.push({ type: 'end', reason: 'refill' });
	let i = 0;
	const faceDown: { seat: Seat; round: number; kind: Kind }[] = [];
	for (const c of s.stone)
		if (!c.faceUp) {
			c.kind = s.secret.faceDown[i++];
			faceDown.push({ seat: c.seat, round: c.round, kind: c.kind });
		}
	log.push({ type: 'reveal', faceDown });
}

/** The seats from the active player clockwise. */
function fromActive(s: RapaNuiState): Seat[] {
	return Array.from({ length: s.players }, (_, k) => (s.active + k) % s.players);
}

/** score the type of the card the turn's last draw uncovered. */
function score(s: RapaNuiState, log: Log): void {
	const p = s.phase;
	if (p.kind !== 'draw' || p.uncovered === null) return endTurn(s, log);
	const type = typeOf(p.uncovered);
	log.push({ type: 'score', card: type });
	const bonus = bonusSeat(s, type);
	const seats = fromActive(s);
	if (type === 'woodcutter' || type === 'priest') {
		//
		const resource = type === 'woodcutter' ? 'wood' : 'fame';
		for (const seat of seats) {
			const amount = displayCount(s, seat, type) + (bonus === seat ? 1 : 0);
			if (amount === 0) continue;
			s[resource][seat] += amount;
			log.push({ type: 'gain', seat, amount, resource, bonus: bonus === seat });
		}
		return endTurn(s, log);
	}
	if (type === 'moai') {
		// the owners of a moai choose, sealed and simultaneously.
		const choosers = seats.filter((seat) => displayCount(s, seat, 'moai') > 0);
		if (choosers.length === 0) return endTurn(s, log);
		s.secret.moai = s.hands.map(() => null);
		s.phase = { kind: 'moai', waiting: [...choosers], choosers };
		return;
	}
	// one card of the kind per seat that has one, the bonus card right after the base card.
	const due: Due[] = [];
	for (const seat of seats)
		if (displayCount(s, seat, type) > 0) {
			due.push({ seat, bonus: false });
			if (bonus === seat) due.push({ seat, bonus: true });
		}
	s.phase = { kind: 'substitute', scored: type, due };
}

/** all choices are in: applied and shown together. */
function moaiScoring(s: RapaNuiState, log: Log): void {
	const p = s.phase;
	if (p.kind !== 'moai') return;
	const bonus = bonusSeat(s, 'moai');
	for (const seat of p.choosers) {
		const resource = s.secret.moai[seat]!;
		const amount = moaiAmount(s, seat);
		s[resource][seat] += amount;
		log.push({ type: 'gain', seat, amount, resource, bonus: bonus === seat });
	}
	s.secret.moai = s.hands.map(() => null);
	endTurn(s, log);
}

function endTurn(s: RapaNuiState, log: Log): void {
	s.active = nextSeat(s, s.active);
	s.turn++;
	s.phase = { kind: 'turn', step: 1 };
	log.push({ type: 'turn', seat: s.active, turn: s.turn });
}

/** can the active player buy anything at all? */
function canBuy(s: RapaNuiState, seat: Seat): boolean {
	return KINDS.some((k) => s.supply[k] > 0 && buyCost(s, seat, k) <= s.wood[seat]);
}

/**
 * every step that involves no choice, and every decision that public information alone proves
 * forced, until a player must decide or the game is over.
 */
function settle(s: RapaNuiState, log: Log): void {
	for (;;) {
		const p = s.phase;
		if (p.kind === 'turn') {
			const seat = s.active;
			if (p.step === 1 && !canBuy(s, seat)) p.step = 2; // step 1 skipped
			if (p.step === 1) return; // step 1 is optional, never forced
			if (threeMoaiWithoutWood(s, seat)) {
				// one moai back to the box; nothing played; one draw.
				const i = s.hands[seat].findIndex((id) => typeOf(id) === 'moai');
				const [card] = s.hands[seat].splice(i, 1);
				s.box.push(card);
				log.push({ type: 'return', seat, card });
				toDraw(s, seat);
				continue;
			}
			const plays = playMoves(s, seat);
			if (plays.length !== 1) return;
			perform(s, seat, plays[0], log); // the only play
			continue;
		}
		if (p.kind === 'sacrifice') {
			if (p.queue.length === 0) {
				// a, then b, then c, then step 3.
				if (p.part === 'c') toDraw(s, s.active);
				else {
					p.part = p.part === 'a' ? 'b' : 'c';
					p.queue = [s.active];
				}
				continue;
			}
			const seat = p.queue[0];
			if (p.part === 'c') {
				const piles = KINDS.filter((k) => s.supply[k] > 0);
				if (piles.length === 0) {
					log.push({ type: 'noSacrifice', seat, round: p.round, part: 'c' });
					p.queue.shift();
				} else if (piles.length === 1) supplyCard(s, seat, piles[0], log);
				else return;
				continue;
			}
			if (offeringTotal(s, seat) === 0) {
				log.push({ type: 'noSacrifice', seat, round: p.round, part: p.part });
				p.queue.shift();
				continue;
			}
			// automatic only when the public ledger shows a single kind.
			const kinds = ledgerKinds(s, seat);
			if (kinds.length !== 1) return;
			sacrifice(s, seat, kinds[0], log);
			continue;
		}
		if (p.kind === 'draw') {
			const open = s.columns.flatMap((c, i) => (c.length ? [i] : []));
			if (open.length !== 1) return;
			draw(s, s.active, open[0], log);
			continue;
		}
		if (p.kind === 'substitute') {
			if (p.due.length === 0) {
				endTurn(s, log);
				continue;
			}
			const due = p.due[0];
			if (s.supply[p.scored] > 0) {
				p.due.shift();
				take(s, due.seat, p.scored);
				log.push({ type: 'offering', seat: due.seat, kind: p.scored, bonus: due.bonus, substitute: false });
				continue;
			}
			if (KINDS.every((k) => s.supply[k] === 0)) {
				// nothing left anywhere: nothing more, not asked.
				p.due.shift();
				log.push({ type: 'noOffering', seat: due.seat, bonus: due.bonus, declined: false });
				continue;
			}
			return; // an optional choice is never forced
		}
		return; // moai: a choice of two; over
	}
}

// ---- views ---------------------------------------------------------------------------------------

/** everything public, the viewer's own secrets, and everything once the game is over. */
export function view(s: RapaNuiState, viewer: Viewer): RapaNuiView {
	const { secret, ...pub } = s;
	const over = s.phase.kind === 'over';
	const own = (seat: Seat) => over || seat === viewer;
	const downSeats = s.stone.filter((c) => !c.faceUp).map((c) => c.seat);
	const p = s.phase;
	return {
		...cloneJson(pub),
		viewer,
		secret: {
			seed: over ? secret.seed : null,
			pile: over ? [...secret.pile] : null,
			collections: secret.collections.map((c, seat) => (own(seat) ? { ...c } : null)),
			faceDown: secret.faceDown.map((k, i) => (own(downSeats[i]) ? k : null)),
			moai: secret.moai.map((c, seat) => (seat === viewer ? c : null))
		},
		chosen: p.kind === 'moai' ? p.choosers.filter((x) => !p.waiting.includes(x)) : []
	};
}

export { noOfferings, isHunter };
