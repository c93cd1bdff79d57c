/**
 * Playing again (issue 15, docs/people.md): follows, invitations by name, rematches, and the
 * ratings as pages show them. Plain SQL over D1; the game rooms stay the only writers of games —
 * a rematch is created through the room's ordinary `create`, accepted through its ordinary `join`.
 */
import { insertEvent } from '$lib/server/notify/event-row';
import type { D1Database } from '@cloudflare/workers-types';
import { reserve, type Bucket } from '$lib/server/auth/ratelimit';
import type { NotifyEvent } from '$lib/server/notify/types';
import { displayRating, provisional } from './ratings';
import { seatNameSql } from '$lib/protocol/people';

export const USERNAME = /^[A-Za-z0-9_-]{1,24}$/;

/** Follows and invitations a user may make per hour (a stranger's inbox is not a megaphone). */
const FOLLOW_LIMIT = { max: 120, windowMs: 60 * 60_000 };
const INVITE_LIMIT = { max: 60, windowMs: 60 * 60_000 };

export async function userByName(db: D1Database, name: string): Promise<{ id: string; username: string } | null> {
	if (!USERNAME.test(name)) return null;
	return db.prepare('SELECT id, username FROM users WHERE username_key = ?1').bind(name.toLowerCase()).first();
}

/** True if `userId` may make one more follow change now (counts it). */
export async function mayFollow(db: D1Database, userId: string): Promise<boolean> {
	const b: Bucket = { key: `follow:user:${userId}`, limit: FOLLOW_LIMIT };
	return (await reserve(db, [b])) !== null;
}

export async function mayInvite(db: D1Database, userId: string): Promise<boolean> {
	const b: Bucket = { key: `invite:user:${userId}`, limit: INVITE_LIMIT };
	return (await reserve(db, [b])) !== null;
}

export async function setFollow(db: D1Database, followerId: string, followeeId: string, on: boolean, now = Date.now()): Promise<void> {
	if (on) await db.prepare('INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?2, ?3)').bind(followerId, followeeId, now).run();
	else await db.prepare('DELETE FROM follows WHERE follower_id = ?1 AND followee_id = ?2').bind(followerId, followeeId).run();
}

export async function isFollowing(db: D1Database, followerId: string, followeeId: string): Promise<boolean> {
	return !!(await db.prepare('SELECT 1 AS x FROM follows WHERE follower_id = ?1 AND followee_id = ?2').bind(followerId, followeeId).first());
}

export interface Person {
	username: string;
	since: number;
}

/** Whom `userId` follows, and who follows them (each newest first, at most 500). */
export async function people(db: D1Database, userId: string): Promise<{ following: Person[]; followers: Person[] }> {
	const [a, b] = await db.batch<Person>([
		db.prepare('SELECT u.username AS username, f.created_at AS since FROM follows f JOIN users u ON u.id = f.followee_id WHERE f.follower_id = ?1 ORDER BY f.created_at DESC LIMIT 500').bind(userId),
		db.prepare('SELECT u.username AS username, f.created_at AS since FROM follows f JOIN users u ON u.id = f.follower_id WHERE f.followee_id = ?1 ORDER BY f.created_at DESC LIMIT 500').bind(userId)
	]);
	return { following: a.results, followers: b.results };
}

export interface FollowedGame {
	id: string;
	kind: string;
	/** Rated or casual (issue 28). */
	rated: boolean;
	status: 'waiting' | 'active' | 'finished';
	updatedAt: number;
	players: string[];
}

/**
 * Public games of the people `userId` follows, newest activity first (not the caller's own): only
 * public ones — a private game is for its players and the holders of its link (issue 10), and
 * following someone must not reveal where else they play.
 */
export async function followedGames(db: D1Database, userId: string, limit = 20): Promise<FollowedGame[]> {
	const r = await db
		.prepare(
			`WITH p AS (SELECT DISTINCT g.id AS id, g.game AS kind, g.rated AS rated, g.status AS status, g.updated_at AS updated_at FROM follows f ` +
				// seats.status (the game's, copied): the index seats(user_id, status, …) skips their finished games.
				`JOIN seats s ON s.user_id = f.followee_id AND s.status IN ('waiting', 'active') JOIN games g ON g.id = s.game_id ` +
				`WHERE f.follower_id = ?1 AND g.visibility = 'public' AND g.status IN ('waiting', 'active') ` +
				`AND NOT EXISTS (SELECT 1 FROM seats me WHERE me.game_id = g.id AND me.user_id = ?1) ` +
				`ORDER BY g.updated_at DESC LIMIT ?2) ` +
				// A bot's seat (issue 34) and a deleted player's have no users row: named by their markers (seatNameSql).
				`SELECT p.*, ${seatNameSql()} AS username FROM p JOIN seats s ON s.game_id = p.id LEFT JOIN users u ON u.id = s.user_id ORDER BY p.updated_at DESC, p.id, s.seat`
		)
		.bind(userId, limit)
		.all<{ id: string; kind: string; rated: number; status: FollowedGame['status']; updated_at: number; username: string }>();
	const out: FollowedGame[] = [];
	for (const row of r.results) {
		let g = out.at(-1);
		if (!g || g.id !== row.id) out.push((g = { id: row.id, kind: row.kind, rated: row.rated === 1, status: row.status, updatedAt: row.updated_at, players: [] }));
		g.players.push(row.username);
	}
	return out;
}

export interface ShownRating {
	kind: string;
	rating: number;
	games: number;
	/** Still uncertain (ratings.ts `provisional`): shown "1012?". */
	provisional: boolean;
}

/** A player's ratings per kind, as shown (displayRating), most played first. */
export async function ratingsOf(db: D1Database, userId: string): Promise<ShownRating[]> {
	const r = await db.prepare('SELECT kind, mu, sigma, games FROM ratings WHERE user_id = ?1 ORDER BY games DESC, kind').bind(userId).all<{ kind: string; mu: number; sigma: number; games: number }>();
	return r.results.map((x) => ({ kind: x.kind, rating: displayRating(x.mu, x.sigma), games: x.games, provisional: provisional(x.sigma) }));
}

/** An invitation into a private game (a friend's, or a rematch), as a notification event for `to`. */
export function inviteEvent(o: { gameId: string; kind: string; to: string; from: string; inviteCode: string; rematchOf?: string; now: number }): NotifyEvent {
	return {
		// One invitation per game and invitee: asking twice notifies once.
		id: `${o.gameId}:invite:${o.to}`,
		userId: o.to,
		gameId: o.gameId,
		kind: 'invite',
		version: 0,
		gameOpen: false,
		data: {
			gameId: o.gameId,
			kind: o.kind,
			version: 0,
			seat: -1,
			round: null,
			phase: '',
			names: [],
			since: [],
			from: o.from,
			invite: o.inviteCode,
			...(o.rematchOf ? { rematchOf: o.rematchOf } : {})
		},
		createdAt: o.now
	};
}

/** Writes invitation events (INSERT OR IGNORE: the same invitation is stored once); true if any is new. */
export async function storeInvites(db: D1Database, events: NotifyEvent[]): Promise<boolean> {
	if (events.length === 0) return false;
	const rs = await db.batch(
		events.map((e) => insertEvent(db, { ...e, gameOpen: false }))
	);
	return rs.some((r) => (r.meta.changes ?? 0) > 0);
}

/** The postman delivers new events now rather than at its next round (as the room's flusher does). */
export function kickPostman(env: App.Platform['env'], waitUntil?: (p: Promise<unknown>) => void): void {
	const ns = (env as unknown as { POSTMAN?: { get(id: unknown): { kick(): Promise<void> }; idFromName(n: string): unknown } }).POSTMAN;
	if (!ns) return;
	try {
		const p = ns.get(ns.idFromName('postman')).kick().catch((e: unknown) => console.error(`postman kick failed: ${(e as Error).message}`));
		waitUntil?.(p);
	} catch (e) {
		console.error(`postman kick failed: ${(e as Error).message}`);
	}
}

// ---- rematches -----------------------------------------------------------------------------------

export interface FinishedGame {
	id: string;
	kind: string;
	status: string;
	visibility: string;
	/** Rated or casual (a rematch keeps the choice). */
	rated: boolean;
	options: string;
	timeLimit: string;
	clock: string | null;
	startedAt: number | null;
	/**
	 * Seats the game had, persons or not (`games.players`; null in rows from before it): a rematch has
	 * as many, so a game with bots (issue 34) or a deleted player can be played again — `seats` holds
	 * only the persons, who are invited.
	 */
	players: number | null;
	seats: { userId: string; username: string }[];
}

export async function finishedGame(db: D1Database, gameId: string): Promise<FinishedGame | null> {
	const [g, s] = await db.batch([
		db.prepare('SELECT id, game AS kind, status, visibility, rated, options, time_limit AS timeLimit, clock, started_at AS startedAt, players FROM games WHERE id = ?1').bind(gameId),
		db.prepare('SELECT s.user_id AS userId, u.username AS username FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = ?1 ORDER BY s.seat').bind(gameId)
	]);
	const row = g.results[0] as (Omit<FinishedGame, 'seats' | 'rated'> & { rated: number }) | undefined;
	return row ? { ...row, rated: row.rated === 1, seats: s.results as FinishedGame['seats'] } : null;
}

export interface RematchRow {
	gameId: string;
	newGameId: string;
	inviteCode: string;
	createdBy: string;
	createdAt: number;
}

const REMATCH_COLUMNS = 'game_id AS gameId, new_game_id AS newGameId, invite_code AS inviteCode, created_by AS createdBy, created_at AS createdAt';

export async function rematchOf(db: D1Database, gameId: string): Promise<RematchRow | null> {
	return db.prepare(`SELECT ${REMATCH_COLUMNS} FROM rematches WHERE game_id = ?1`).bind(gameId).first<RematchRow>();
}

/** The finished game a game is the rematch of, or null. */
export async function rematchSource(db: D1Database, newGameId: string): Promise<string | null> {
	const r = await db.prepare('SELECT game_id AS gameId FROM rematches WHERE new_game_id = ?1').bind(newGameId).first<{ gameId: string }>();
	return r?.gameId ?? null;
}

/** Claims the one rematch of `row.gameId`: true if this call made it, false if there already is one. */
export async function claimRematch(db: D1Database, row: RematchRow): Promise<boolean> {
	const r = await db
		.prepare('INSERT OR IGNORE INTO rematches (game_id, new_game_id, invite_code, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
		.bind(row.gameId, row.newGameId, row.inviteCode, row.createdBy, row.createdAt)
		.run();
	return (r.meta.changes ?? 0) === 1;
}

export async function dropRematch(db: D1Database, gameId: string, newGameId: string): Promise<void> {
	await db.prepare('DELETE FROM rematches WHERE game_id = ?1 AND new_game_id = ?2').bind(gameId, newGameId).run();
}
