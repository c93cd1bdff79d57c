/**
 * The shape of a full Giants position (docs/positions.md § Giants): a game in progress at any point
 * of any round, as JSON a person can write. Validated with valibot at the edge of the engine (the
 * kind's `config`), so bad input is a `BAD_POSITION` naming its path, never an exception.
 *
 * What makes a position *full* is its `phase`: without one, `config.position` is the older
 * round-start position (types.ts `StartPosition`, setup.ts `applyPosition`), which keeps its meaning.
 */
import * as v from 'valibot';
import { Note } from '$lib/engine/scenario';

const COLOURS = ['blue', 'green', 'red', 'yellow', 'purple'] as const;
const Int = (lo: number, hi: number) => v.pipe(v.number(), v.integer(), v.minValue(lo), v.maxValue(hi));
const Count = Int(0, 30);
const Bool = v.optional(v.boolean());
export const ColourSchema = v.picklist(COLOURS);
/** A seat: its number, or its colour in this position. */
const SeatRef = v.union([Int(0, 4), ColourSchema], 'a seat: a number 0–4 or a colour name');
const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,12}$/, 'an id of letters and digits'));
const Ids = v.pipe(v.array(Id), v.maxLength(40));
/** By seat, in seat order; `null`: nothing for that seat. */
const BySeat = <T extends v.GenericSchema>(x: T) => v.pipe(v.array(v.nullable(x)), v.maxLength(5));

/** G-3.1: a sealed bid (markers and sculptors from behind the screen). */
const BidSchema = v.strictObject({ markers: Count, workers: Count, medicineMan: Bool, chief: Bool });
/** G-6.0: a sealed end-of-round choice (statue ids to mark, markers to take back). */
const ChoiceSchema = v.strictObject({ mark: Ids, release: Ids });
/** G-3.3: bid figures not yet assigned to a moai. */
const SculptorsSchema = v.strictObject({ workers: Count, medicineMan: Bool, chief: Bool });

const PhaseSchema = v.variant('kind', [
	/** Phase 2, G-3.1: the sealed bids in so far, by seat (null: not yet). */
	v.strictObject({ kind: v.literal('bid'), bids: v.optional(BySeat(BidSchema)), note: Note }),
	/** Phase 2, G-3.3/G-3.4: whose choice it is; `pass` 1 is everyone's first choice, 2+ the extra picks; `out`: who declined an extra pick. */
	v.strictObject({
		kind: v.literal('carve'),
		turn: SeatRef,
		pass: v.optional(Int(1, 99)),
		left: v.optional(BySeat(SculptorsSchema)),
		out: v.optional(v.pipe(v.array(SeatRef), v.maxLength(5))),
		note: Note
	}),
	/** Phase 3 (G-4) and phase 4 (G-5): whose turn it is. */
	v.strictObject({ kind: v.literal('place'), turn: SeatRef, note: Note }),
	v.strictObject({ kind: v.literal('transport'), turn: SeatRef, note: Note }),
	/** Phase 5, G-6.0: the sealed choices in so far, by seat (null: not yet). */
	v.strictObject({ kind: v.literal('choice'), choices: v.optional(BySeat(ChoiceSchema)), note: Note }),
	/** The game is over (G-6.1, G-6.4). */
	v.strictObject({ kind: v.literal('over'), reason: v.picklist(['pedestals', 'round-limit', 'no-erect']), note: Note })
]);

const PlayerSchema = v.strictObject({
	colour: v.optional(ColourSchema),
	/** Behind the screen; `medicineMan`, `chief` and `pedestals` default to what is nowhere else. */
	behind: v.optional(v.strictObject({ workers: v.optional(Count), medicineMan: Bool, chief: Bool, markers: v.optional(Count), pedestals: v.optional(Count), logs: v.optional(Count) })),
	/** In front of the screen: the revealed bid (G-3.5), markers spent on rongo (G-4.4), rongo halves. */
	front: v.optional(v.strictObject({ workers: v.optional(Count), medicineMan: Bool, chief: Bool, markers: v.optional(Count), rongo: v.optional(Count) })),
	lent: v.optional(Int(0, 9999)),
	score: v.optional(Int(0, 9999)),
	passed: Bool,
	chiefActionUsed: Bool,
	note: Note
});

const StatueSchema = v.strictObject({
	/** `m`/`h` and a number; default the letter of its kind and its place in the list (m1, h2, …). */
	id: v.optional(v.pipe(v.string(), v.regex(/^[mh][1-9][0-9]{0,3}$/, 'm or h and a number'))),
	kind: v.picklist(['moai', 'headdress']),
	size: v.optional(v.picklist([1, 2, 3])),
	/** Where it lies: in front of a seat's screen, on a hex, or on an ahu (exactly one). */
	front: v.optional(SeatRef),
	hex: v.optional(Id),
	ahu: v.optional(Id),
	/** Default: the marker's seat, else the seat it lies in front of, else nobody. */
	owner: v.optional(v.nullable(SeatRef)),
	marker: v.optional(SeatRef),
	/** Default: on a hex with neither marker nor owner. */
	abandoned: Bool,
	/** G-5.7: put on its quarry at the end of this round's phase 4. */
	unmoved: Bool,
	note: Note
});

const HexSchema = v.strictObject({
	workers: v.optional(v.pipe(v.array(Int(0, 6)), v.maxLength(5))),
	medicineMen: v.optional(v.pipe(v.array(Int(0, 1)), v.maxLength(5))),
	chiefs: v.optional(v.pipe(v.array(Int(0, 1)), v.maxLength(5))),
	logs: v.optional(Int(0, 27)),
	note: Note
});

/** A die: its face, or `{ face, broken: true }` for a broken moai (G-3.0.3). */
const DieSchema = v.union([Int(0, 3), v.strictObject({ face: Int(0, 3), broken: Bool })]);

export const FullPositionSchema = v.strictObject({
	round: v.optional(Int(1, 25)),
	startPlayer: v.optional(SeatRef),
	phase: PhaseSchema,
	players: v.optional(BySeat(PlayerSchema)),
	/** Figures and logs by hex; the arrays by seat. */
	board: v.optional(v.record(Id, HexSchema)),
	statues: v.optional(v.pipe(v.array(StatueSchema), v.maxLength(80))),
	/** Reserved empty ahus: the seat whose pedestal stands there (G-4.2). */
	reserved: v.optional(v.record(Id, SeatRef)),
	forestsCut: v.optional(Ids),
	/** This round's dice, white first (G-2.4, G-3.0). */
	dice: v.optional(v.pipe(v.array(DieSchema), v.maxLength(5))),
	/** Logs that left the game at the end of a phase 4 (G-5.9). */
	logsOut: v.optional(Int(0, 27)),
	/** The generator's four 32-bit integers (G-0.3); default: fresh from the game's seed. */
	rng: v.optional(v.tuple([Int(0, 0xffffffff), Int(0, 0xffffffff), Int(0, 0xffffffff), Int(0, 0xffffffff)])),
	note: Note
});

/** A full position as written (JSON). */
export type GiantsPosition = v.InferInput<typeof FullPositionSchema>;
export type ParsedPosition = v.InferOutput<typeof FullPositionSchema>;

/**
 * The round-start position (types.ts `StartPosition`, docs/giants-notation.md § Starting position) as
 * the engine reads it: seats by number (a scenario file's colours are resolved by scenario.ts). Its
 * shape is checked before setup.ts applies it, so malformed input is a `BAD_POSITION`, not an exception.
 */
const SeatNo = Int(0, 4);
export const StartPositionSchema = v.strictObject({
	round: v.optional(v.number()),
	startPlayer: v.optional(v.number()),
	players: v.optional(
		BySeat(
			v.strictObject({
				behind: v.optional(v.strictObject({ workers: v.optional(v.number()), medicineMan: Bool, chief: Bool, markers: v.optional(v.number()), pedestals: v.optional(v.number()), logs: v.optional(v.number()) })),
				rongo: v.optional(Count),
				lent: v.optional(Int(0, 9999)),
				score: v.optional(Int(0, 9999))
			})
		)
	),
	statues: v.optional(
		v.pipe(
			v.array(v.strictObject({ kind: v.picklist(['moai', 'headdress']), size: v.optional(v.picklist([1, 2, 3])), hex: v.optional(Id), ahu: v.optional(Id), owner: v.optional(SeatNo), marker: v.optional(SeatNo), abandoned: Bool })),
			v.maxLength(80)
		)
	),
	reserved: v.optional(v.record(Id, SeatNo)),
	forestsCut: v.optional(Ids)
});
