/**
 * The match-maker's matching (issue 35, docs/matchmaker.md "Never one request in two games"): a
 * bucket's candidates, groups claimed all or nothing, the game created, the requests marked matched.
 *
 * A matcher CLAIMS its group with one UPDATE that sets its claim only on rows still waiting and
 * unclaimed, and goes on only if the UPDATE changed exactly the group's rows; otherwise it gives back
 * the rows it did get (only its own claim's) and reads again. A claimed row is left alone by everyone
 * else — replacing, cancelling and expiry all skip it — until its matcher marks it matched.
 *
 * The claim is `<game id>@<claimed at>`: the game id is chosen before the game exists, and
 * `GameRoom.createSeated` is idempotent for it, so a matcher that died between its claim and its last
 * write is finished by the sweep (sweep.ts) with the same game instead of losing the requests or
 * seating them twice.
 */
import type { D1Database } from '@cloudflare/workers-types';
import * as m from '$lib/paraglide/messages/_index.js';
import { kindOf } from '$lib/games';
import type { RoomUser, TimeControl, TimeLimit } from '$lib/protocol/room';
import { randomId } from '../games';
import { announceUnread, inboxInsert } from '../notify/inapp';
import { gameUrl, inLocale } from '../notify/render';
import { displayRating, MU0, SIGMA0 } from '../people/ratings';
import { timeLimitOf } from '../room/clock';
import { groupWith, groupsOf, type Candidate } from './group';
import { controlOfPace } from './pace';

export type MatchEnv = Pick<Env, 'DB' | 'GAME_ROOM' | 'USER_HUB'> & { ORIGIN?: string };

/** A claim older than this is a dead matcher's: the sweep finishes its game (or gives its rows back). */
export const CLAIM_TTL_MS = 60_000;
/** Candidates read per bucket and try; the oldest first, so those who waited longest are seated first. */
const CANDIDATES = 200;
/** A matcher that lost a race reads again this often before it leaves the rest to the next arrival or the sweep. */
const TRIES = 4;

export interface Bucket {
	kind: string;
	seats: number;
	pace: string;
}

/** A `match_requests` row as SQL gives it. */
export interface Row {
	user_id: string;
	kind: string;
	seats: number;
	pace: string;
	rating: number | null;
	min_rating: number | null;
	max_rating: number | null;
	status: 'waiting' | 'matched' | 'expired' | 'cancelled';
	claim: string | null;
	game_id: string | null;
	created_at: number;
	expires_at: number;
}

export interface Seatable extends Candidate {
	username: string;
	locale: string;
}

/** A player without a rating row shows the initial rating (OpenSkill's μ₀, σ₀): 1000. */
export const UNRATED = displayRating(MU0, SIGMA0);

/** The bucket's seatable requests, oldest first (a player whose account is being deleted is not one). */
async function candidates(db: D1Database, b: Bucket, now: number): Promise<Seatable[]> {
	const rows = await db
		.prepare(
			'SELECT r.user_id AS user_id, r.rating AS rating, r.min_rating AS min_rating, r.max_rating AS max_rating, r.created_at AS created_at, ' +
				'u.username AS username, u.locale AS locale FROM match_requests r JOIN users u ON u.id = r.user_id ' +
				"WHERE r.kind = ?1 AND r.seats = ?2 AND r.pace = ?3 AND r.status = 'waiting' AND r.claim IS NULL AND r.expires_at > ?4 " +
				'AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = r.user_id) ' +
				'ORDER BY r.created_at, r.user_id LIMIT ?5'
		)
		.bind(b.kind, b.seats, b.pace, now, CANDIDATES)
		.all<{ user_id: string; rating: number | null; min_rating: number | null; max_rating: number | null; created_at: number; username: string; locale: string }>();
	return rows.results.map((r) => ({
		userId: r.user_id,
		rating: r.rating ?? UNRATED,
		minRating: r.min_rating,
		maxRating: r.max_rating,
		createdAt: r.created_at,
		username: r.username,
		locale: r.locale
	}));
}

/** `(user_id = ? AND created_at = ?) OR …` from parameter `from` on: exactly these requests, as read (a replaced one is another request). */
function exactly(group: readonly Candidate[], from: number): { sql: string; binds: (string | number)[] } {
	return {
		sql: group.map((_, i) => `(user_id = ?${from + 2 * i} AND created_at = ?${from + 2 * i + 1})`).join(' OR '),
		binds: group.flatMap((c) => [c.userId, c.createdAt])
	};
}

const ids = (group: readonly { userId: string }[], from: number) => group.map((_, i) => `?${from + i}`).join(', ');

/**
 * Seats what can be seated in a bucket: with `anchor`, one group that includes the anchor's request
 * (an arrival: it and the oldest compatible waiting ones); without, every group the bucket holds (the
 * sweep). Returns the anchor's game id, if it was seated.
 */
export async function matchBucket(env: MatchEnv, b: Bucket, now: number, anchor: string | null = null): Promise<string | null> {
	return (await matchIn(env, b, now, anchor)).seated;
}

/** `matchBucket`, also saying how many games it made. */
export async function matchIn(env: MatchEnv, b: Bucket, now: number, anchor: string | null): Promise<{ seated: string | null; games: number }> {
	const control = controlOfPace(b.pace);
	if (!control || !kindOf(b.kind)) return { seated: null, games: 0 };
	let seated: string | null = null;
	let games = 0;
	for (let tries = 0; tries < TRIES; tries++) {
		const all = await candidates(env.DB, b, now);
		let groups: Seatable[][];
		if (anchor !== null) {
			const me = all.find((c) => c.userId === anchor);
			// Not there: claimed or seated by another matcher meanwhile, replaced, or behind the first
			// CANDIDATES of a long queue (the oldest go first; the sweep reaches it in turn).
			if (!me) return { seated, games };
			const g = groupWith(me, all, b.seats) as Seatable[] | null;
			groups = g ? [g] : [];
		} else groups = groupsOf(all, b.seats) as Seatable[][];
		if (groups.length === 0) return { seated, games };
		let lost = false;
		for (const g of groups) {
			const r = await claimAndSeat(env, b, control, g, now);
			if (r === 'lost') lost = true;
			else if (r !== 'failed') {
				games++;
				if (anchor !== null && g.some((c) => c.userId === anchor)) seated = r;
			}
		}
		// Every group seated (or failed for a reason a retry would not change): done. A lost race: read again.
		if (!lost || seated !== null) return { seated, games };
	}
	return { seated, games };
}

/**
 * Claims the group (all or nothing), creates its game, marks the requests matched. 'lost': another
 * matcher had one of them — our claims are given back. 'failed': the room refused (claims given
 * back) or could not be reached (claims kept: the sweep finishes the game).
 */
async function claimAndSeat(env: MatchEnv, b: Bucket, control: TimeControl, group: Seatable[], now: number): Promise<string | 'lost' | 'failed'> {
	const db = env.DB;
	const gameId = randomId();
	const claim = `${gameId}@${now}`;
	const which = exactly(group, 6);
	const got = await db
		.prepare(
			"UPDATE match_requests SET claim = ?1 WHERE kind = ?2 AND seats = ?3 AND pace = ?4 AND status = 'waiting' AND claim IS NULL AND expires_at > ?5 " +
				`AND (${which.sql})`
		)
		.bind(claim, b.kind, b.seats, b.pace, now, ...which.binds)
		.run();
	if ((got.meta.changes ?? 0) !== group.length) {
		await release(db, b.kind, group, claim);
		return 'lost';
	}
	return seat(env, b, control, group, claim, gameId);
}

/** Gives back the rows of `group` that hold `claim` (and only those: another matcher's claims stay). */
export async function release(db: D1Database, kind: string, group: readonly { userId: string }[], claim: string): Promise<void> {
	await db
		.prepare(`UPDATE match_requests SET claim = NULL WHERE kind = ?1 AND claim = ?2 AND user_id IN (${ids(group, 3)})`)
		.bind(kind, claim, ...group.map((c) => c.userId))
		.run();
}

/**
 * The claimed group's game — public and rated like any public game, the pace as its clock, the
 * kind's default options, seat k to the k-th to ask — then, in one batch, the requests matched and an
 * inbox entry for each player. Made again with the same claim (the sweep), it is the same game.
 */
export async function seat(env: MatchEnv, b: Bucket, control: TimeControl, group: Seatable[], claim: string, gameId: string): Promise<string | 'failed'> {
	const users: RoomUser[] = group.map((c) => ({ id: c.userId, username: c.username }));
	let made;
	try {
		made = await env.GAME_ROOM.get(env.GAME_ROOM.idFromName(gameId)).createSeated(
			{
				gameId,
				kind: b.kind,
				creator: users[0],
				options: {},
				seatsWanted: users.length,
				visibility: 'public',
				inviteCode: null,
				timeLimit: timeLimitOf(control) as TimeLimit,
				clock: control,
				rated: true
			},
			users
		);
	} catch (e) {
		// The claim stays: the sweep makes the same game a minute on (createSeated is idempotent).
		console.error(`match-maker: game ${gameId} not created yet: ${(e as Error).message}`);
		return 'failed';
	}
	if (!made.ok) {
		console.error(`match-maker: the room refused game ${gameId}: ${made.code} ${made.message}`);
		await release(env.DB, b.kind, group, claim);
		return 'failed';
	}
	const db = env.DB;
	const origin = (env.ORIGIN ?? 'http://localhost:8787').replace(/\/$/, '');
	const at = Date.now();
	await db.batch([
		db
			.prepare(`UPDATE match_requests SET status = 'matched', game_id = ?1, claim = NULL WHERE kind = ?2 AND claim = ?3 AND user_id IN (${ids(group, 4)})`)
			.bind(gameId, b.kind, claim, ...group.map((c) => c.userId)),
		// "Your match-made game of Giants is ready", in each player's language, stored as words (the
		// inbox shows such entries as stored); the id makes a second seating of the same game add none.
		...group.map((c) => inboxInsert(db, `${gameId}:match:${c.userId}`, c.userId, gameId, 'match', readyMessage(b.kind, c.locale, origin, gameId), at))
	]);
	await Promise.all(group.map((c) => announceUnread(env as Env, c.userId)));
	return gameId;
}

function readyMessage(kind: string, locale: string, origin: string, gameId: string) {
	const lang = locale === 'de' ? 'de' : 'en';
	return inLocale(lang, () => {
		const game = kindOf(kind)?.texts.name() ?? kind;
		return { subject: m.match_ready_subject({ game }), text: m.match_ready_text({ game }), url: gameUrl(origin, gameId, lang), lines: [] };
	});
}
