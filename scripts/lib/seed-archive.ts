/**
 * Seeded archive data for the archive's worker test and benchmark (issue 6): users, and games with
 * their seats written straight into D1 as if rooms had finished them — no room exists behind them.
 * Deterministic for a given `seed`. Realistic enough for the queries: 3–5 players, scores with
 * winners (ties give shared victories), rounds, finished times spread over `spanDays`, a few
 * private finished games (which must never show) and some public games in progress (the watch list).
 * Some games share their finishing millisecond with the one before, so the id tie-break matters.
 * Pure: runs in Node (the benchmark writes an SQL file) and in workerd (the test batches statements).
 */
import { LEGACY_KIND_ID } from '../../src/lib/games/index';
import { seeded } from '../../src/lib/tournament/random';

export interface SeedOptions {
	/** Public finished games. */
	games: number;
	/** Private finished games, mixed in among them. */
	privateGames?: number;
	/** Public games in progress. */
	activeGames?: number;
	/** Default: one per 40 games, at least 12. */
	users?: number;
	/** Username prefix (letters/digits, ≤ 12 characters): unique per run where the D1 is shared. */
	prefix: string;
	/** The newest finished time (ms); games spread over the `spanDays` before it. */
	end?: number;
	spanDays?: number;
	seed?: number;
}

export interface SeedUser {
	id: string;
	username: string;
	createdAt: number;
}

export interface SeedSeat {
	userId: string;
	seat: number;
	score: number | null;
	winner: 0 | 1 | null;
}

export interface SeedGame {
	id: string;
	status: 'finished' | 'active';
	visibility: 'public' | 'private';
	rounds: number;
	createdAt: number;
	startedAt: number;
	updatedAt: number;
	finishedAt: number | null;
	seats: SeedSeat[];
}

export interface SeedData {
	users: SeedUser[];
	games: SeedGame[];
}

/** mulberry32 (the tournament library's seeded generator): small, fast, good enough to spread test data. */
const rng = seeded;

const B32 = 'abcdefghijklmnopqrstuvwxyz234567';
const DAY = 86_400_000;

export function makeArchive(o: SeedOptions): SeedData {
	const r = rng(o.seed ?? 1);
	const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
	// Game ids look like real ones (16 of a-z2-7), so /games/:id links are well-formed.
	const id = () => Array.from({ length: 16 }, () => B32[int(0, 31)]).join('');
	const end = o.end ?? Date.now();
	const span = (o.spanDays ?? 730) * DAY;
	const userCount = o.users ?? Math.max(12, Math.round(o.games / 40));
	// Mixed case: the player filter must find `Seed_P7` as `seed_p7`.
	const users: SeedUser[] = Array.from({ length: userCount }, (_, i) => ({
		id: `u${id()}`,
		username: `${o.prefix}_P${i}`,
		createdAt: end - span - int(1, 60) * DAY
	}));
	// A few regulars play far more than the rest, as on any site.
	const pick = () => users[r() < 0.3 ? int(0, Math.min(4, userCount - 1)) : int(0, userCount - 1)];

	const game = (status: SeedGame['status'], visibility: SeedGame['visibility'], at: number): SeedGame => {
		const n = int(3, 5);
		const chosen = new Set<SeedUser>();
		while (chosen.size < n) chosen.add(pick());
		const finished = status === 'finished';
		const scores = [...chosen].map(() => (finished ? int(18, 75) : null));
		// Ties on the top score now and then: shared victories.
		if (finished && r() < 0.08) scores[1] = scores[0];
		const top = Math.max(...scores.map((s) => s ?? 0));
		const length = int(10, 40) * DAY;
		return {
			id: id(),
			status,
			visibility,
			rounds: finished ? int(6, 25) : int(1, 20),
			createdAt: at - length - DAY,
			startedAt: at - length,
			updatedAt: at,
			finishedAt: finished ? at : null,
			seats: [...chosen].map((u, seat) => ({
				userId: u.id,
				seat,
				score: scores[seat],
				winner: finished ? (scores[seat] === top ? 1 : 0) : null
			}))
		};
	};

	const games: SeedGame[] = [];
	let prev = end;
	for (let i = 0; i < o.games; i++) {
		// 5 %: the same millisecond as the previous game.
		const at = i > 0 && r() < 0.05 ? prev : end - Math.floor(r() * span);
		prev = at;
		games.push(game('finished', 'public', at));
	}
	for (let i = 0; i < (o.privateGames ?? 0); i++) {
		// Private games share times with public ones too, so a leak would land inside any page.
		const twin = games.length > 0 && r() < 0.5 ? games[int(0, games.length - 1)].finishedAt! : end - Math.floor(r() * span);
		games.push(game('finished', 'private', twin));
	}
	for (let i = 0; i < (o.activeGames ?? 0); i++) games.push(game('active', 'public', end - Math.floor(r() * 3 * DAY)));
	return { users, games };
}

const q = (s: string | number | null) => (s === null ? 'NULL' : typeof s === 'number' ? String(s) : `'${s.replace(/'/g, "''")}'`);

function inserts(head: string, rows: string[], per: number): string[] {
	const out: string[] = [];
	for (let i = 0; i < rows.length; i += per) out.push(`${head} VALUES ${rows.slice(i, i + per).join(', ')};`);
	return out;
}

/**
 * Multi-row INSERT statements (`per` rows each; D1 caps a statement at 100 KB): users, games,
 * seats — in that order. The test runs them with env.DB.batch, the benchmark as an SQL file.
 */
export function archiveInserts(d: SeedData, per = 100): string[] {
	const users = d.users.map(
		(u) => `(${q(u.id)}, ${q(u.username)}, ${q(u.username.toLowerCase())}, 'seeded$no-sign-in', ${u.createdAt})`
	);
	const games = d.games.map((g) =>
		[
			q(g.id), q(LEGACY_KIND_ID), q(g.status), q(g.visibility), g.visibility === 'private' ? q(`i${g.id}`) : 'NULL', q(g.seats[0].userId),
			`'{}'`, g.seats.length, `'3d'`, `'seed'`, 100, g.status === 'active' ? `'[0]'` : `'[]'`,
			// Seat 0 (the awaited one) waiting since the last change (games.waits, room/outbox.ts waitsOf).
			g.status === 'active' ? q(JSON.stringify([[g.updatedAt, null]])) : `'[]'`,
			g.createdAt, g.updatedAt, g.startedAt, q(g.finishedAt), g.rounds, g.seats.length
		].join(', ')
	);
	const seats = d.games.flatMap((g) =>
		// As a room's outbox writes them: the game's status and last change on each seat.
		g.seats.map(
			(s) => `(${q(g.id)}, ${q(s.userId)}, ${s.seat}, ${q(s.score)}, ${q(s.winner)}, 100, ${g.startedAt}, ${q(g.status)}, ${g.updatedAt})`
		)
	);
	return [
		...inserts('INSERT INTO users (id, username, username_key, password_hash, created_at)', users, per),
		...inserts(
			'INSERT INTO games (id, game, status, visibility, invite_code, creator_id, options, seats_wanted, time_limit, engine_version, version, ' +
				'active_seats, waits, created_at, updated_at, started_at, finished_at, rounds, players)',
			games.map((g) => `(${g})`),
			per
		),
		...inserts('INSERT INTO seats (game_id, user_id, seat, score, winner, version, joined_at, status, updated_at)', seats, per)
	];
}
