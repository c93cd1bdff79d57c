/**
 * Game list items from GET /api/games?status=open and GET /api/games/mine (docs/api.md), read
 * tolerantly: the pages need only these fields.
 */
import { playerName } from './names';
export interface SummarySeat {
	seat: number;
	username: string;
	userId?: string;
}

export interface GameSummary {
	id: string;
	/** The game's kind (registry id). */
	kind: string;
	status: 'waiting' | 'active' | 'finished';
	seatsWanted: number;
	seats: SummarySeat[];
	creator?: string | { id: string; username: string };
	visibility?: 'public' | 'private';
	/** Rated or casual (issue 28); absent only from API clients' data of before. */
	rated?: boolean;
	timeLimit?: string;
	/** The kind's options. */
	options?: Record<string, unknown>;
	yourTurn?: boolean;
	/** Mine only, while my input is awaited: since when, and when my clock runs out. */
	waitingSince?: number | null;
	deadline?: number | null;
	version?: number;
	updatedAt?: number;
	/** Mine only: table talk messages I have not read (issue 15). */
	chatUnread?: number;
}

/** `[...]`, `{ games: [...] }` or grouped `{ active, waiting, finished }` into one flat list. */
export function summaries(data: unknown): GameSummary[] {
	if (Array.isArray(data)) return data as GameSummary[];
	const d = data as Record<string, unknown> | null;
	if (!d) return [];
	if (Array.isArray(d.games)) return d.games as GameSummary[];
	return ['yourTurn', 'active', 'inProgress', 'waiting', 'finished'].flatMap((k) =>
		Array.isArray(d[k]) ? (d[k] as GameSummary[]) : []
	);
}

export function creatorName(g: GameSummary): string {
	if (typeof g.creator === 'string') return g.creator;
	if (g.creator?.username) return playerName(g.creator.username);
	return playerName(g.seats?.[0]?.username);
}
