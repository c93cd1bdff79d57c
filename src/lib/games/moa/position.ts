/**
 * A Moa game in progress, written down (issue 29; docs/positions.md § Moa): the board, the hands,
 * the piles, the display, the tracks, the tiles held, whose decision it is and what follows it. A
 * test and tool seam only (`npm run scenario`, `POST /api/dev/scenario`, tests): the platform never
 * sets it. Read through the kind's `config(options, players, { position })` and `start`.
 *
 * Every field is optional: what a position leaves out is as the game stands at its first decision
 * from the same config and seed (the engine's setup, M-2). The bookkeeping the state keeps — the
 * public counts of the piles, each colour's supply of birds and leaders, the seed's commitment — is
 * derived, never asked for. Cards a position does not place lie in their pile (bird pile, mammal
 * deck, terrain deck) in the order setup left them, or, for a pile written `{ top }`, shuffled from
 * the seed under that top (issue 34's fresh positions); a leader tile placed elsewhere leaves its region;
 * the karakia tiles nobody holds lie on their stacks. An impossible position is refused with
 * `BAD_POSITION` and what is wrong: the invariants (invariants.ts: every card, tile and piece exactly
 * once, M-1.2–M-1.8) and the checks below (a decision that fits the board and the round).
 *
 * Seats: a number or the seat's colour. The colours of a game from a position are drawn from nothing:
 * each seat's chosen colour, the others the first colours not chosen (the neutral's the next, M-11.1),
 * so a file can name seats by colour. Randomness stays provable: the generator is setup's (or the
 * position's `rng`), so later shuffles, draws and rolls follow from the seed as in any game, and
 * the randomness check (verify.ts) replays the game from the same start.
 */
import * as v from 'valibot';
import { fail, ok, shuffle, type Applied, type Failure, type Result, type RngState, type WriteOptions } from '$lib/engine';
import { issueLines, Note } from '$lib/engine/scenario';
import { setupWithLog } from './setup';
import { invariantErrors } from './invariants';
import { BIRD_DECK, C, COLOURS, DISPLAY_KINDS, ERUPTION_SPACE, KARAKIA_TILES, MAMMAL_DECK, MAMMAL_KINDS, PER_COLOUR, REGIONS, TERRAIN_DECK, VOLCANO_TRACK, mammal, playerOrder } from './rules';
import type { CardId, Colour, HeldTile, KarakiaType, MammalKind, MoaConfig, MoaEntry, MoaState, Phase, Region, Seat, Task, TileId } from './types';

const Int = (lo: number, hi: number) => v.pipe(v.number(), v.integer(), v.minValue(lo), v.maxValue(hi));
const ColourSchema = v.picklist(COLOURS as [Colour, ...Colour[]]);
/** A seat or owner: its number (the neutral's is the number of players, M-11.1), or its colour. */
const SeatRef = v.union([Int(0, 5), ColourSchema], 'a seat: a number or a colour');
const Id = v.pipe(v.string(), v.maxLength(8));
const Ids = v.pipe(v.array(Id), v.maxLength(60));
/** By seat (an array, `null`: as setup has it) or by colour. */
const BySeat = <T extends v.GenericSchema>(x: T) => v.union([v.array(v.nullable(x)), v.record(ColourSchema, x)]);
const MammalKindSchema = v.picklist(MAMMAL_KINDS.map((k) => k.id) as [MammalKind, ...MammalKind[]]);
/** A held tile: its id (usable), or with `fresh: true` while it cannot be used yet (M-8.4). */
const HeldSchema = v.union([Id, v.strictObject({ id: Id, fresh: v.boolean() })]);
/**
 * A face-down pile, top first: every card in it (an array), or the cards on top (`top`) with the rest
 * — the pile's cards placed nowhere else — shuffled from the seed (M-0.3; issue 34's fresh positions).
 */
const PileSchema = v.union([Ids, v.strictObject({ top: Ids })]);

const RegionSchema = v.strictObject({
	/** Birds by owner: an array by owner number, or by colour; a colour left out has none. */
	birds: v.optional(v.union([v.array(Int(0, PER_COLOUR.birds)), v.record(ColourSchema, Int(0, PER_COLOUR.birds))])),
	/** M-7.4: the owner of the region's leader; null: none. */
	leader: v.optional(v.nullable(SeatRef)),
	/** M-2.2: the leader tile lying here; null: none. Default: setup's, unless the position places it elsewhere. */
	leaderTile: v.optional(v.nullable(Id)),
	stronghold: v.optional(v.boolean()),
	/** M-1.4: the mammal tile; combat and VP default to its kind's (M-6.3). */
	mammal: v.optional(v.nullable(v.strictObject({ kind: MammalKindSchema, side: v.picklist(['attack', 'trade']), combat: v.optional(Int(0, 20)), vp: v.optional(Int(0, 20)) }))),
	/** M-7.6: who sold the region, and whether the period's scoring has counted it (M-9.7). */
	sale: v.optional(v.nullable(v.strictObject({ seller: SeatRef, scored: v.optional(v.boolean()) }))),
	note: Note
});

const TaskSchema = v.variant('t', [
	v.strictObject({ t: v.literal('period') }),
	v.strictObject({ t: v.literal('terrain') }),
	v.strictObject({ t: v.literal('instruction'), card: Id, index: Int(0, 3) }),
	v.strictObject({ t: v.literal('draw'), left: Int(1, 5) }),
	v.strictObject({ t: v.literal('invade'), cards: Ids }),
	v.strictObject({ t: v.literal('turns'), seats: v.array(SeatRef) }),
	v.strictObject({ t: v.literal('neutral'), seat: SeatRef }),
	v.strictObject({ t: v.literal('roundEnd') }),
	v.strictObject({ t: v.literal('scoring') })
]);

const PhaseSchema = v.variant('kind', [
	/** M-7: `seat`'s step-B turn; `acted`: its action is taken, a move-birds or stronghold tile may follow (M-0.5). */
	v.strictObject({ kind: v.literal('turn'), seat: SeatRef, acted: v.optional(v.boolean()) }),
	/** M-6.4: `seat` is asked to defend `region` against `card`; `order`: who is asked after it. */
	v.strictObject({ kind: v.literal('defend'), seat: SeatRef, region: Int(1, REGIONS.length), card: Id, order: v.optional(v.array(SeatRef)) }),
	/** M-11.2: `seat` places for the neutral after rolling `roll`. */
	v.strictObject({ kind: v.literal('neutral'), seat: SeatRef, roll: Int(1, C.neutralDieSides) }),
	/** M-10.4: the game is over (period 2 scored). */
	v.strictObject({ kind: v.literal('over') })
]);

export const PositionSchema = v.strictObject({
	/** M-3: the period (1–2) and the round (1–7; 0 before a period's first round). */
	period: v.optional(Int(1, C.periods)),
	round: v.optional(Int(0, C.roundsPerPeriod)),
	/** M-3.3: who holds the start player marker now (the game's first start player is the config's `startPlayer`). */
	startPlayer: v.optional(SeatRef),
	/** The decision awaited. Default: setup's first. */
	phase: v.optional(PhaseSchema),
	/**
	 * What follows the decision, in order (the engine's tasks). Default from the phase: the turns of
	 * the seats after it in player order (after a turn in the 2-player game, first the neutral's roll,
	 * M-11.2), then the end of the round; after a defence, every seat's turn, then the end of the round.
	 */
	tasks: v.optional(v.pipe(v.array(TaskSchema), v.maxLength(40))),
	/** By region id ("1"–"12"); what a region leaves out is as setup has it. */
	regions: v.optional(v.record(v.pipe(v.string(), v.regex(/^(?:[1-9]|1[0-2])$/, 'a region id 1–12')), RegionSchema)),
	/** M-5.6: the volcano marker's space; `erupted` follows from it (M-5.7). */
	volcano: v.optional(Int(0, VOLCANO_TRACK.spaces.length - 1)),
	/** Points by seat. */
	vp: v.optional(v.array(Int(0, 999))),
	/** M-7.6: sales so far. */
	sales: v.optional(Int(0, 99)),
	/** M-5.4: the display by kind, oldest first. */
	display: v.optional(v.record(MammalKindSchema, Ids)),
	/** M-0.2.4: the mammal deck, top first, or `{ top }` with the rest shuffled from the seed. Default: the mammal cards placed nowhere else. */
	mammalDeck: v.optional(PileSchema),
	mammalDiscard: v.optional(Ids),
	/** M-5.1: the two active terrain cards; default the last two drawn (none in round 0). */
	active: v.optional(v.nullable(v.tuple([Id, Id]))),
	terrainDrawn: v.optional(Ids),
	/**
	 * M-0.2.3: the undrawn terrain cards (top first; default: the cards placed nowhere else) and the 16
	 * set aside. `terrainDeck: { top }`: the rest shuffled from the seed, its first 16 set aside unless
	 * `terrainAside` is given (as M-0.3's terrain shuffle sets aside its first 16).
	 */
	terrainDeck: v.optional(PileSchema),
	terrainAside: v.optional(Ids),
	/** M-0.2.1: hands. */
	hands: v.optional(BySeat(Ids)),
	/** M-0.2.2: the bird pile, top first, or `{ top }` with the rest shuffled from the seed. Default: the bird cards placed nowhere else. */
	birdPile: v.optional(PileSchema),
	birdDiscard: v.optional(Ids),
	/** M-8.3: leader tiles held. */
	leaderTiles: v.optional(BySeat(v.array(HeldSchema))),
	leaderTilesOut: v.optional(Ids),
	/** M-8.5: karakia tiles held; the rest lie on their stacks (M-2.4). */
	karakia: v.optional(BySeat(v.array(HeldSchema))),
	/** M-9.7: what each seat took this period: mammal tiles (kind, VP) and sold cards. */
	taken: v.optional(BySeat(v.strictObject({ tiles: v.optional(v.array(v.strictObject({ kind: MammalKindSchema, vp: Int(0, 20) }))), cards: v.optional(Ids) }))),
	/** M-1.9: leaders out of the game, by owner (array) or colour. */
	leadersOut: v.optional(v.union([v.array(Int(0, PER_COLOUR.leaders)), v.record(ColourSchema, Int(0, PER_COLOUR.leaders))])),
	/** M-8.6: cards a seat still owes from an exchange. */
	owe: v.optional(v.array(Int(0, 3))),
	/** M-9: each scored period's points by seat and source. */
	periodScores: v.optional(v.pipe(v.array(v.array(v.strictObject({ regions: Int(0, 999), mammals: Int(0, 999), leaderTiles: Int(0, 999) }))), v.maxLength(C.periods))),
	/**
	 * The generator's state (M-0.3), four 32-bit integers; default: as setup leaves it. Written by
	 * `writePosition` (not when fresh), so a state round-trips. The `{ top }` shuffles draw from it
	 * first, in the order mammal deck, bird pile, terrain cards; play goes on from what they leave.
	 */
	rng: v.optional(v.tuple([Int(0, 0xffffffff), Int(0, 0xffffffff), Int(0, 0xffffffff), Int(0, 0xffffffff)])),
	note: Note
});

/** A position as written (JSON): `config.position` (docs/positions.md § Moa). */
export type MoaPosition = v.InferInput<typeof PositionSchema>;
type Parsed = v.InferOutput<typeof PositionSchema>;
type Ref = number | Colour;

const bad = (message: string): Failure => fail('BAD_POSITION', message);

/** The colours of a game from a position: the chosen ones, then the first free ones in the data's order (the neutral's last, M-11.1). */
export function positionColours(config: MoaConfig): Colour[] {
	const n = config.players;
	const chosen = Array.from({ length: n }, (_, i) => config.colours?.[i] ?? null);
	const free = COLOURS.filter((c) => !chosen.includes(c));
	const colours = chosen.map((c) => c ?? free.shift()!);
	if (n === 2) colours.push(free[0]);
	return colours;
}

/**
 * A game of `config` started at its `position`: the state and the start entry, or `BAD_POSITION`.
 * `config.position` must be set. The state is settled: its phase asks someone (or the game is over).
 */
export function startFromPosition(config: MoaConfig, seed: string): Result<Applied<MoaState, MoaEntry>> {
	const parsed = v.safeParse(PositionSchema, config.position);
	if (!parsed.success) return bad(issueLines(parsed.issues, 'position'));
	const p: Parsed = parsed.output;
	const colours = positionColours(config);
	const base = setupWithLog({ players: config.players, colours: colours.slice(0, config.players), startPlayer: config.startPlayer ?? 0 }, seed);
	if (!base.ok) return base;
	const b = base.value.state;
	const n = b.players;
	const o = n + (b.neutral ? 1 : 0);
	const problems: string[] = [];
	const ref = (r: Ref, at: string, max: number): number => {
		const i = typeof r === 'number' ? r : colours.indexOf(r);
		if (i < 0 || i >= max) problems.push(`${at}: ${r} is not a ${max > n ? 'colour in play' : 'seat'} (colours: ${colours.slice(0, max).join(', ')})`);
		return i;
	};
	const seat = (r: Ref, at: string): Seat => ref(r, at, n);
	const owner = (r: Ref, at: string): number => ref(r, at, o);
	/** A by-seat field: by seat or colour, a missing seat as setup has it. */
	const bySeat = <T, U>(x: (T | null)[] | Partial<Record<Colour, T>> | undefined, at: string, fallback: (s: Seat) => U, read: (t: T, s: Seat) => U): U[] => {
		const out = Array.from({ length: n }, (_, s) => fallback(s));
		if (Array.isArray(x)) {
			if (x.length > n) problems.push(`${at}: ${x.length} entries for ${n} seats`);
			x.slice(0, n).forEach((t, s) => t !== null && (out[s] = read(t, s)));
		} else for (const [c, t] of Object.entries(x ?? {}) as [Colour, T][]) {
			const s = seat(c, `${at}.${c}`);
			if (s >= 0 && s < n) out[s] = read(t, s);
		}
		return out;
	};
	const held = (l: (string | { id: string; fresh: boolean })[]): HeldTile[] => l.map((t) => (typeof t === 'string' ? { id: t, fresh: false } : { id: t.id, fresh: t.fresh }));
	const byOwner = (x: number[] | Partial<Record<Colour, number>> | undefined, at: string, fallback: number[]): number[] => {
		if (x === undefined) return [...fallback];
		if (Array.isArray(x)) {
			if (x.length !== o) problems.push(`${at}: ${x.length} entries for ${o} owners`);
			return Array.from({ length: o }, (_, i) => x[i] ?? 0);
		}
		const out = new Array<number>(o).fill(0);
		for (const [c, k] of Object.entries(x) as [Colour, number][]) {
			const i = owner(c, `${at}.${c}`);
			if (i >= 0 && i < o) out[i] = k;
		}
		return out;
	};

	// Hands, tiles held, taken: by seat.
	const hands = bySeat(p.hands, 'position.hands', (s) => [...b.secret.hands[s]], (h) => [...h]);
	const leaderTiles = bySeat(p.leaderTiles, 'position.leaderTiles', (s) => b.leaderTiles[s].map((t) => ({ ...t })), held);
	const karakia = bySeat(p.karakia, 'position.karakia', (s) => b.karakia[s].map((t) => ({ ...t })), held);
	const taken = bySeat(p.taken, 'position.taken', () => ({ tiles: [] as { kind: MammalKind; vp: number }[], cards: [] as CardId[] }), (t) => ({ tiles: (t.tiles ?? []).map((x) => ({ ...x })), cards: [...(t.cards ?? [])] }));

	// The generator: the position's or setup's. The `{ top }` piles are shuffled from it first (M-0.3:
	// Fisher–Yates over the data's order, the pile's cards placed nowhere else), in the order below.
	const rng = (p.rng ? [...p.rng] : [...b.secret.rng]) as RngState;
	const shuffledUnder = (top: readonly CardId[], all: readonly CardId[], placed: Set<CardId>): CardId[] => [...top, ...shuffle(all.filter((id) => !placed.has(id) && !top.includes(id)), rng)];

	// Mammal cards: the display, the discard, sold cards; the rest in the deck.
	const display: Record<string, CardId[]> = Object.fromEntries(DISPLAY_KINDS.map((k) => [k, [...(p.display?.[k] ?? b.display[k] ?? [])]]));
	for (const k of Object.keys(p.display ?? {})) if (!DISPLAY_KINDS.includes(k as MammalKind)) problems.push(`M-5.4: ${k} cards never enter the display`);
	const mammalDiscard = [...(p.mammalDiscard ?? b.mammalDiscard)];
	const mammalPlaced = new Set([...Object.values(display).flat(), ...mammalDiscard, ...taken.flatMap((t) => t.cards)]);
	const mammalDeck = Array.isArray(p.mammalDeck)
		? [...p.mammalDeck]
		: p.mammalDeck
			? shuffledUnder(p.mammalDeck.top, MAMMAL_DECK, mammalPlaced)
			: [...b.secret.mammalDeck, ...Object.values(b.display).flat(), ...b.mammalDiscard].filter((id) => !mammalPlaced.has(id));

	// Bird cards: hands and the discard; the rest in the pile.
	const birdDiscard = [...(p.birdDiscard ?? b.birdDiscard)];
	const birdPlaced = new Set([...hands.flat(), ...birdDiscard]);
	const birdPile = Array.isArray(p.birdPile)
		? [...p.birdPile]
		: p.birdPile
			? shuffledUnder(p.birdPile.top, BIRD_DECK, birdPlaced)
			: [...b.secret.birdPile, ...b.secret.hands.flat(), ...b.birdDiscard].filter((id) => !birdPlaced.has(id));

	// Terrain cards: drawn and set aside; the rest undrawn.
	const terrainDrawn = [...(p.terrainDrawn ?? b.terrainDrawn)];
	const notDrawn = (id: CardId) => !terrainDrawn.includes(id);
	let terrainAside: CardId[];
	let terrainDeck: CardId[];
	if (p.terrainDeck && !Array.isArray(p.terrainDeck)) {
		// M-0.3 (4): the cards neither drawn, on top nor given as set aside, shuffled; M-4.2: the first
		// 16 of them set aside unless the position names those.
		const top = p.terrainDeck.top;
		const rest = shuffledUnder([], TERRAIN_DECK, new Set([...terrainDrawn, ...top, ...(p.terrainAside ?? [])]));
		terrainAside = p.terrainAside ? [...p.terrainAside] : rest.splice(0, C.terrainSetAsidePerPeriod);
		terrainDeck = [...top, ...rest];
	} else {
		// M-4.2: 16 set aside; by default setup's, those the position draws replaced by the next undrawn.
		terrainAside = p.terrainAside ? [...p.terrainAside] : b.secret.terrainAside.filter(notDrawn);
		if (!p.terrainAside)
			for (const id of [...b.secret.terrainDeck, ...b.terrainDrawn].filter(notDrawn))
				if (terrainAside.length < C.terrainSetAsidePerPeriod && !terrainAside.includes(id)) terrainAside.push(id);
		const terrainPlaced = new Set([...terrainDrawn, ...terrainAside]);
		terrainDeck = p.terrainDeck ? [...p.terrainDeck] : [...b.secret.terrainDeck, ...b.terrainDrawn, ...b.secret.terrainAside].filter((id) => !terrainPlaced.has(id));
	}
	const round = p.round ?? b.round;
	const active: [CardId, CardId] | null = p.active !== undefined ? p.active && [p.active[0], p.active[1]] : p.terrainDrawn || p.round !== undefined ? (round > 0 && terrainDrawn.length >= 2 ? [terrainDrawn.at(-2)!, terrainDrawn.at(-1)!] : null) : b.active;

	// Leader tiles: held, out; a region keeps setup's tile unless the position places it elsewhere.
	const leaderTilesOut = [...(p.leaderTilesOut ?? b.leaderTilesOut)];
	const tilesPlaced = new Set([...leaderTiles.flat().map((t) => t.id), ...leaderTilesOut]);
	const regionTiles = new Set(Object.values(p.regions ?? {}).flatMap((r) => (r.leaderTile ? [r.leaderTile] : [])));
	const regions: Region[] = b.regions.map((r0) => {
		const x = p.regions?.[String(r0.id)];
		const r: Region = { ...r0, birds: [...r0.birds], mammal: r0.mammal && { ...r0.mammal }, sale: r0.sale && { ...r0.sale } };
		if (r.leaderTile !== null && (tilesPlaced.has(r.leaderTile) || regionTiles.has(r.leaderTile)) && x?.leaderTile === undefined) r.leaderTile = null;
		if (!x) return r;
		const at = `position.regions.${r0.id}`;
		if (x.birds !== undefined) r.birds = byOwner(x.birds, `${at}.birds`, new Array(o).fill(0));
		if (x.leader !== undefined) r.leader = x.leader === null ? null : owner(x.leader, `${at}.leader`);
		if (x.leaderTile !== undefined) r.leaderTile = x.leaderTile;
		if (x.stronghold !== undefined) r.stronghold = x.stronghold;
		if (x.mammal !== undefined) {
			const kind = MAMMAL_KINDS.find((k) => k.id === x.mammal?.kind);
			r.mammal = x.mammal && kind ? { kind: kind.id, side: x.mammal.side, combat: x.mammal.combat ?? kind.combat, vp: x.mammal.vp ?? kind.vp } : null;
		}
		if (x.sale !== undefined) r.sale = x.sale && { seller: seat(x.sale.seller, `${at}.sale.seller`), scored: x.sale.scored ?? false };
		return r;
	});

	// Karakia tiles: held; the rest on their type's stack (ascending ids, as used tiles return, M-8.5).
	const karakiaHeld = new Set(karakia.flat().map((t) => t.id));
	const karakiaSupply: Record<string, TileId[]> = Object.fromEntries(Object.keys(b.karakiaSupply).map((type) => [type, KARAKIA_TILES.filter((t) => t.type === (type as KarakiaType) && !karakiaHeld.has(t.id)).map((t) => t.id)]));

	// Pieces (M-1.8): what is not on the board or out of the game is in the supply.
	const leadersOut = byOwner(p.leadersOut, 'position.leadersOut', b.leadersOut);
	const supplyBirds = Array.from({ length: o }, (_, i) => PER_COLOUR.birds - regions.reduce((a, r) => a + (r.birds[i] ?? 0), 0));
	const supplyLeaders = Array.from({ length: o }, (_, i) => PER_COLOUR.leaders - leadersOut[i] - regions.filter((r) => r.leader === i).length);

	// M-1.8: 16 birds and 4 leaders per colour; the supply holds what the board and the box do not.
	for (let i = 0; i < o; i++) {
		const birds = regions.reduce((a, r) => a + (r.birds[i] ?? 0), 0);
		const leaders = regions.filter((r) => r.leader === i).length;
		if (birds > PER_COLOUR.birds) problems.push(`M-1.8: ${birds} ${colours[i]} birds on the board; a colour has ${PER_COLOUR.birds}`);
		if (leaders + leadersOut[i] > PER_COLOUR.leaders) problems.push(`M-1.8: ${leaders} ${colours[i]} leaders on the board and ${leadersOut[i]} out of the game; a colour has ${PER_COLOUR.leaders}`);
	}
	const volcano = p.volcano ?? b.volcano;
	const marker = p.startPlayer === undefined ? b.startPlayer : seat(p.startPlayer, 'position.startPlayer');
	const vp = p.vp ?? b.vp;
	if (vp.length !== n) problems.push(`position.vp: ${vp.length} entries for ${n} seats`);
	const owe = p.owe ?? b.owe;
	if (owe.length !== n) problems.push(`position.owe: ${owe.length} entries for ${n} seats`);
	if (problems.length) return bad(problems.slice(0, 6).join('; '));

	const s: MoaState = {
		...b,
		startPlayer: marker,
		period: p.period ?? b.period,
		round,
		phase: b.phase,
		tasks: b.tasks.map((t) => ({ ...t }) as Task),
		regions,
		volcano,
		erupted: volcano >= ERUPTION_SPACE, // M-5.6: the marker's arrival erupts the volcano
		vp: [...vp],
		sales: p.sales ?? b.sales,
		display,
		mammalDiscard,
		mammalDeckLeft: mammalDeck.length,
		taken,
		supplyBirds,
		supplyLeaders,
		leadersOut,
		leaderTiles,
		leaderTilesOut,
		karakia,
		karakiaSupply,
		active,
		terrainDrawn,
		terrainDeckLeft: terrainDeck.length,
		handSize: hands.map((h) => h.length),
		birdPileLeft: birdPile.length,
		birdDiscard,
		owe: [...owe],
		periodScores: (p.periodScores ?? b.periodScores).map((x) => x.map((y) => ({ ...y }))),
		secret: { seed, rng, hands, birdPile, terrainDeck, terrainAside, mammalDeck }
	};
	// Conservation first: the checks after it read the cards' data.
	const errs = invariantErrors(s);
	if (errs.length) return bad(errs.slice(0, 6).join('; '));
	const decided = decision(s, p, seat);
	if (!decided.ok) return decided;
	problems.push(...roundProblems(s));
	if (problems.length) return bad(problems.slice(0, 6).join('; '));
	const log: MoaEntry[] = [{ type: 'start', colours: [...s.colours], firstPlayer: s.firstPlayer, leaderTiles: s.regions.map((r) => r.leaderTile), neutral: s.neutral }];
	return ok({ state: s, log });
}

/** The phase and tasks the position asks for, checked against the board (sets them on `s`). */
function decision(s: MoaState, p: Parsed, seat: (r: Ref, at: string) => Seat): Result<null> {
	if (!p.phase) {
		if (p.tasks) return bad('position.tasks: tasks follow a decision; name the phase too');
		return ok(null);
	}
	const x = p.phase;
	const problems: string[] = [];
	const order = playerOrder(s);
	const after = (who: Seat): Seat[] => order.slice(order.indexOf(who) + 1);
	let phase: Phase;
	let tasks: Task[];
	switch (x.kind) {
		case 'turn': {
			const who = seat(x.seat, 'position.phase.seat');
			phase = { kind: 'turn', seat: who, acted: x.acted ?? false };
			const rest = after(who);
			// M-11.2: in the 2-player game the neutral's roll follows every turn.
			tasks = [...(s.neutral ? [{ t: 'neutral', seat: who } as Task] : []), ...(rest.length ? [{ t: 'turns', seats: rest } as Task] : []), { t: 'roundEnd' }];
			break;
		}
		case 'defend': {
			const who = seat(x.seat, 'position.phase.seat');
			const r = s.regions[x.region - 1];
			const m = mammal(x.card);
			// M-6.3: the attacking card's tile lies on the region, attack side up; the card is discarded.
			if (!m) problems.push(`M-1.3: ${x.card} is no mammal card`);
			else if (r.mammal?.side !== 'attack' || r.mammal.kind !== m.kind) problems.push(`M-6.3: region ${x.region} has no ${m.kind} tile on its attack side, so ${x.card} does not attack it`);
			else if (!s.mammalDiscard.includes(x.card)) problems.push(`M-6.3: the attacking card ${x.card} lies on the mammal discard pile`);
			phase = { kind: 'defend', seat: who, region: x.region, card: x.card, order: (x.order ?? []).map((q, i) => seat(q, `position.phase.order[${i}]`)) };
			tasks = [{ t: 'turns', seats: order }, { t: 'roundEnd' }];
			break;
		}
		case 'neutral': {
			if (!s.neutral) problems.push('M-11.2: only the 2-player game has the neutral');
			const who = seat(x.seat, 'position.phase.seat');
			phase = { kind: 'neutral', seat: who, roll: x.roll };
			const rest = after(who);
			tasks = [...(rest.length ? [{ t: 'turns', seats: rest } as Task] : []), { t: 'roundEnd' }];
			break;
		}
		case 'over':
			// M-10.4: the game ends after the scoring of period 2.
			if (s.period !== C.periods || s.periodScores.length !== C.periods) problems.push(`M-10.4: the game ends after period ${C.periods} is scored (period ${s.period}, ${s.periodScores.length} periods scored)`);
			phase = { kind: 'over' };
			tasks = [];
			break;
	}
	if (p.tasks) tasks = p.tasks.map((t, i) => (t.t === 'turns' ? { t: 'turns', seats: t.seats.map((q, j) => seat(q, `position.tasks[${i}].seats[${j}]`)) } : t.t === 'neutral' ? { t: 'neutral', seat: seat(t.seat, `position.tasks[${i}].seat`) } : t.t === 'invade' ? { t: 'invade', cards: [...t.cards] } : { ...t }));
	if (problems.length) return bad(problems.join('; '));
	if (phase.kind !== 'over' && tasks.length === 0) return bad('position.tasks: a running game always has something to follow (at least the end of the round)');
	s.phase = phase;
	s.tasks = tasks;
	return ok(null);
}

/** The round and its terrain cards (M-3, M-4.2, M-5.1). */
function roundProblems(s: MoaState): string[] {
	const out: string[] = [];
	const running = s.phase.kind !== 'over';
	if (running && s.phase.kind !== 'busy' && s.round === 0) out.push('M-3: decisions are taken in rounds 1–7, not round 0');
	// M-4.2: each period sets 16 terrain cards aside; M-5.1: two are drawn each round.
	if (s.secret.terrainAside.length !== C.terrainSetAsidePerPeriod) out.push(`M-4.2: ${s.secret.terrainAside.length} terrain cards set aside, not ${C.terrainSetAsidePerPeriod}`);
	if (s.terrainDrawn.length !== C.terrainCardsPerRound * s.round) out.push(`M-5.1: ${s.terrainDrawn.length} terrain cards drawn by round ${s.round}, not ${C.terrainCardsPerRound * s.round}`);
	if (s.active && (s.active[0] !== s.terrainDrawn.at(-2) || s.active[1] !== s.terrainDrawn.at(-1))) out.push('M-5.1: the active terrain cards are the last two drawn');
	if (running && s.round > 0 && !s.active) out.push('M-5.1: a round has two active terrain cards');
	if (s.periodScores.length > s.period || (running && s.periodScores.length !== s.period - 1)) out.push(`M-9: ${s.periodScores.length} periods scored in period ${s.period}`);
	return out;
}

/**
 * A state written as a position, secrets and the generator included (the kind's `position.write`):
 * the scenario extra `{ startPlayer, colours, position }` that starts a game at exactly this state
 * with its seed.
 *
 * `fresh` (issue 34, engine/kind.ts `WriteOptions`): what only the seed decided and nobody has seen
 * is left to the new game's seed — the generator (M-0.3: it tells every later shuffle and d12 roll),
 * the mammal deck's order (M-0.2.4), the bird pile (M-0.2.2: which cards and their order) and which
 * terrain cards are set aside and the undrawn ones' order (M-0.2.3; only their combined set is public,
 * M-0.1). Each is written `{ top: [] }`: the pile's cards placed nowhere else, shuffled from the seed.
 * No one has seen any part of these piles' order (a card drawn leaves its pile), so no top is kept.
 * Everything public (the board, the display, the discard piles card by card, the drawn terrain
 * cards, M-0.1) and the hands (M-0.2.1: each its seat's) is written exactly.
 */
export function writePosition(s: MoaState, opts: WriteOptions = {}): { startPlayer: Seat; colours: Colour[]; position: MoaPosition } {
	const x = s.secret;
	const fresh = opts.fresh === true;
	const held = (l: HeldTile[]) => l.map((t) => (t.fresh ? { id: t.id, fresh: true } : t.id));
	const phase = ((): MoaPosition['phase'] => {
		const q = s.phase;
		switch (q.kind) {
			case 'turn':
				return { kind: 'turn', seat: q.seat, acted: q.acted };
			case 'defend':
				return { kind: 'defend', seat: q.seat, region: q.region, card: q.card, order: [...q.order] };
			case 'neutral':
				return { kind: 'neutral', seat: q.seat, roll: q.roll };
			case 'over':
			case 'busy':
				return { kind: 'over' };
		}
	})();
	return {
		startPlayer: s.firstPlayer,
		colours: s.colours.slice(0, s.players),
		position: {
			period: s.period,
			round: s.round,
			startPlayer: s.startPlayer,
			phase,
			tasks: s.tasks.map((t) => ({ ...t, ...(t.t === 'turns' ? { seats: [...t.seats] } : t.t === 'invade' ? { cards: [...t.cards] } : {}) })) as Task[],
			regions: Object.fromEntries(
				s.regions.map((r) => [
					String(r.id),
					{ birds: [...r.birds], leader: r.leader, leaderTile: r.leaderTile, stronghold: r.stronghold, mammal: r.mammal && { ...r.mammal }, sale: r.sale && { ...r.sale } }
				])
			),
			volcano: s.volcano,
			vp: [...s.vp],
			sales: s.sales,
			display: Object.fromEntries(Object.entries(s.display).map(([k, c]) => [k, [...c]])) as Record<MammalKind, CardId[]>,
			mammalDeck: fresh ? { top: [] } : [...x.mammalDeck],
			mammalDiscard: [...s.mammalDiscard],
			active: s.active && [s.active[0], s.active[1]],
			terrainDrawn: [...s.terrainDrawn],
			...(fresh ? { terrainDeck: { top: [] } } : { terrainDeck: [...x.terrainDeck], terrainAside: [...x.terrainAside] }),
			hands: x.hands.map((h) => [...h]),
			birdPile: fresh ? { top: [] } : [...x.birdPile],
			birdDiscard: [...s.birdDiscard],
			leaderTiles: s.leaderTiles.map(held),
			leaderTilesOut: [...s.leaderTilesOut],
			karakia: s.karakia.map(held),
			taken: s.taken.map((t) => ({ tiles: t.tiles.map((y) => ({ ...y })), cards: [...t.cards] })),
			leadersOut: [...s.leadersOut],
			owe: [...s.owe],
			periodScores: s.periodScores.map((q) => q.map((y) => ({ ...y }))),
			...(fresh ? {} : { rng: [x.rng[0], x.rng[1], x.rng[2], x.rng[3]] as [number, number, number, number] })
		}
	};
}

/** Moa's start: from the position when the config has one (a test seam), else the setup (M-2). */
export function start(config: MoaConfig, seed: string): Result<Applied<MoaState, MoaEntry>> {
	return config.position === undefined ? setupWithLog(config, seed) : startFromPosition(config, seed);
}
