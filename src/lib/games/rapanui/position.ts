/**
 * A Rapa Nui game in progress, written down (issue 29; docs/positions.md § Rapa Nui): hands,
 * displays, wood, fame, collections, the display's columns, the pile, the box, the stone, whose turn
 * and the decision awaited. A test and tool seam only (`npm run scenario`, `POST /api/dev/scenario`,
 * tests): the platform never sets it. What the state keeps as bookkeeping — the public ledger, the
 * face-down counts, the supply piles, the pile's size, the sacrifice rounds, the moai choosers, the
 * draws left — is derived, never asked for. An impossible position is refused (`BAD_POSITION`) with
 * what is wrong: the kind's invariants (invariants.ts: every card exactly once, R-1.1–) and the
 * checks below (values in range, a decision that fits whose turn it is).
 *
 * Randomness stays provable: what the position does not place is shuffled from the seed, the
 * same way setup shuffles the deck, and verify.ts recomputes it.
 */
import * as v from 'valibot';
import { commitSeed, fail, ok, seedRng, type Failure, type Result, type WriteOptions } from '$lib/engine';
import { issueLines, Note } from '$lib/engine/scenario';
import { invariantErrors } from './invariants';
import {
	COLOURS,
	COLUMN_DEPTH,
	COLUMNS,
	DECK,
	HAND_SIZE,
	KINDS,
	PER_KIND,
	START_WOOD,
	displayCount,
	isCard,
	noOfferings,
	startDisplay,
	startHand,
	typeOf
} from './rules';
import type { Colour, Kind, MoaiChoice, Offerings, Phase, RapaNuiConfig, RapaNuiState, Seat, StoneCard } from './types';

const Int = (lo: number, hi: number) => v.pipe(v.number(), v.integer(), v.minValue(lo), v.maxValue(hi));
/** A seat: its number, or its colour. */
const SeatRef = v.union([Int(0, 3), v.picklist(COLOURS as [Colour, ...Colour[]])], 'a seat: a number 0–3 or a colour');
const Cards = v.pipe(v.array(v.pipe(v.string(), v.maxLength(40))), v.maxLength(60));
const KindSchema = v.picklist(KINDS as [Kind, ...Kind[]]);
const OfferingsSchema = v.strictObject(Object.fromEntries(KINDS.map((k) => [k, v.optional(Int(0, PER_KIND))])) as Record<Kind, v.OptionalSchema<ReturnType<typeof Int>, undefined>>);

const PlayerSchema = v.strictObject({
	/** default: the colour's 3 hunter-gatherers. */
	hand: v.optional(Cards),
	/** The personal display in the order played; default the colour's woodcutter. */
	display: v.optional(Cards),
	/** Default R-2.5's start wood by seat from the start player. */
	wood: v.optional(Int(0, 999)),
	fame: v.optional(Int(0, 999)),
	/** The exact collection, face-down sacrifices not included (R-0.2: secret); default 1 of each kind; a kind left out is 0. */
	offerings: v.optional(OfferingsSchema),
	note: Note
});

const StoneSchema = v.strictObject({
	seat: SeatRef,
	/** The sacrifice round it was laid in (R-0.1 numbers them 1, 2, …). */
	round: Int(1, 99),
	kind: KindSchema,
	/** b: false for the builder's face-down card (its kind is then secret). Default true. */
	faceUp: v.optional(v.boolean()),
	/** c: the builder's card from a supply pile. */
	fromSupply: v.optional(v.boolean()),
	note: Note
});

const PhaseSchema = v.variant('kind', [
	/** step 1 (buy or play) or step 2 (play). */
	v.strictObject({ kind: v.literal('turn'), step: v.optional(v.picklist([1, 2])) }),
	/** the sacrifice round `round`, part a, b or c; `queue` who still lays (default: everyone of the part). */
	v.strictObject({ kind: v.literal('sacrifice'), round: Int(1, 99), part: v.picklist(['a', 'b', 'c']), queue: v.optional(v.array(SeatRef)) }),
	/** the draws left follow from the active hand; `uncovered` what the last draw uncovered. */
	v.strictObject({ kind: v.literal('draw'), uncovered: v.optional(v.nullable(v.string())) }),
	/** the moai owners choose; `chosen` the sealed choices already made, by seat or colour. */
	v.strictObject({ kind: v.literal('moai'), chosen: v.optional(v.record(v.string(), v.picklist(['fame', 'wood']))) }),
	/** the pile of `scored` is empty; `due` the cards still owed, in order. */
	v.strictObject({ kind: v.literal('substitute'), scored: KindSchema, due: v.pipe(v.array(v.strictObject({ seat: SeatRef, bonus: v.optional(v.boolean()) })), v.minLength(1)) }),
	/** R-8.1: the game is over (the pile empty); R-8.2's reveal follows. */
	v.strictObject({ kind: v.literal('over') })
]);

export const PositionSchema = v.strictObject({
	/** Turns begun so far (default 1). */
	turn: v.optional(Int(1, 9999)),
	/** Whose turn it is; default the start player. */
	active: v.optional(SeatRef),
	/** The decision awaited; default `{ kind: 'turn', step: 1 }`. Then R-0.4's automatic steps run. */
	phase: v.optional(PhaseSchema),
	/** By seat (`null`: as setup has it), or by colour. */
	players: v.optional(v.union([v.array(v.nullable(PlayerSchema)), v.record(v.picklist(COLOURS as [Colour, ...Colour[]]), PlayerSchema)])),
	/** the four columns, each back to front; default dealt from the shuffled rest. */
	columns: v.optional(v.pipe(v.array(Cards), v.length(COLUMNS))),
	/** The draw pile, top first: every card left (an array), or the cards on top (`top`) with the rest shuffled from the seed. */
	pile: v.optional(v.union([Cards, v.strictObject({ top: Cards })])),
	/** moai returned to the box. */
	box: v.optional(Cards),
	/** the sacrifice stone, bottom first. */
	stone: v.optional(v.pipe(v.array(StoneSchema), v.maxLength(100))),
	/** sacrifice rounds so far, when more than the stone shows (a round nobody laid a card in); default the stone's last round. */
	rounds: v.optional(Int(0, 99)),
	note: Note
});

/** A position as written (JSON): `config.position` (docs/positions.md § Rapa Nui). */
export type RapaNuiPosition = v.InferInput<typeof PositionSchema>;
type Parsed = v.InferOutput<typeof PositionSchema>;
type PlayerPos = v.InferOutput<typeof PlayerSchema>;

const bad = (message: string): Failure => fail('BAD_POSITION', message);

/**
 * The colours of a game started from a position: each seat's chosen colour, the others the first
 * colours not chosen, in seat order — no draw, so a position's seats can be written as colours.
 */
export function positionColours(config: RapaNuiConfig): Colour[] {
	const chosen = Array.from({ length: config.players }, (_, i) => config.colours?.[i] ?? null);
	const free = COLOURS.filter((c) => !chosen.includes(c));
	return chosen.map((c) => c ?? free.shift()!);
}

/** Fisher–Yates from the end, as setup shuffles (engine.ts `shuffle`, with its `below`). */
type Shuffle = <T>(items: readonly T[], rng: ReturnType<typeof seedRng>) => T[];

/**
 * The state a position describes, before R-0.4's automatic steps (the engine runs them, and R-8.2's
 * reveal for a finished position), or `BAD_POSITION`. `shuffle` is the engine's: the cards the
 * position does not place, in the deck's canonical order, are shuffled once with the seed's generator;
 * unnamed columns are dealt from them first, the rest lie under the pile's `top`.
 */
export function positionState(config: RapaNuiConfig, seed: string, shuffle: Shuffle): Result<RapaNuiState> {
	const parsed = v.safeParse(PositionSchema, config.position);
	if (!parsed.success) return bad(issueLines(parsed.issues, 'position'));
	const p: Parsed = parsed.output;
	const n = config.players;
	const colours = positionColours(config);
	const problems: string[] = [];
	const seatOf = (ref: number | Colour, at: string): Seat => {
		const seat = typeof ref === 'number' ? ref : colours.indexOf(ref);
		if (seat < 0 || seat >= n) problems.push(`${at}: ${ref} is not a seat (colours: ${colours.join(', ')})`);
		return seat;
	};
	const startPlayer = config.startPlayer ?? 0;
	const active = p.active === undefined ? startPlayer : seatOf(p.active, 'position.active');
	const players: (PlayerPos | null)[] = Array(n).fill(null);
	if (Array.isArray(p.players)) {
		if (p.players.length > n) problems.push(`position.players: ${p.players.length} entries for ${n} seats`);
		p.players.slice(0, n).forEach((x, seat) => (players[seat] = x));
	} else for (const [c, x] of Object.entries(p.players ?? {})) players[seatOf(c as Colour, `position.players.${c}`)] = x;
	const stoneIn = (p.stone ?? []).map((c, i) => ({ ...c, seat: seatOf(c.seat, `position.stone[${i}].seat`), faceUp: c.faceUp ?? true, fromSupply: c.fromSupply ?? false }));
	if (problems.length) return bad(problems.join('; '));

	// The cards: what the position places, then the rest from the seed.
	const seats = colours.map((_, seat) => seat);
	const hands = seats.map((seat) => [...(players[seat]?.hand ?? startHand(colours[seat]))]);
	const displays = seats.map((seat) => [...(players[seat]?.display ?? startDisplay(colours[seat]))]);
	const box = [...(p.box ?? [])];
	const pileGiven = Array.isArray(p.pile) ? p.pile : null;
	const top = Array.isArray(p.pile) ? [] : [...(p.pile?.top ?? [])];
	const placed = new Set([...hands.flat(), ...displays.flat(), ...box, ...(p.columns ?? []).flat(), ...(pileGiven ?? top)]);
	const rest = pileGiven ? [] : shuffle(DECK.filter((id) => !placed.has(id)), seedRng(seed));
	const columns = p.columns ? p.columns.map((c) => [...c]) : Array.from({ length: COLUMNS }, () => rest.splice(0, COLUMN_DEPTH));
	const pile = pileGiven ? [...pileGiven] : [...top, ...rest];

	// The offering cards: collections and the stone; the supply piles hold the rest.
	const collections = seats.map((seat): Offerings => {
		const o = players[seat]?.offerings;
		return o ? { ...noOfferings(), ...o } : Object.fromEntries(KINDS.map((k) => [k, 1])) as Offerings;
	});
	const supply = noOfferings();
	for (const k of KINDS) {
		const used = collections.reduce((a, c) => a + c[k], 0) + stoneIn.filter((c) => c.kind === k).length;
		if (used > PER_KIND) problems.push(`R-1.3: ${used} offering cards of ${k} in the collections and on the stone; there are ${PER_KIND}`);
		supply[k] = PER_KIND - used;
	}
	const ledger = collections.map((c) => ({ ...c }));
	const faceDowns = seats.map(() => 0);
	const stone: StoneCard[] = stoneIn.map((c) => {
		if (!c.faceUp) {
			ledger[c.seat][c.kind]++; // the ledger counts the face-down cards too
			faceDowns[c.seat]++;
		}
		return { seat: c.seat, round: c.round, faceUp: c.faceUp, fromSupply: c.fromSupply, kind: c.faceUp ? c.kind : null };
	});
	const lastRound = stoneIn.reduce((a, c) => Math.max(a, c.round), 0);
	if (p.rounds !== undefined && p.rounds < lastRound) problems.push(`R-0.1: ${p.rounds} sacrifice rounds, but the stone holds round ${lastRound}`);
	const phase = p.phase ?? { kind: 'turn' as const };
	const s: RapaNuiState = {
		players: n,
		colours,
		startPlayer,
		seedCommitment: commitSeed(seed),
		turn: p.turn ?? 1,
		active,
		phase: { kind: 'turn', step: 1 },
		columns,
		pileLeft: pile.length,
		hands,
		displays,
		box,
		wood: seats.map((seat) => players[seat]?.wood ?? START_WOOD[(seat - startPlayer + n) % n]),
		fame: seats.map((seat) => players[seat]?.fame ?? 0),
		supply,
		ledger,
		faceDowns,
		stone,
		rounds: phase.kind === 'sacrifice' ? phase.round : (p.rounds ?? lastRound),
		secret: { seed, pile, collections, faceDown: stoneIn.filter((c) => !c.faceUp).map((c) => c.kind), moai: seats.map(() => null) }
	};
	if (problems.length) return bad(problems.join('; '));
	// Conservation next: the checks after it read every card's type.
	const errs = invariantErrors(s);
	if (errs.length) return bad(errs.slice(0, 6).join('; '));
	const decided = decision(s, phase, seatOf);
	if (!decided.ok) return decided;
	s.phase = decided.value;
	problems.push(...shapeProblems(s, stoneIn));
	return problems.length ? bad(problems.join('; ')) : ok(s);
}

/** The phase the position asks for, with what it derives, checked against whose turn it is. */
function decision(s: RapaNuiState, phase: NonNullable<Parsed['phase']>, seatOf: (ref: number | Colour, at: string) => Seat): Result<Phase> {
	const a = s.active;
	const moaiOwners = () => Array.from({ length: s.players }, (_, k) => (a + k) % s.players).filter((seat) => displayCount(s, seat, 'moai') > 0);
	switch (phase.kind) {
		case 'turn':
			return ok({ kind: 'turn', step: phase.step ?? 1 });
		case 'sacrifice': {
			// a sacrifice round follows the active player's moai: a, the others from the
			// builder's left, clockwise; b and c, the builder.
			if (!s.displays[a].some((id) => typeOf(id) === 'moai')) return bad(`R-5.6: a sacrifice round, but seat ${a} (whose turn it is) has no moai in its display`);
			const others = Array.from({ length: s.players - 1 }, (_, k) => (a + 1 + k) % s.players);
			const everyone = phase.part === 'a' ? others : [a];
			const queue = phase.queue ? phase.queue.map((x, i) => seatOf(x, `position.phase.queue[${i}]`)) : everyone;
			if (queue.some((x) => x < 0 || x >= s.players)) return bad('position.phase.queue: not a seat');
			if (JSON.stringify(everyone.slice(everyone.length - queue.length)) !== JSON.stringify(queue))
				return bad(`R-5.7 ${phase.part}: the seats still to lay must be the last of ${everyone.join(', ')} in that order, not ${queue.join(', ')}`);
			const last = s.stone.at(-1)?.round ?? 0;
			if (phase.round < last) return bad(`R-0.1: sacrifice round ${phase.round}, but the stone already holds round ${last}`);
			return ok({ kind: 'sacrifice', round: phase.round, part: phase.part, queue });
		}
		case 'draw': {
			// the active player draws back up to 3: the last draw uncovered a front card.
			const left = HAND_SIZE - s.hands[a].length;
			if (left < 1) return bad(`R-6.1: seat ${a} holds ${s.hands[a].length} cards, so it has nothing to draw`);
			const uncovered = phase.uncovered ?? null;
			if (uncovered !== null && !s.columns.some((c) => c.at(-1) === uncovered)) return bad(`R-6.4: ${uncovered} is not the front card of a column`);
			return ok({ kind: 'draw', left, uncovered });
		}
		case 'moai': {
			// every owner of a moai in the display chooses, sealed.
			const choosers = moaiOwners();
			const chosen = Object.entries(phase.chosen ?? {}).map(([ref, c]) => [seatOf(/^\d+$/.test(ref) ? Number(ref) : (ref as Colour), `position.phase.chosen.${ref}`), c] as const);
			if (chosen.some(([seat]) => !choosers.includes(seat))) return bad(`R-7.5: only owners of a moai choose (seats ${choosers.join(', ') || 'none'})`);
			for (const [seat, c] of chosen) s.secret.moai[seat] = c;
			const waiting = choosers.filter((x) => s.secret.moai[x] === null);
			if (waiting.length === 0) return bad('R-7.5: nobody is left to choose');
			return ok({ kind: 'moai', waiting, choosers });
		}
		case 'substitute': {
			// only owners of a hunter-gatherer of the scored kind are due a card.
			const due = phase.due.map((d, i) => ({ seat: seatOf(d.seat, `position.phase.due[${i}].seat`), bonus: d.bonus ?? false }));
			const none = due.find((d) => d.seat >= 0 && d.seat < s.players && displayCount(s, d.seat, phase.scored) === 0);
			if (none) return bad(`R-7.6: seat ${none.seat} has no ${phase.scored} in its display, so no card is due to it`);
			return ok({ kind: 'substitute', scored: phase.scored, due });
		}
		case 'over':
			return ok({ kind: 'over', reason: 'refill' });
	}
}

/** Sizes and orders no game reaches: a column, the pile, a hand, the box, the stone. */
function shapeProblems(s: RapaNuiState, stone: { round: number; faceUp: boolean; fromSupply: boolean }[]): string[] {
	const out: string[] = [];
	const running = s.phase.kind !== 'over';
	const a = s.active;
	// an emptied column is refilled at once, with up to 4 cards: the refill that
	// empties the pile ends the game.
	s.columns.forEach((c, i) => {
		if (c.length > COLUMN_DEPTH || (running && c.length === 0)) out.push(`R-6.3: column ${i + 1} holds ${c.length} cards (1–${COLUMN_DEPTH} while the game runs)`);
	});
	if (running && s.pileLeft === 0) out.push('R-8.1: the pile is empty, so the game is over');
	if (!running && s.pileLeft > 0) out.push(`R-8.1: the game is over only when a refill empties the pile (${s.pileLeft} cards left)`);
	// every hand is 3 cards, but the active player's between its play and its draws.
	const wanted = (seat: number): string => {
		if (seat !== a || s.phase.kind === 'turn' || s.phase.kind === 'moai' || s.phase.kind === 'substitute') return '3';
		if (s.phase.kind === 'sacrifice') return '2'; // it played its moai
		return s.phase.kind === 'draw' ? '0–2' : '0–3';
	};
	s.hands.forEach((h, seat) => {
		const w = wanted(seat);
		const fits = w.includes('–') ? h.length >= Number(w[0]) && h.length <= Number(w.at(-1)) : h.length === Number(w);
		if (!fits) out.push(`R-6.1: seat ${seat} holds ${h.length} cards (${w} in this phase)`);
	});
	// only moai go to the box.
	for (const id of s.box) if (isCard(id) && typeOf(id) !== 'moai') out.push(`R-5.5: ${id} is in the box; only moai go there`);
	// sacrifice rounds are numbered in order; c: a supply card lies face up.
	stone.forEach((c, i) => {
		if (i > 0 && c.round < stone[i - 1].round) out.push(`R-0.1: stone card ${i + 1} is of round ${c.round}, after round ${stone[i - 1].round}`);
		if (c.fromSupply && !c.faceUp) out.push(`R-5.7 c: stone card ${i + 1} comes from the supply, so it lies face up`);
	});
	return out;
}

/** How many cards on top of a position's pile it fixed (the rest came from the seed), for verify.ts. */
export function fixedPileTop(config: RapaNuiConfig): number {
	const p = config.position as Parsed | undefined;
	if (!p) return 0;
	return Array.isArray(p.pile) ? p.pile.length : (p.pile?.top?.length ?? 0);
}

/**
 * A state written as a position, secrets included (the kind's `position.write`): the scenario extra
 * `{ startPlayer, colours, position }` that starts a game at exactly this state with its seed. Every
 * place is written out (the whole pile, each collection), so nothing is left to the seed.
 *
 * `fresh` (issue 34, engine/kind.ts `WriteOptions`): the pile is written as `{ top: [] }`, so that
 * the game's own seed shuffles it anew. It is the only thing in Rapa Nui that the seed decided and
 * nobody has seen (R-0.2.1: the order of the draw pile; R-0.3: the deck's single shuffle — the start
 * player and the colours are written out). Everything else is kept exactly: the columns are face up
 * (R-0.1), and the secrets a seat holds — its collection, its face-down cards' kinds (R-0.2.2), its
 * sealed moai choice (R-0.2.4) — are that seat's knowledge, not the seed's.
 */
export function writePosition(s: RapaNuiState, opts: WriteOptions = {}): { startPlayer: Seat; colours: Colour[]; position: RapaNuiPosition } {
	let down = 0;
	const stone = s.stone.map((c) => {
		const kind = c.faceUp ? c.kind! : s.secret.faceDown[down++];
		return { seat: c.seat, round: c.round, kind, ...(c.faceUp ? {} : { faceUp: false }), ...(c.fromSupply ? { fromSupply: true } : {}) };
	});
	return {
		startPlayer: s.startPlayer,
		colours: [...s.colours],
		position: {
			turn: s.turn,
			active: s.active,
			phase: writePhase(s),
			players: s.colours.map((_, seat) => ({
				hand: [...s.hands[seat]],
				display: [...s.displays[seat]],
				wood: s.wood[seat],
				fame: s.fame[seat],
				offerings: { ...s.secret.collections[seat] }
			})),
			columns: s.columns.map((c) => [...c]),
			pile: opts.fresh ? { top: [] } : [...s.secret.pile],
			box: [...s.box],
			stone,
			...(s.rounds !== stone.reduce((a, c) => Math.max(a, c.round), 0) && s.phase.kind !== 'sacrifice' ? { rounds: s.rounds } : {})
		}
	};
}

function writePhase(s: RapaNuiState): NonNullable<RapaNuiPosition['phase']> {
	const p = s.phase;
	switch (p.kind) {
		case 'turn':
			return { kind: 'turn', step: p.step };
		case 'sacrifice':
			return { kind: 'sacrifice', round: p.round, part: p.part, queue: [...p.queue] };
		case 'draw':
			return { kind: 'draw', uncovered: p.uncovered };
		case 'moai': {
			const chosen: Record<string, MoaiChoice> = {};
			s.secret.moai.forEach((c, seat) => {
				if (c !== null) chosen[String(seat)] = c;
			});
			return { kind: 'moai', chosen };
		}
		case 'substitute':
			return { kind: 'substitute', scored: p.scored, due: p.due.map((d) => ({ seat: d.seat, ...(d.bonus ? { bonus: true } : {}) })) };
		case 'over':
			return { kind: 'over' };
	}
}
