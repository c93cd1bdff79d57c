/**
 * Moa: the shape of a game (../shared/rules/moa.md, cited M-x.y). States are plain JSON
 * (conventions §2). Seats are 0-based in clockwise seating order (the lobby order, M-2.1).
 *
 * An *owner* is a seat, or — in the 2-player game only — the neutral (M-11.1), whose owner index is
 * `players` (2). Pieces on the board are counted per owner.
 *
 * Everything outside `secret` is public (M-0.1, perfect memory). `secret` holds exactly what M-0.2
 * calls secret plus the generator's state (which would tell the future): a view replaces what its
 * viewer may not see with null, so the same rule code reads a state or a view.
 */
import type { RngState, Seat, Viewer } from '$lib/engine';
import type { MoaPosition } from './position';

export type { Seat, Viewer };

export type Colour = 'red' | 'yellow' | 'green' | 'blue' | 'black';
export type Terrain = 'coast' | 'mountains' | 'plains' | 'forest' | 'volcano';
export type Symbol = 'bird' | 'combat' | 'honour' | 'karakia';
export type Symbols = Record<Symbol, number>;
export type MammalKind = 'dog' | 'possum' | 'rat' | 'weasel';
export type KarakiaType = 'draw_card' | 'exchange_three' | 'double_combat' | 'any_region' | 'move_birds' | 'stronghold';
/** Card and tile ids of moa-data.json: bird cards `B01`…, mammal cards `M01`…, terrain cards `T01`…, leader tiles `L01`…, karakia tiles `K01`…. */
export type CardId = string;
export type TileId = string;

export interface MoaConfig {
	/** M-2.1: 3 to 5 players, or 2 with the neutral (M-11). */
	players: number;
	/** M-2.1: colours chosen in the lobby; null (or missing): drawn (M-0.3). */
	colours?: (Colour | null)[];
	/** M-2.1: the creator fixes the start player; otherwise drawn (M-0.3). */
	startPlayer?: number;
	/** Tests and scenarios only (never set by the platform): a game in progress to start from (position.ts). */
	position?: MoaPosition;
}

/** A mammal tile on the board (M-1.4): it carries the values of the card that placed it. */
export interface MammalTile {
	kind: MammalKind;
	/** `attack`: the region is invaded (M-1.9); `trade`: it is sold. */
	side: 'attack' | 'trade';
	combat: number;
	vp: number;
}

export interface Region {
	/** 1–12 (M-1.1). */
	id: number;
	/** Birds per owner (seats, then the neutral in the 2-player game). */
	birds: number[];
	/** The owner of the region's one leader, or null (M-7.4). */
	leader: number | null;
	/** The leader tile lying here (M-2.2), or null once taken or removed. */
	leaderTile: TileId | null;
	stronghold: boolean;
	mammal: MammalTile | null;
	/** M-7.6: who sold the region and whether the sale has been scored (M-9.7). */
	sale: { seller: Seat; scored: boolean } | null;
}

/** A tile a player holds; `fresh` until the start of the holder's next step-B turn (M-8.4). */
export interface HeldTile {
	id: TileId;
	fresh: boolean;
}

/** What each player has taken this period and scores at its end (M-9.7). */
export interface Taken {
	/** Mammal tiles taken by defence or attack (kind and VP). */
	tiles: { kind: MammalKind; vp: number }[];
	/** Mammal cards taken by selling. */
	cards: CardId[];
}

/** A card a region action or defence is paid with (M-8.1): bird cards from hand, usable tiles. */
export interface Payment {
	cards: CardId[];
	/** Symbol leader tiles and (attack, defence) double-combat karakia tiles. */
	tiles: TileId[];
}

/** What happens next without a decision (course.ts `settle`). */
export type Task =
	/** M-4: shuffle and deal (a new period). */
	| { t: 'period' }
	/** M-5.1: draw the round's two terrain cards. */
	| { t: 'terrain' }
	/** M-5.2: resolve this instruction of this terrain card. */
	| { t: 'instruction'; card: CardId; index: number }
	/** M-5.4: draw this many more mammal cards, one at a time. */
	| { t: 'draw'; left: number }
	/** M-6: these mammal cards attack, one after another. */
	| { t: 'invade'; cards: CardId[] }
	/** M-7.1: these seats still take their action this round, in order. */
	| { t: 'turns'; seats: Seat[] }
	/** M-11.2: the d12 roll and neutral placement after `seat`'s turn. */
	| { t: 'neutral'; seat: Seat }
	/** M-3.2 C: the start player marker passes; the next round or the scoring. */
	| { t: 'roundEnd' }
	/** M-9, M-10. */
	| { t: 'scoring' };

export type Phase =
	/** M-6.4: `seat` is asked to defend `region` against `card`; `order` are those asked after. */
	| { kind: 'defend'; seat: Seat; region: number; card: CardId; order: Seat[] }
	/**
	 * M-7: `seat`'s step-B turn. `acted`: the action is taken; the turn waits only for a usable
	 * move-birds or stronghold tile (M-0.5, M-8.6) or "end turn".
	 */
	| { kind: 'turn'; seat: Seat; acted: boolean }
	/** M-11.2: `seat` places for the neutral on or next to the rolled region. */
	| { kind: 'neutral'; seat: Seat; roll: number }
	/** Inside `apply` only, while automatic steps run: no state or view outside the engine has it. */
	| { kind: 'busy' }
	| { kind: 'over' };

export interface Secret {
	seed: string;
	/** The generator after the draws so far (it tells every later draw). */
	rng: RngState;
	/** M-0.2.1: hands. */
	hands: CardId[][];
	/** M-0.2.2: the bird draw pile, index 0 on top. */
	birdPile: CardId[];
	/** M-0.2.3: the undrawn terrain cards (top first) and the 16 set aside this period. */
	terrainDeck: CardId[];
	terrainAside: CardId[];
	/** M-0.2.4: the mammal deck, top first. */
	mammalDeck: CardId[];
}

export interface MoaState {
	players: number;
	/** 2-player game: the neutral exists (M-11); its owner index is `players`. */
	neutral: boolean;
	/** Colours per owner (the neutral's last). */
	colours: Colour[];
	seedCommitment: string;
	/** The start player of the game (M-2.1). */
	firstPlayer: Seat;
	/** Who holds the start player marker now (M-3.3). */
	startPlayer: Seat;
	period: number;
	/** 1–7 during the action phase; 0 before the first round of a period. */
	round: number;
	phase: Phase;
	/** What happens next, in order, once nobody needs to be asked (M-0.4, M-0.5). */
	tasks: Task[];
	regions: Region[];
	/** M-5.6: the volcano marker's space (index into the track). */
	volcano: number;
	erupted: boolean;
	vp: number[];
	/** Sales so far, all game (M-7.6). */
	sales: number;
	/** M-5.4: the display per kind, each oldest first. */
	display: Record<string, CardId[]>;
	/** The mammal discard pile, bottom first (the order it was built, M-0.3). */
	mammalDiscard: CardId[];
	mammalDeckLeft: number;
	taken: Taken[];
	/** Pieces in each owner's supply, and leaders out of the game (M-1.9). */
	supplyBirds: number[];
	supplyLeaders: number[];
	leadersOut: number[];
	/** Tiles each player holds (M-8.3, M-8.4). */
	leaderTiles: HeldTile[][];
	/** Leader tiles out of the game (used, scored, or removed from their region: M-6.7, M-7.6 d, M-8.3, M-9.8, M-5.7, M-11.2). */
	leaderTilesOut: TileId[];
	karakia: HeldTile[][];
	/** M-2.4, M-8.5: each karakia type's stack (ids). */
	karakiaSupply: Record<string, TileId[]>;
	/** M-5.1: the two active terrain cards (left, right), or null before the first round. */
	active: [CardId, CardId] | null;
	/** Terrain cards drawn this period, in order (the active two included). */
	terrainDrawn: CardId[];
	terrainDeckLeft: number;
	handSize: number[];
	birdPileLeft: number;
	/** The bird discard pile, bottom first (every card reaches it face up, M-8.10). */
	birdDiscard: CardId[];
	/** M-8.6: cards a player still owes from an exchange. */
	owe: number[];
	/** Per-period scores, for the score sheet (M-9). */
	periodScores: PeriodScore[][];
	secret: Secret;
}

/** One player's points of one period (M-9), by source. */
export interface PeriodScore {
	regions: number;
	mammals: number;
	leaderTiles: number;
}

export interface Hidden {
	seed: string | null;
	hands: (CardId[] | null)[];
	birdPile: CardId[] | null;
	terrainDeck: CardId[] | null;
	terrainAside: CardId[] | null;
	mammalDeck: CardId[] | null;
}

export type MoaView = Omit<MoaState, 'secret'> & { viewer: Viewer; secret: Hidden };

export type Readable = MoaState | MoaView;

/** The action moves a region action may add the any-region tile to (M-8.6). */
export type MoaMove =
	/** M-7.3 */
	| { type: 'place'; region: number; birds: number; pay: Payment; anyRegion?: TileId }
	/** M-7.4 */
	| { type: 'leader'; region: number; pay: Payment; anyRegion?: TileId }
	/** M-7.5 */
	| { type: 'attack'; region: number; birds: number; pay: Payment; anyRegion?: TileId }
	/** M-7.6 */
	| { type: 'sell'; region: number; kind: MammalKind; pay: Payment; anyRegion?: TileId }
	/** M-7.7 */
	| { type: 'buy'; types: KarakiaType[]; pay: Payment }
	/** M-7.8 */
	| { type: 'pass' }
	/** M-0.5: end the turn after the action instead of using another tile. */
	| { type: 'end' }
	/** M-8.6 move 1 or 2 birds. */
	| { type: 'move'; tile: TileId; from: number; to: number; count: number }
	/** M-8.6 stronghold. */
	| { type: 'stronghold'; tile: TileId; region: number }
	/** M-8.6 draw a card (any time). */
	| { type: 'drawCard'; tile: TileId }
	/** M-8.6 exchange three (any time); the discard follows. */
	| { type: 'exchange'; tile: TileId }
	/** M-8.6: the exchange's discard. */
	| { type: 'discard'; cards: CardId[] }
	/** M-6.5 */
	| { type: 'defend'; pay: Payment }
	| { type: 'decline' }
	/** M-11.2 */
	| { type: 'neutral'; region: number; what: 'bird' | 'birds' | 'leader' };

export type MoaEntry =
	/** M-2: colours, the start player, the leader tile of each region (index i: region i + 1). */
	| { type: 'start'; colours: Colour[]; firstPlayer: Seat; leaderTiles: (TileId | null)[]; neutral: boolean }
	/** M-4: a new period (hands dealt, terrain cards shuffled). */
	| { type: 'period'; period: number }
	| { type: 'round'; period: number; round: number; startPlayer: Seat }
	/** M-5.1 */
	| { type: 'terrain'; left: CardId; right: CardId }
	/** M-5.4: a mammal card drawn (and put into the display unless a weasel). */
	| { type: 'mammal'; card: CardId }
	/** M-5.4: the mammal discard pile became the deck. */
	| { type: 'mammalReshuffle'; cards: number }
	| { type: 'noMammal' }
	/** M-5.5 */
	| { type: 'attackOrder'; kind: MammalKind; cards: number }
	/** M-6.2: no target; strongholds back, or the attackers discarded. */
	| { type: 'strongholdsBack' }
	| { type: 'noTarget'; cards: CardId[] }
	/** M-6.3 */
	| { type: 'invasion'; card: CardId; region: number }
	| { type: 'defended'; seat: Seat; region: number; card: CardId; pay: Payment }
	| { type: 'declined'; seat: Seat; region: number; auto: boolean }
	/** M-6.7: what the invasion removed. */
	| { type: 'invaded'; region: number; birds: number[]; leader: number | null; leaderTile: TileId | null }
	/** M-5.6, M-5.7 */
	| { type: 'volcano'; space: number }
	| { type: 'eruption'; birds: number[]; leader: number | null; leaderTile: TileId | null; mammal: MammalKind | null; stronghold: boolean }
	| { type: 'turn'; seat: Seat }
	| { type: 'place'; seat: Seat; region: number; birds: number; pay: Payment; anyRegion: TileId | null }
	| { type: 'leader'; seat: Seat; region: number; pay: Payment; tile: TileId | null; anyRegion: TileId | null }
	| { type: 'attack'; seat: Seat; region: number; kind: MammalKind; birds: number; pay: Payment; anyRegion: TileId | null }
	| { type: 'sell'; seat: Seat; region: number; card: CardId; price: number; pay: Payment; anyRegion: TileId | null; returned: number[]; leaderTile: TileId | null }
	| { type: 'buy'; seat: Seat; tiles: TileId[]; pay: Payment }
	| { type: 'pass'; seat: Seat; auto: boolean }
	| { type: 'move'; seat: Seat; tile: TileId; from: number; to: number; count: number }
	| { type: 'stronghold'; seat: Seat; tile: TileId; region: number }
	/** M-8.6: the card drawn is the drawer's secret; the log says only how many. */
	| { type: 'drawCard'; seat: Seat; tile: TileId; cards: number }
	| { type: 'exchange'; seat: Seat; tile: TileId; cards: number }
	| { type: 'discard'; seat: Seat; cards: CardId[] }
	/** M-8.8 */
	| { type: 'birdReshuffle'; cards: number }
	/** M-11.2 */
	| { type: 'roll'; seat: Seat; roll: number }
	| { type: 'neutral'; seat: Seat; region: number; birds: number; leader: boolean; leaderTile: TileId | null; auto: boolean }
	| { type: 'noNeutral' }
	/** M-9 */
	| { type: 'scoring'; period: number; regions: RegionScore[]; mammals: number[]; leaderTiles: number[] }
	/** M-10.1 */
	| { type: 'cleanup'; discarded: CardId[][] }
	| { type: 'end' }
	/** M-0.2: the secrets revealed at the end (the seed is in the view and the export, never in the log). */
	| { type: 'reveal'; hands: CardId[][]; terrainAside: CardId[]; terrainDeck: CardId[]; mammalDeck: CardId[]; birdPile: CardId[] };

/** One region's scoring (M-9.1–M-9.6): points per owner (the neutral's unrecorded). */
export interface RegionScore {
	region: number;
	points: number[];
}
