/**
 * The tournament library's shapes (issue 35). Pure data: the server stores them in D1, the browser
 * draws them, and the pairing and standings functions read nothing else — no clock, no random
 * source, no game kind (a kind reaches a tournament only as its seat range and table size).
 */

export type Format = 'swiss' | 'roundRobin';

export interface TournamentPlayer {
	id: string;
	/** sign-up order, 0-based: the last tie-break */
	order: number;
	/** the player's rating (display number) or null */
	rating: number | null;
	withdrawn: boolean;
}

/** One finished (or decided) table of a past round: ids in seat order, and each seat's place (1 = first; equal places share). */
export interface TableResult {
	round: number;
	players: string[];
	places: (number | null)[];
}

export interface Bye {
	round: number;
	player: string;
}

export interface PairingInput {
	format: Format;
	/** 1-based round being paired */
	round: number;
	tableSize: number;
	/** the kind's seat range: no table below min or above max */
	minSeats: number;
	maxSeats: number;
	players: TournamentPlayer[];
	results: TableResult[];
	byes: Bye[];
}

export interface Pairing {
	/** ids in seat order: seat 0 first */
	tables: string[][];
	byes: string[];
}

export interface Standing {
	player: string;
	/** shared when all tie-breaks are equal */
	place: number;
	points: number;
	buchholz: number;
	firsts: number;
	games: number;
	byes: number;
	withdrawn: boolean;
	/** points per round, null: not played */
	perRound: (number | null)[];
}
