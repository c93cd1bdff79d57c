/**
 * Giants: the shape of a game. States are plain JSON (conventions §2) so they round-trip through
 * storage and the wire unchanged. Seats are 0-based, in clockwise seating order.
 */
import type { RngState, Seat, Viewer } from '$lib/engine';
import type { GiantsPosition } from './positionSchema';

export type { Seat, Viewer };

export type Colour = 'blue' | 'green' | 'red' | 'yellow' | 'purple';
export type Figure = 'worker' | 'medicineMan' | 'chief';
export type HexId = string;
export type AhuId = string;
export type StatueId = string;
export type Size = 1 | 2 | 3;

export interface GiantsConfig {
	/** G-2.1: 3 to 5 players. */
	players: number;
	/** G-2.1 option: 2 workers instead of 1 behind each screen. */
	quickStart?: boolean;
	/** G-2.5 option: moai are scored when erected. */
	immediateScoring?: boolean;
	/** Colour of each seat; default: the first `players` colours of the board data. */
	colours?: Colour[];
	/** G-2.3: the creator may fix the start player; otherwise it comes from the seed. */
	startPlayer?: number;
	/** Scenarios and tests only (never set by the platform): raw die faces per round, round 1 first. */
	forcedDice?: number[][];
	/**
	 * Scenarios, tests and games played on from a position: a round-start position (docs/giants-notation.md
	 * § Starting position) or, with a `phase`, a full position (docs/positions.md § Giants).
	 */
	position?: StartPosition | GiantsPosition;
}

/** Scenario starting position, applied to a fresh setup at the start of `round` (phase 1). */
export interface StartPosition {
	round?: number;
	startPlayer?: number;
	players?: Array<{
		behind?: Partial<Behind>;
		rongo?: number;
		lent?: number;
		score?: number;
	} | null>;
	statues?: Array<{
		kind: 'moai' | 'headdress';
		size?: Size;
		hex?: HexId;
		ahu?: AhuId;
		owner?: Seat;
		marker?: Seat;
		abandoned?: boolean;
	}>;
	/** Reserved ahus (an empty ahu with the seat's pedestal). */
	reserved?: Record<AhuId, Seat>;
	forestsCut?: HexId[];
}

/** What lies behind a player's screen. */
export interface Behind {
	workers: number;
	medicineMan: boolean;
	chief: boolean;
	markers: number;
	pedestals: number;
	logs: number;
}

/** What lies in front of a player's screen: bid figures and markers (out of use this round), rongo halves. */
export interface Front {
	workers: number;
	medicineMan: boolean;
	chief: boolean;
	markers: number;
	rongo: number;
}

export interface Player {
	colour: Colour;
	behind: Behind;
	front: Front;
	/** G-2.2: what is left in the bag of this colour (public, G-0.1). */
	bag: { workers: number; markers: number };
	/** Points earned by lending figures (G-5.3). */
	lent: number;
	/** The score track: lending points, plus moai points at once with immediate scoring (G-2.5). */
	score: number;
	/** Passed in the current phase 3 or 4. */
	passed: boolean;
	/** G-4.3: the chief's action is once per phase 3. */
	chiefActionUsed: boolean;
}

/** Figures and logs on one hex; the arrays are indexed by seat. */
export interface HexContent {
	workers: number[];
	medicineMen: number[];
	chiefs: number[];
	logs: number;
}

export type StatueLoc =
	| { kind: 'front'; seat: Seat }
	| { kind: 'hex'; hex: HexId }
	| { kind: 'ahu'; ahu: AhuId };

export interface Statue {
	id: StatueId;
	kind: 'moai' | 'headdress';
	/** A headdress carries like a size-1 moai (G-5.2) and is stored with size 1. */
	size: Size;
	loc: StatueLoc;
	/** Who controls it: the carver, the erector, the last to mark it; null once abandoned. */
	owner: Seat | null;
	marker: Seat | null;
	/** G-5.8: on the board, neither erected, crowning nor marked at the end of a round. */
	abandoned: boolean;
}

export interface AhuState {
	/** The pedestal's colour: a reservation while `moai` is null (G-4.2), else the erector (G-5.4). */
	pedestal: Seat | null;
	moai: StatueId | null;
	crown: StatueId | null;
}

export interface DieRoll {
	colour: 'white' | 'brown';
	face: number;
	/** The size after G-3.0.2 (first round: 0→1, 3→2). */
	size: number;
	/** G-3.0.3: no moai of that size was left. */
	broken: boolean;
}

export interface Bid {
	markers: number;
	workers: number;
	medicineMan: boolean;
	chief: boolean;
}

export interface Sculptors {
	workers: number;
	medicineMan: boolean;
	chief: boolean;
}

export interface RoundEndChoice {
	mark: StatueId[];
	release: StatueId[];
}

export type SealedDecision = Bid | RoundEndChoice;

export type Phase =
	/** Phase 2, G-3.1: sealed bids; `submitted` is public, the bids are secret. */
	| { kind: 'bid'; submitted: boolean[] }
	/** Phase 2, G-3.2–3.4: choosing moai in auction order. */
	| {
			kind: 'carve';
			bids: Bid[];
			order: Seat[];
			/** Bid figures not yet assigned to a moai. */
			left: Sculptors[];
			taken: number[];
			/** 1 = the first pass (everybody one choice); 2+ = the extra picks of G-3.4. */
			pass: number;
			index: number;
			/** Declined during the extra picks: no more turns. */
			out: boolean[];
			turn: Seat;
	  }
	/** Phase 3 (G-4): one placement per turn. */
	| { kind: 'place'; turn: Seat }
	/** Phase 4 (G-5): one statue per turn. */
	| { kind: 'transport'; turn: Seat }
	/** Phase 5, G-6.0: sealed end-of-round choice of the eligible seats. */
	| { kind: 'choice'; eligible: boolean[]; submitted: boolean[] }
	| { kind: 'over'; reason: 'pedestals' | 'round-limit' | 'no-erect' };

/** Everything anybody may know (G-0.1). Views are built from this part only. */
export interface PublicState {
	game: 'giants';
	engineVersion: string;
	options: { players: number; quickStart: boolean; immediateScoring: boolean };
	/** G-0.3: SHA-256 of the seed, public from the start. */
	seedCommitment: string;
	round: number;
	startPlayer: Seat;
	players: Player[];
	board: Record<HexId, HexContent>;
	ahus: Record<AhuId, AhuState>;
	statues: Statue[];
	supply: { moai: [number, number, number]; headdresses: number; logs: number; rongo: number };
	/** Logs that left the game at the end of a phase 4 (G-5.9). */
	logsOut: number;
	forestsCut: HexId[];
	dice: DieRoll[];
	/** Moai sizes on display at the quarry tile this round (G-3.0.4). */
	display: number[];
	/** G-5.7: statues put on a quarry at the end of this round's phase 4 (markable in G-6.0). */
	unmoved: StatueId[];
	/** Counter for statue ids. */
	nextStatue: number;
	phase: Phase;
}

export interface Secret {
	seed: string;
	rng: RngState;
	/** Sealed decisions of the current phase 2 or 5, by seat (G-0.2). */
	sealed: (SealedDecision | null)[];
	forcedDice: number[][] | null;
}

export interface GiantsState extends PublicState {
	secret: Secret;
}

export interface GiantsView extends PublicState {
	viewer: Viewer;
	/** The viewer's own sealed decision, if submitted and not yet revealed. */
	mySealed: SealedDecision | null;
	/** Revealed once the game is over (G-0.3). */
	seed: string | null;
}

/** Anything the legal-move helpers can read: the full state or any seat's view. */
export type Readable = PublicState;

export type Borrow = { chief: Seat } | { figures: Seat[] };

export type GiantsMove =
	| { type: 'bid'; markers: number; workers: number; medicineMan?: boolean; chief?: boolean }
	| { type: 'carve'; size: Size; workers: number; medicineMan?: boolean; chief?: boolean }
	| { type: 'place'; figure: Figure; hex: HexId; logs?: number }
	| { type: 'action'; figure: 'medicineMan' | 'chief'; hex: HexId; logs?: number; ahu?: AhuId }
	| { type: 'rongo' }
	/** `phase`: optional, the phase the pass is meant for (a queued pass, issue 32); refused in any other. */
	| { type: 'pass'; phase?: 'carve' | 'place' | 'transport' }
	| {
			type: 'move';
			statue: StatueId;
			path: HexId[];
			borrow?: Record<HexId, Borrow>;
			erect?: AhuId;
			crown?: AhuId;
			mark?: true;
	  }
	| { type: 'mark'; statue: StatueId }
	| { type: 'choose'; mark: StatueId[]; release: StatueId[] };

export type ActionKind = 'village' | 'hut' | 'forest' | 'headdress' | 'reserve';

/** One lender on one hex of a transport (G-5.3). */
export interface Lending {
	hex: HexId;
	seat: Seat;
	figure: 'worker' | 'chief';
	count: number;
	points: number;
}

/** Public, structured log entries; the UI renders them in each language. */
export type GiantsEntry =
	| { type: 'round'; round: number; startPlayer: Seat }
	| { type: 'roll'; dice: DieRoll[]; display: number[] }
	| { type: 'no-auction' }
	| { type: 'bid-in'; seat: Seat; replaced: boolean }
	| { type: 'bids'; bids: Bid[]; order: Seat[] }
	| { type: 'carve'; seat: Seat; size: Size; statue: StatueId; sculptors: Sculptors }
	| { type: 'display-returned'; sizes: number[] }
	| { type: 'phase'; phase: 'place' | 'transport' | 'choice' }
	| { type: 'place'; seat: Seat; figure: Figure; hex: HexId; logs: number }
	| {
			type: 'action';
			seat: Seat;
			figure: 'medicineMan' | 'chief';
			hex: HexId;
			logs: number;
			action: ActionKind;
			/** What was gained: 0 when the bag or supply was empty. */
			gained: number;
			ahu?: AhuId;
			statue?: StatueId;
	  }
	| { type: 'rongo'; seat: Seat }
	| { type: 'pass'; seat: Seat; phase: 'carve' | 'place' | 'transport'; auto: boolean }
	| {
			type: 'move';
			seat: Seat;
			statue: StatueId;
			from: HexId;
			path: HexId[];
			lent: Lending[];
			erect?: AhuId;
			crown?: AhuId;
			mark?: boolean;
			points?: number;
	  }
	| { type: 'mark'; seat: Seat; statue: StatueId; hex: HexId }
	| { type: 'unmoved'; statues: { statue: StatueId; hex: HexId }[] }
	| { type: 'logs-out'; count: number }
	| { type: 'choice-in'; seat: Seat; replaced: boolean }
	| { type: 'choices'; choices: ({ seat: Seat } & RoundEndChoice)[] }
	| { type: 'abandoned'; statues: StatueId[] }
	| { type: 'over'; reason: 'pedestals' | 'round-limit' | 'no-erect'; totals: number[]; winners: Seat[] };
