/**
 * The match-maker (issue 35, docs/matchmaker.md): one standing request per player and kind in D1
 * (`match_requests`) — asked for, read, counted and cancelled here; matched when it arrives and by
 * the cron's sweep. Matching, and why no request is ever seated twice: seat.ts; the sweep: sweep.ts.
 */
import type { D1Database } from '@cloudflare/workers-types';
import { COMMON_PACES, paceOf, type MatchRequestView, type MatchState, type WaitingCount } from '$lib/protocol/match';
import type { RoomUser } from '$lib/protocol/room';
import { displayRating } from '../people/ratings';
import { controlOfPace } from './pace';
import type { MatchInput } from './request';
import { UNRATED, matchBucket, type Bucket, type MatchEnv, type Row } from './seat';

export { CLAIM_TTL_MS, UNRATED, matchBucket } from './seat';
export { sweep, type SweepReport } from './sweep';

const HOUR = 3_600_000;

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
