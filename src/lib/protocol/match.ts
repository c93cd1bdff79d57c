/**
 * The match-maker's wire types (issue 35, docs/api.md "Match-maker"), shared by the server
 * (src/lib/server/matchmaker/) and the lobby's "Find me a game" panel.
 */
import type { TimeControl } from './room';

/** A request as its owner sees it (GET/POST /api/match). */
export interface MatchRequestView {
	kind: string;
	seats: number;
	clock: TimeControl;
	/** `paceOf(clock)`: requests meet only at the same pace. */
	pace: string;
	/** The owner's displayed rating in the kind when asking (1000 before any rated game). */
	rating: number;
	minRating: number | null;
	maxRating: number | null;
	/** `expired`: the waiting time passed without a match (also before the cron has marked it). */
	status: 'waiting' | 'matched' | 'expired';
	/** The game it was seated in (status `matched`). */
	gameId: string | null;
	createdAt: number;
	expiresAt: number;
	/** While waiting: how many others wait at this kind, player count and pace. */
	others: number | null;
}

/** How many wait for a game of a kind, player count and pace (the page's "N waiting" hints). */
export interface WaitingCount {
	kind: string;
	seats: number;
	clock: TimeControl;
	pace: string;
	count: number;
}

export interface MatchState {
	requests: MatchRequestView[];
	waiting: WaitingCount[];
	/** The paces the page offers first. */
	paces: TimeControl[];
}

/**
 * A time control as one string (`match_requests.pace`): keys in a fixed order, whatever order the
 * request's JSON had them in, so that the same pace is string equality in SQL and in the page.
 */
export function paceOf(c: TimeControl): string {
	return c.kind === 'perMove'
		? JSON.stringify({ kind: 'perMove', days: c.days })
		: JSON.stringify({ kind: 'bank', initialDays: c.initialDays, incrementHours: c.incrementHours, capDays: c.capDays });
}

/**
 * The paces offered first (days per move): a day, three (the site's default) and the week that
 * correspondence sites default to. Any time control may be asked for; these are where players meet.
 */
export const COMMON_PACES: readonly TimeControl[] = [
	{ kind: 'perMove', days: 1 },
	{ kind: 'perMove', days: 3 },
	{ kind: 'perMove', days: 7 }
];

/** Waiting time in hours: by default two days, at least an hour, at most two weeks. */
export const WAIT_HOURS = { default: 48, min: 1, max: 14 * 24 } as const;

/** Rating bounds a request may name (displayed ratings start at 1000). */
export const RATING_BOUNDS = { min: 0, max: 5000 } as const;
