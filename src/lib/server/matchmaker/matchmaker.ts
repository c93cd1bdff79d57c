/**
 * The match-maker (issue 35, docs/matchmaker.md): one standing request per player and kind in D1
 * (`match_requests`), matched when a request arrives and by the cron's sweep.
 *
 * Never one request in two games, with any number of matchers at once (two arrivals completing the
 * same group, two groups wanting the same request, the cron beside them): a matcher CLAIMS its group
 * with one UPDATE that sets its claim only on rows still waiting and unclaimed, and goes on only if
 * the UPDATE changed exactly the group's rows; otherwise it gives back the rows it did get (only its
 * own claim's) and reads again. A claimed row is left alone by everyone else — replacing, cancelling
 * and expiry all skip it — until its matcher marks it matched.
 *
 * The claim is `<game id>@<claimed at>`: the game id is chosen before the game exists, and
 * `GameRoom.createSeated` is idempotent for it, so a matcher that died between its claim and its last
 * write is finished by the sweep a minute later with the same game (made once, whether or not the
 * dead one got that far) instead of losing the requests or seating them twice.
 */
import type { D1Database } from '@cloudflare/workers-types';
import * as m from '$lib/paraglide/messages/_index.js';
import { kindOf } from '$lib/games';
import { COMMON_PACES, paceOf, type MatchRequestView, type MatchState, type WaitingCount } from '$lib/protocol/match';
import type { RoomUser, TimeControl, TimeLimit } from '$lib/protocol/room';
import { randomId } from '../games';
import { announceUnread, inboxInsert } from '../notify/inapp';
import { gameUrl, inLocale } from '../notify/render';
import { displayRating, MU0, SIGMA0 } from '../people/ratings';
import { timeLimitOf } from '../room/clock';
import { groupWith, groupsOf, type Candidate } from './group';
import { controlOfPace } from './pace';
import type { MatchInput } from './request';

type MatchEnv = Pick<Env, 'DB' | 'GAME_ROOM' | 'USER_HUB'> & { ORIGIN?: string };

/** A claim older than this is a dead matcher's: the sweep finishes its game (or gives its rows back). */
export const CLAIM_TTL_MS = 60_000;
/** Candidates read per bucket and try; the oldest first, so those who waited longest are seated first. */
const CANDIDATES = 200;
/** A matcher that lost a race reads again this often before it leaves the rest to the next arrival or the sweep. */
const TRIES = 4;

const HOUR = 3_600_000;

export interface Bucket {
	kind: string;
	seats: number;
	pace: string;
}

interface Row {
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

interface Seatable extends Candidate {
	username: string;
	locale: string;
}

/** A player without a rating row shows the initial rating (OpenSkill's μ₀, σ₀): 1000. */
export const UNRATED = displayRating(MU0, SIGMA0);

export type Refusal = { ok: false; status: number; code: string; message: string };

// ---- asking, reading, cancelling -------------------------------------------------------------------

/**
 * The caller's request (a new one replaces their standing one of the kind, which then queues anew:
 * a changed request is a new request), then an attempt to seat it at once. 409 MATCHING while their
 * current request of the kind is being seated — in a moment it is matched, and they can look.
 */
export async function ask(
	env: MatchEnv,
	user: RoomUser,
	input: MatchInput,
	now: number
): Promise<{ ok: true; request: MatchRequestView; gameId: string | null } | Refusal> {
	const db = env.DB;
	const r = await db.prepare('SELECT mu, sigma FROM ratings WHERE user_id = ?1 AND kind = ?2').bind(user.id, input.kind).first<{ mu: number; sigma: number }>();
	const rating = r ? displayRating(r.mu, r.sigma) : UNRATED;
	const pace = paceOf(input.clock);
	const put = await db
		.prepare(
			'INSERT INTO match_requests (user_id, kind, seats, pace, rating, min_rating, max_rating, status, claim, game_id, created_at, expires_at) ' +
				"VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'waiting', NULL, NULL, ?8, ?9) " +
				'ON CONFLICT (user_id, kind) DO UPDATE SET seats = excluded.seats, pace = excluded.pace, rating = excluded.rating, ' +
				"min_rating = excluded.min_rating, max_rating = excluded.max_rating, status = 'waiting', claim = NULL, game_id = NULL, " +
				'created_at = excluded.created_at, expires_at = excluded.expires_at WHERE match_requests.claim IS NULL'
		)
		.bind(user.id, input.kind, input.seats, pace, rating, input.minRating, input.maxRating, now, now + input.waitHours * HOUR)
		.run();
	if ((put.meta.changes ?? 0) === 0) return { ok: false, status: 409, code: 'MATCHING', message: 'your request of this kind is being seated now; look again in a moment' };
	const gameId = await matchBucket(env, { kind: input.kind, seats: input.seats, pace }, now, user.id);
	// Claimed by another arrival's matcher meanwhile: its game is a moment away — answer with it.
	if (!gameId) await settled(db, user.id, input.kind);
	const state = await mine(db, user.id, now);
	const request = state.requests.find((q) => q.kind === input.kind)!;
	return { ok: true, request, gameId: gameId ?? request.gameId };
}

/** Waits (briefly) while the request is claimed by another matcher, which seats it within a moment or dies (then the sweep does). */
async function settled(db: D1Database, userId: string, kind: string): Promise<void> {
	for (let i = 0; i < SETTLE_TRIES; i++) {
		const r = await db.prepare('SELECT status, claim FROM match_requests WHERE user_id = ?1 AND kind = ?2').bind(userId, kind).first<{ status: string; claim: string | null }>();
		if (!r || r.status !== 'waiting' || r.claim === null) return;
		await new Promise((ok) => setTimeout(ok, SETTLE_MS));
	}
}
const SETTLE_TRIES = 15;
const SETTLE_MS = 200;

/** Cancels the caller's waiting request of `kind`: NOT_FOUND if none waits, MATCHING if it is being seated. */
export async function cancel(db: D1Database, userId: string, kind: string, now: number): Promise<{ ok: true } | Refusal> {
	const r = await db
		.prepare("UPDATE match_requests SET status = 'cancelled' WHERE user_id = ?1 AND kind = ?2 AND status = 'waiting' AND claim IS NULL AND expires_at > ?3")
		.bind(userId, kind, now)
		.run();
	if ((r.meta.changes ?? 0) > 0) return { ok: true };
	const row = await db.prepare('SELECT status, claim, expires_at FROM match_requests WHERE user_id = ?1 AND kind = ?2').bind(userId, kind).first<Row>();
	if (row?.status === 'waiting' && row.claim !== null) return { ok: false, status: 409, code: 'MATCHING', message: 'this request is being seated now' };
	return { ok: false, status: 404, code: 'NOT_FOUND', message: 'no waiting request of this kind' };
}

/**
 * How many wait in each bucket: one pass over the waiting index alone (status = 'waiting' is its
 * condition and kind, seats, pace its first columns). A request past its time counts until the next
 * sweep marks it (at most five minutes): the page's hint, not a promise.
 */
export const WAITING_SQL = "SELECT kind, seats, pace, count(*) AS n FROM match_requests WHERE status = 'waiting' GROUP BY kind, seats, pace";

export async function waitingCounts(db: D1Database): Promise<WaitingCount[]> {
	const rows = (await db.prepare(WAITING_SQL).all<{ kind: string; seats: number; pace: string; n: number }>()).results;
	const out: WaitingCount[] = [];
	for (const r of rows) {
		const clock = controlOfPace(r.pace);
		if (clock) out.push({ kind: r.kind, seats: r.seats, clock, pace: r.pace, count: r.n });
	}
	return out;
}

/** The caller's requests (not the cancelled ones), newest first, with the counts the page shows. */
export async function mine(db: D1Database, userId: string, now: number): Promise<MatchState> {
	const [own, counts] = await Promise.all([
		db.prepare("SELECT * FROM match_requests WHERE user_id = ?1 AND status != 'cancelled' ORDER BY created_at DESC").bind(userId).all<Row>(),
		waitingCounts(db)
	]);
	const count = (b: Bucket) => counts.find((c) => c.kind === b.kind && c.seats === b.seats && c.pace === b.pace)?.count ?? 0;
	const requests: MatchRequestView[] = [];
	for (const r of own.results) {
		const clock = controlOfPace(r.pace);
		if (!clock) continue;
		// Past its time it is expired, whether or not the sweep has marked it yet — but a claimed one is being seated.
		const status = r.status === 'waiting' && r.expires_at <= now && r.claim === null ? 'expired' : (r.status as MatchRequestView['status']);
		requests.push({
			kind: r.kind,
			seats: r.seats,
			clock,
			pace: r.pace,
			rating: r.rating ?? UNRATED,
			minRating: r.min_rating,
			maxRating: r.max_rating,
			status,
			gameId: r.game_id,
			createdAt: r.created_at,
			expiresAt: r.expires_at,
			others: status === 'waiting' ? Math.max(0, count(r) - (r.status === 'waiting' ? 1 : 0)) : null
		});
	}
	return { requests, waiting: counts, paces: [...COMMON_PACES] };
}

// ---- matching ---------------------------------------------------------------------------------------

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
async function matchIn(env: MatchEnv, b: Bucket, now: number, anchor: string | null): Promise<{ seated: string | null; games: number }> {
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
async function release(db: D1Database, kind: string, group: readonly { userId: string }[], claim: string): Promise<void> {
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
async function seat(env: MatchEnv, b: Bucket, control: TimeControl, group: Seatable[], claim: string, gameId: string): Promise<string | 'failed'> {
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

// ---- the sweep (the cron, every five minutes) ------------------------------------------------------

export interface SweepReport {
	expired: number;
	/** Claims of dead matchers: games finished, claims given back. */
	finished: number;
	released: number;
	/** Games made by matching buckets. */
	seated: number;
}

/**
 * Expires what waited too long, finishes (or gives back) claims older than a minute, then matches
 * every bucket with enough waiting — requests that arrived at the same moment and missed each other,
 * or whose partner's range only now lets them meet, are seated here at the latest.
 */
export async function sweep(env: MatchEnv, now: number): Promise<SweepReport> {
	const db = env.DB;
	const report: SweepReport = { expired: 0, finished: 0, released: 0, seated: 0 };
	const exp = await db.prepare("UPDATE match_requests SET status = 'expired' WHERE status = 'waiting' AND claim IS NULL AND expires_at <= ?1").bind(now).run();
	report.expired = exp.meta.changes ?? 0;

	const claimed = (await db.prepare("SELECT * FROM match_requests WHERE status = 'waiting' AND claim IS NOT NULL ORDER BY created_at, user_id").all<Row>()).results;
	const byClaim = new Map<string, Row[]>();
	for (const r of claimed) byClaim.set(r.claim!, [...(byClaim.get(r.claim!) ?? []), r]);
	for (const [claim, rows] of byClaim) {
		const [gameId, at] = claim.split('@');
		if (now - Number(at) < CLAIM_TTL_MS) continue;
		const first = rows[0];
		const control = controlOfPace(first.pace);
		const whole = rows.length === first.seats && rows.every((r) => r.kind === first.kind && r.seats === first.seats && r.pace === first.pace);
		const names = whole
			? (
					await db
						.prepare(`SELECT id, username, locale FROM users WHERE id IN (${rows.map((_, i) => `?${i + 1}`).join(', ')})`)
						.bind(...rows.map((r) => r.user_id))
						.all<{ id: string; username: string; locale: string }>()
				).results
			: [];
		const group: Seatable[] = rows.map((r) => {
			const u = names.find((n) => n.id === r.user_id);
			return { userId: r.user_id, rating: r.rating ?? UNRATED, minRating: r.min_rating, maxRating: r.max_rating, createdAt: r.created_at, username: u?.username ?? '', locale: u?.locale ?? 'en' };
		});
		const b = { kind: first.kind, seats: first.seats, pace: first.pace };
		if (whole && control && names.length === rows.length) {
			// The dead matcher's game, made or not: made once (createSeated is idempotent for its id). A
			// refusal gives the rows back (seat); a room out of reach keeps the claim for the next sweep.
			if ((await seat(env, b, control, group, claim, gameId)) !== 'failed') report.finished++;
		} else {
			// A group that cannot be made (an account gone meanwhile): its requests wait again.
			await release(db, first.kind, group, claim);
			report.released++;
		}
	}

	const buckets = (
		await db
			.prepare("SELECT kind, seats, pace, count(*) AS n FROM match_requests WHERE status = 'waiting' AND claim IS NULL GROUP BY kind, seats, pace HAVING count(*) >= seats")
			.all<Bucket & { n: number }>()
	).results;
	for (const b of buckets) report.seated += (await matchIn(env, b, now, null)).games;
	return report;
}
