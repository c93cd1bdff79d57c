/**
 * Player search by name (issue 35, the People page): a case-insensitive prefix of the account name,
 * found by a range on the unique index of `users.username_key` (the lowercased name) — never a LIKE,
 * whose `%` and `_` a visitor could use as wildcards (and `_` is a letter of names here), and never a
 * scan. Only what a profile shows anyway: the name and the ratings; never an email. An account being
 * deleted (its `account_deletions` row) is not found; a deleted one has no `users` row any more.
 */
import type { D1Database } from '@cloudflare/workers-types';
import { displayRating, provisional } from './ratings';

/** Names found per search. */
export const SEARCH_LIMIT = 20;
/** Account names are at most 24 of A-Z a-z 0-9 _ - (people.ts USERNAME): nothing else can begin one. */
const PREFIX = /^[a-z0-9_-]{1,24}$/;

export interface FoundPlayer {
	username: string;
	/** Ratings per kind, most played first (as the profile shows them). */
	ratings: { kind: string; rating: number; games: number; provisional: boolean }[];
}

/** The search's statement (exported for the query-plan test): names from ?1 up to, not including, ?2. */
export const SEARCH_SQL =
	'SELECT u.id AS id, u.username AS username FROM users u WHERE u.username_key >= ?1 AND u.username_key < ?2 ' +
	'AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = u.id) ORDER BY u.username_key LIMIT ?3';

/** The normalized prefix, or null when no account name can begin with it (then nothing is read). */
export function searchPrefix(q: string | null): string | null {
	const p = (q ?? '').trim().toLowerCase();
	return PREFIX.test(p) ? p : null;
}

export async function searchPlayers(db: D1Database, q: string | null): Promise<FoundPlayer[]> {
	const prefix = searchPrefix(q);
	if (prefix === null) return [];
	// Every key starting with the prefix sorts from it up to it + U+10FFFF (above any character a name has).
	const users = (await db.prepare(SEARCH_SQL).bind(prefix, `${prefix}\u{10FFFF}`, SEARCH_LIMIT).all<{ id: string; username: string }>()).results;
	if (users.length === 0) return [];
	const rows = (
		await db
			.prepare(`SELECT user_id, kind, mu, sigma, games FROM ratings WHERE user_id IN (${users.map((_, i) => `?${i + 1}`).join(', ')}) ORDER BY games DESC, kind`)
			.bind(...users.map((u) => u.id))
			.all<{ user_id: string; kind: string; mu: number; sigma: number; games: number }>()
	).results;
	return users.map((u) => ({
		username: u.username,
		ratings: rows.filter((r) => r.user_id === u.id).map((r) => ({ kind: r.kind, rating: displayRating(r.mu, r.sigma), games: r.games, provisional: provisional(r.sigma) }))
	}));
}
