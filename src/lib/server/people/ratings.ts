/**
 * Ratings (issue 15, docs/people.md): one OpenSkill rating (Plackett–Luce, the library's default
 * model) per player and kind of game, updated exactly once when a game ends normally.
 *
 * Where: the room's flusher writes a finished game's rows to D1 with `flushBatch` below. When the
 * payload is a normal end (`ratable`), the same D1 batch — one transaction — also writes one
 * `rating_changes` row per player (key (game, user)) and the new `ratings` rows.
 *
 * Exactly once, also under retries and when two games of the same players finish at once:
 * - the ratings are computed from the rows read just before the batch; every ratings row's `games`
 *   count is its version;
 * - the batch's first rating statement "claims" the game: it inserts the first player's
 *   `rating_changes` row with a random nonce, but only if the game has no rating change yet AND
 *   every player's `games` count is still the one read;
 * - every other rating statement runs only if that claim (this nonce) is there.
 * So a retried batch (the game already rated) and a batch computed from stale rows (another game
 * was rated in between) write no rating at all; the stale one is computed again from fresh rows
 * (up to a few times, then the flush fails and the room retries it with backoff — the game rows
 * are idempotent upserts, outbox.ts).
 */
import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { rate } from 'openskill';
import { placesBy } from '$lib/engine';
import { isRated, type D1Payload } from '$lib/protocol/room';
import { isBotId } from '$lib/protocol/people';
import { gameStatements } from '$lib/server/room/outbox';

/** OpenSkill's defaults: a new player is μ 25, σ 25/3. */
export const MU0 = 25;
export const SIGMA0 = 25 / 3;

/**
 * The one number shown: the conservative estimate μ − 3σ (the skill we are ~99.7 % sure of), scaled
 * so that a new player shows 1000 and one point of μ is 40: familiar to Elo readers, never negative
 * in practice, and it grows as σ shrinks with games played.
 */
export function displayRating(mu: number, sigma: number): number {
	return Math.round(1000 + 40 * (mu - 3 * sigma));
}

/**
 * A rating is provisional (shown "1012?") while σ is above this. Lichess marks a rating provisional
 * while its Glicko-2 deviation is above 110 (from 500): about 11 games against settled opponents, 15
 * among newcomers only. OpenSkill 5.0.1's Plackett–Luce from σ 25/3, measured (mean σ over 300
 * random rankings per line; opponents "settled" at σ 2):
 *
 *   games               0     5     8    10    12    15    20    25    30
 *   2 players, settled  8.33  6.27  5.56  5.19  4.88  4.51  4.04  3.69  3.43
 *   3 players, settled  8.33  6.05  5.34  4.98  4.70  4.36  3.93  3.63  3.39
 *   4 players, settled  8.33  6.08  5.42  5.09  4.82  4.49  4.08  3.78  3.55
 *   2 players, all new  8.33  7.19  6.65  6.33  6.05  5.66  5.11  4.67  4.30
 *   3 players, all new  8.33  7.33  6.83  6.52  6.25  5.88  5.35  4.91  4.56
 *   4 players, all new  8.33  7.50  7.07  6.82  6.57  6.23  5.74  5.33  4.97
 *
 * σ ≤ 5 comes after 10–12 games against settled players (lichess: 11) and after 22–30 among
 * newcomers only (lichess: 15 — σ falls slower in OpenSkill when everyone is uncertain). Ratings on a
 * young site stay marked longer: the mark says only that the number is still uncertain, which it is.
 */
export const PROVISIONAL_SIGMA = 5;

export function provisional(sigma: number): boolean {
	return sigma > PROVISIONAL_SIGMA;
}

/**
 * A rated normal end (docs/people.md "Which games count"):
 * - created rated (`isRated`: rated or casual is chosen at creation; casual never moves a rating);
 * - not played on from another game's position (issue 34: `origin`; such a game is created casual,
 *   and this holds even for a payload that said otherwise — its players did not play its beginning);
 * - finished after a start, every seat has its final result, at least two players;
 * - every seat made at least one real decision (`decisions`: its own moves that are not `passive`,
 *   engine/kind.ts) — a seat that only passed, timed out or was played by the bot played no game, so
 *   a second account cannot feed a rating (issue 28); unknown counts (old payloads) rate nothing;
 * - somebody finished it: a seat played by the bot at the end (`dropped`: walked away, or the account
 *   was deleted) counts as finishing last (`ranking`), but a game everybody left rates nobody;
 * - no seat is a bot's (issue 34, room/bots.ts): a start with bots makes the game casual, and the
 *   bot seats make no decisions either — this is the third lock, on the seats themselves, so that no
 *   path that forgets the other two can rate against a bot (its id names no account).
 * A game closed before its start has no seats.
 */
export function ratable(p: D1Payload | null): p is D1Payload {
	return (
		!!p &&
		isRated(p.game) &&
		!p.game.origin &&
		p.game.status === 'finished' &&
		p.game.startedAt !== null &&
		p.seats.length >= 2 &&
		p.seats.every((s) => s.winner !== null && s.score !== null && (s.decisions ?? 0) >= 1) &&
		p.seats.some((s) => !s.dropped) &&
		!p.seats.some((s) => isBotId(s.userId))
	);
}

type Ranked = { score: number | null; winner: number | null; place?: number | null; dropped?: number };

/**
 * The final ranking for the rating: each seat's place from its kind's outcome (engine/kind.ts:
 * places with the rules' tie-breakers; a draw puts everyone first), so OpenSkill sees what the rules
 * decided. Payloads from before places (issue 29) rank winners first, then by total. A seat played by
 * the bot at the end (`dropped`: its player walked away or deleted the account) ranks below everyone,
 * quitters sharing last place, whatever the bot scored for it (Board Game Arena and lichess count
 * abandoning as losing: else leaving would deny the others their result). Only the rating reads
 * this: the game's own scores and places stay what the kind computed.
 * Rank = 1 + the number of seats strictly ahead (lower is better, as OpenSkill takes it).
 */
export function ranking(seats: readonly Ranked[]): number[] {
	return placesBy(seats.map((s) => (s.dropped ? [0, 0, 0] : s.place != null ? [1, -s.place, 0] : s.winner ? [1, 1, 0] : [1, 0, s.score ?? 0])));
}

interface Current {
	user_id: string;
	mu: number;
	sigma: number;
	games: number;
}

export interface RatingPlan {
	statements: D1PreparedStatement[];
	/** The game had its ratings already (a retried flush): nothing to claim. */
	done: boolean;
}

const CHANGE_COLUMNS = '(game_id, user_id, kind, before_mu, before_sigma, after_mu, after_sigma, nonce, created_at)';

/** Reads the players' current ratings and builds the rating statements (none if already rated). */
export async function planRating(db: D1Database, p: D1Payload, now: number): Promise<RatingPlan> {
	const g = p.game;
	const ids = p.seats.map((s) => s.userId);
	const marks = (from: number) => ids.map((_, i) => `?${i + from}`).join(', ');
	const [rated, current, accounts] = await db.batch([
		db.prepare('SELECT 1 AS x FROM rating_changes WHERE game_id = ?1 LIMIT 1').bind(g.id),
		db.prepare(`SELECT user_id, mu, sigma, games FROM ratings WHERE kind = ?1 AND user_id IN (${marks(2)})`).bind(g.game, ...ids),
		db.prepare(`SELECT id FROM users WHERE id IN (${marks(1)})`).bind(...ids)
	]);
	if (rated.results.length > 0) return { statements: [], done: true };
	const byUser = new Map((current.results as unknown as Current[]).map((r) => [r.user_id, r]));
	const exists = new Set((accounts.results as { id: string }[]).map((r) => r.id));
	// A player whose account is gone is rated as a newcomer and not written (nothing to write to).
	const before = p.seats.map((s) => byUser.get(s.userId) ?? { user_id: s.userId, mu: MU0, sigma: SIGMA0, games: 0 });
	const after = rate(
		before.map((r) => [{ mu: r.mu, sigma: r.sigma }]),
		{ rank: ranking(p.seats) }
	).map((t) => t[0]);
	const writes = before.map((b, i) => ({ b, a: after[i] })).filter((x) => exists.has(x.b.user_id));
	if (writes.length === 0) return { statements: [], done: true };

	const nonce = crypto.randomUUID();
	const claimed = 'EXISTS (SELECT 1 FROM rating_changes WHERE game_id = ? AND nonce = ?)';
	const guards = writes.map(() => 'COALESCE((SELECT games FROM ratings WHERE user_id = ? AND kind = ?), 0) = ?').join(' AND ');
	const change = (x: (typeof writes)[number]) => [g.id, x.b.user_id, g.game, x.b.mu, x.b.sigma, x.a.mu, x.a.sigma, nonce, now];
	const [first, ...rest] = writes;
	const out: D1PreparedStatement[] = [
		db
			.prepare(
				`INSERT INTO rating_changes ${CHANGE_COLUMNS} SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? ` +
					`WHERE NOT EXISTS (SELECT 1 FROM rating_changes WHERE game_id = ?) AND ${guards}`
			)
			.bind(...change(first), g.id, ...writes.flatMap((x) => [x.b.user_id, g.game, x.b.games]))
	];
	for (const x of rest)
		out.push(
			db
				.prepare(`INSERT OR IGNORE INTO rating_changes ${CHANGE_COLUMNS} SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${claimed}`)
				.bind(...change(x), g.id, nonce)
		);
	for (const x of writes)
		out.push(
			db
				.prepare(
					`INSERT INTO ratings (user_id, kind, mu, sigma, games, updated_at) SELECT ?, ?, ?, ?, 1, ? WHERE ${claimed} ` +
						`ON CONFLICT(user_id, kind) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1, updated_at = excluded.updated_at`
				)
				.bind(x.b.user_id, g.game, x.a.mu, x.a.sigma, now, g.id, nonce)
		);
	return { statements: out, done: false };
}

/** Attempts at rating one flush before it counts as failed (each lost only to another game's rating). */
const ATTEMPTS = 4;

/**
 * One flush of a room (flusher.ts): the game's rows and events (outbox.ts), and for a normal end its
 * ratings, in one D1 batch. Throws if the batch fails or the ratings could not be claimed; the room
 * then retries the whole flush with backoff.
 */
export async function flushBatch(
	db: D1Database,
	p: D1Payload | null,
	/** The room's other writes for the same batch, after the game's rows: its events' (notify/room-entry.ts), the chat's marks (room/chat.ts). */
	writes: readonly D1PreparedStatement[],
	now = Date.now()
): Promise<{ results: D1Result[]; writes: D1Result[] }> {
	const game = gameStatements(db, p);
	const base = [...game, ...writes];
	const mine = (results: D1Result[]) => ({ results, writes: results.slice(game.length, base.length) });
	if (!ratable(p)) {
		return mine(await db.batch(base));
	}
	for (let i = 0; i < ATTEMPTS; i++) {
		const plan = await planRating(db, p, now);
		const results = await db.batch([...base, ...plan.statements]);
		if (plan.done || (results[base.length]?.meta.changes ?? 0) === 1) return mine(results);
	}
	throw new Error(`ratings of ${p.game.id}: the players' ratings kept changing`);
}
