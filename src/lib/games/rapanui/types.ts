/**
 * Rapa Nui: the shape of a game (../shared/rules/rapanui.md, cited R-x.y). States are plain JSON
 * (conventions §2). Seats are 0-based, in clockwise seating order (the lobby order).
 *
 * Everything outside `secret` is public (R-0.1, perfect memory). `secret` holds exactly what
 * calls secret plus what follows from it (each player's exact offering collection): a view replaces
 * what its viewer may not see with null, so the same rule code reads a state or a view.
 */
import type { Seat, Viewer } from '$lib/engine';
import type { RapaNuiPosition } from './position';

export type { Seat, Viewer };

/** The four kinds of hunter-gatherers and offering cards. */
export type Kind = 'fish' | 'paper_mulberry' | 'sweet_potato' | 'grain';
/** A card's type for playing and scoring: each kind is a type of its own. */
export type CardType = 'woodcutter' | 'priest' | 'moai' | Kind;
export type Colour = 'yellow_green' | 'light_blue' | 'red' | 'purple';
/** A Rapa Nui card or start card, e.g. `moai-3`, `start-red-fish` (rapanui-data.json). */
export type CardId = string;
export type Offerings = Record<Kind, number>;
export type MoaiChoice = 'fame' | 'wood';

export interface RapaNuiConfig {
	/** 2 to 4 players. */
	players: number;
	/** each seat's colour chosen in the lobby; null (or missing): drawn from the colours left. */
	colours?: (Colour | null)[];
	/** the creator fixes the order: this seat starts. Otherwise the seed draws it. */
	startPlayer?: number;
	/** Tests and scenarios only (never set by the platform): the draw pile's order instead of the shuffle. */
	deck?: CardId[];
	/** Tests and scenarios only (never set by the platform): a game in progress to start from (position.ts). */
	position?: RapaNuiPosition;
}

/** One offering card on the sacrifice stone, bottom first. */
export interface StoneCard {
	/** Who laid it. */
	seat: Seat;
	/** The sacrifice round (numbered 1, 2, … in the game, R-0.1). */
	round: number;
	/** Face up (R-5.7 a, c) or face down (R-5.7 b). */
	faceUp: boolean;
	/** c: the builder's card from a supply pile. */
	fromSupply: boolean;
	/** Its kind; null for a face-down card (its kind is in `secret.faceDown`). */
	kind: Kind | null;
}

/** Who is due an offering card while its pile may be empty. */
export interface Due {
	seat: Seat;
	bonus: boolean;
}

export type Phase =
	/** Steps 1 and 2: in step 1 the active player may buy or play; in step 2 only play. */
	| { kind: 'turn'; step: 1 | 2 }
	/** `queue[0]` lays a card; `part` a: the others, b: the builder's face-down card, c: the supply card. */
	| { kind: 'sacrifice'; round: number; part: 'a' | 'b' | 'c'; queue: Seat[] }
	/** Step 3: `left` draws to go; `uncovered` the card the last draw uncovered. */
	| { kind: 'draw'; left: number; uncovered: CardId | null }
	/** the seats still to choose (the choices are sealed in `secret.moai`). */
	| { kind: 'moai'; waiting: Seat[]; choosers: Seat[] }
	/** the pile of `scored` is empty; `due[0]` may take a substitute card or decline. */
	| { kind: 'substitute'; scored: Kind; due: Due[] }
	/** the game is over. */
	| { kind: 'over'; reason: 'refill' };

export interface Secret {
	seed: string;
	/** the draw pile, index 0 on top. */
	pile: CardId[];
	/** Each seat's exact offering collection (the ledger minus its face-down cards' kinds). */
	collections: Offerings[];
	/** the kind of each face-down card on the stone, in the order they were laid. */
	faceDown: Kind[];
	/** the sealed moai choices of the scoring in progress, by seat. */
	moai: (MoaiChoice | null)[];
}

export interface RapaNuiState {
	players: number;
	/** Each seat's colour. */
	colours: Colour[];
	/** seat 1 of the rulebook; turns go clockwise from here. */
	startPlayer: Seat;
	/** SHA-256 of the seed, public from the start. */
	seedCommitment: string;
	/** Turns begun so far (1 during the first turn). */
	turn: number;
	/** Whose turn it is. */
	active: Seat;
	phase: Phase;
	/** the general display, four columns, each back to front (the front card is the last). */
	columns: CardId[][];
	/** how many cards are left in the draw pile. */
	pileLeft: number;
	/** Hands (R-0.1: open). */
	hands: CardId[][];
	/** Personal displays, in the order played. */
	displays: CardId[][];
	/** moai returned to the box. */
	box: CardId[];
	wood: number[];
	fame: number[];
	/** The supply piles. */
	supply: Offerings;
	/** the public offering ledger by seat (1 + taken − sacrificed face up). */
	ledger: Offerings[];
	/** b: how many face-down sacrifices each seat made. */
	faceDowns: number[];
	/** The sacrifice stone, bottom first; the last card is the top card. */
	stone: StoneCard[];
	/** Sacrifice rounds so far (R-0.1 numbers them 1, 2, 3, …). */
	rounds: number;
	secret: Secret;
}

/** What a viewer may see of `secret` (null where they may not; everything once the game is over). */
export interface Hidden {
	seed: string | null;
	pile: CardId[] | null;
	collections: (Offerings | null)[];
	faceDown: (Kind | null)[];
	moai: (MoaiChoice | null)[];
}

export type RapaNuiView = Omit<RapaNuiState, 'secret'> & {
	viewer: Viewer;
	secret: Hidden;
	/** who has made their sealed moai choice (seen by all; the choices are not). */
	chosen: Seat[];
};

/** State or view: what the rule helpers read. */
export type Readable = RapaNuiState | RapaNuiView;

export type RapaNuiMove =
	/** buy one offering card of this kind. */
	| { type: 'buy'; kind: Kind }
	/** play `count` cards of `card` (count > 1 only for hunter-gatherers). */
	| { type: 'play'; card: CardType; count: number }
	/** with 3 moai and less than 7 wood, end step 1 without buying (the moai returns by itself). */
	| { type: 'skip' }
	/** a (face up) or b (face down, the builder): one card of this kind from the collection. */
	| { type: 'sacrifice'; kind: Kind }
	/** c: the builder's card from this supply pile. */
	| { type: 'supply'; kind: Kind }
	/** draw the front card of this column (0–3). */
	| { type: 'draw'; column: number }
	/** the sealed choice of fame or wood. */
	| { type: 'moai'; choice: MoaiChoice }
	/** a substitute card from this pile, or null to decline. */
	| { type: 'substitute'; kind: Kind | null };

/** The public log (safe for every seat and spectators; R-0.2's secrets never appear before the end). */
export type RapaNuiEntry =
	/** the seating, colours and the dealt display (columns back to front). */
	| { type: 'start'; startPlayer: Seat; colours: Colour[]; display: CardId[][] }
	| { type: 'turn'; seat: Seat; turn: number }
	| { type: 'buy'; seat: Seat; kind: Kind; cost: number }
	| { type: 'play'; seat: Seat; card: CardType; count: number; cost: number }
	/** a moai back to the box, nothing played. */
	| { type: 'return'; seat: Seat; card: CardId }
	/** a/b/c: kind null for a face-down card. */
	| { type: 'sacrifice'; seat: Seat; round: number; kind: Kind | null; faceUp: boolean; fromSupply: boolean }
	/** a player without offering cards (or all piles empty for c) lays nothing. */
	| { type: 'noSacrifice'; seat: Seat; round: number; part: 'a' | 'b' | 'c' }
	/** the card drawn, the card uncovered, the refill laid (back to front) if any. */
	| { type: 'draw'; seat: Seat; column: number; card: CardId; uncovered: CardId | null; refill: CardId[] | null }
	/** the type scored this turn. */
	| { type: 'score'; card: CardType }
	/** a seat's gain (bonus included). */
	| { type: 'gain'; seat: Seat; amount: number; resource: MoaiChoice; bonus: boolean }
	/** a seat has made (or replaced) its sealed moai choice. */
	| { type: 'chose'; seat: Seat; again: boolean }
	/** an offering card taken from the supply. */
	| { type: 'offering'; seat: Seat; kind: Kind; bonus: boolean; substitute: boolean }
	/** a due card declined, or none left in any pile. */
	| { type: 'noOffering'; seat: Seat; bonus: boolean; declined: boolean }
	/** the game ended. */
	| { type: 'end'; reason: 'refill' }
	/** the face-down sacrifices revealed (by seat and round, in the order laid). */
	| { type: 'reveal'; faceDown: { seat: Seat; round: number; kind: Kind }[] };
