/**
 * Issue 35: tournaments as the API gives and takes them (docs/api.md "Tournaments",
 * docs/tournaments.md). The server is src/lib/server/tournaments/; pairings and standings are the
 * pure functions of src/lib/tournament/, shared with the pages (which compute the standings after any
 * earlier round from the same results).
 */
import type { TimeControl } from './room';
import type { Format, Standing } from '$lib/tournament/types';

export type { Format };

/** A line of the standings (src/lib/tournament/standings.ts `Standing`), with the player's name. */
export type StandingRow = Standing & { username: string };

export type TournamentStatus = 'signup' | 'running' | 'finished' | 'cancelled';

/** Bounds the API enforces (the kind's seat range bounds `tableSize` too). */
export const TOURNAMENT_LIMITS = {
	nameMax: 80,
	roundsMax: 20,
	playersMin: 2,
	playersMax: 1000,
	/** A round-robin field is small: everybody meets everybody. */
	roundRobinPlayersMax: 16,
	roundDaysMax: 60,
	/** The sign-up deadline: at least this far ahead when organised, at most 90 days. */
	signupMinMs: 60_000,
	signupMaxDays: 90
} as const;

export interface TournamentPerson {
	id: string;
	username: string;
}

/** A row of the tournaments list (GET /api/tournaments). */
export interface TournamentSummary {
	id: string;
	name: string;
	kind: string;
	format: Format;
	tableSize: number;
	rounds: number;
	clock: TimeControl;
	rated: boolean;
	visibility: 'public' | 'private';
	status: TournamentStatus;
	/** The round being played (0 before the start). */
	round: number;
	players: number;
	minPlayers: number;
	maxPlayers: number;
	signupUntil: number;
	organiser: TournamentPerson;
	createdAt: number;
	startedAt: number | null;
	finishedAt: number | null;
	/** Set once finished: several when first place is shared. */
	winners: TournamentPerson[];
	/** Only for a signed-in caller: whether they are in it (signed up, withdrawn or not). */
	joined?: boolean;
}

export interface TournamentTable {
	/** 0-based. */
	table: number;
	gameId: string | null;
	/** In seat order (seat 0 first). */
	players: TournamentPerson[];
	/** Places by seat once the game has ended (1 = first, equal places shared); null before. */
	places: (number | null)[] | null;
	/** Points by seat once ended (src/lib/tournament/standings.ts pointsFor). */
	points: number[] | null;
	finished: boolean;
	/** A private tournament's game: its invite code, only for its players and the organiser. */
	inviteCode?: string | null;
}

export interface TournamentRound {
	round: number;
	tables: TournamentTable[];
	byes: TournamentPerson[];
	startedAt: number | null;
	/** The round's deadline (only for the running round of a tournament with round deadlines). */
	deadline: number | null;
	finished: boolean;
}

export interface TournamentPlayerRow extends TournamentPerson {
	/** Sign-up order (0-based). */
	seq: number;
	withdrawn: boolean;
	rating: number | null;
}

/** GET /api/tournaments/:id. */
export interface TournamentView extends Omit<TournamentSummary, 'joined'> {
	options: Record<string, unknown>;
	/** Days a round may last, or null (a round ends when its games end). */
	roundDays: number | null;
	roundStartedAt: number | null;
	roundDeadline: number | null;
	/** Only for the organiser and its players: the invitation link's code of a private tournament. */
	inviteCode: string | null;
	playersList: TournamentPlayerRow[];
	/** The rounds played and being played, first to last. */
	schedule: TournamentRound[];
	/** Overall standings now (with each player's points per round). */
	standings: StandingRow[];
	/** The caller: organiser, signed up (and not withdrawn), withdrawn; what they may do now. */
	you: { organiser: boolean; playing: boolean; withdrawn: boolean; canSignUp: boolean; canWithdraw: boolean; canStart: boolean } | null;
}
