/**
 * The public archive (issue 6): finished public games newest first, a player's profile, and the
 * public games in progress to watch. Read-only over the D1 index the rooms write (`games`, `seats`).
 *
 * Plain SQL rather than Drizzle's builder, on purpose: each page is ONE D1 round trip (a CTE picks
 * the page's games, the same statement joins their seats), the keyset condition is a row value
 * `(finished_at, id) < (?, ?)` that SQLite matches against the index, and tests/worker/
 * archive.worker.test.ts runs EXPLAIN QUERY PLAN on exactly these strings (no full scan).
 * Indexes (migrations/0002_archive.sql): games(status, visibility, finished_at, id),
 * games(status, visibility, players, finished_at, id), seats(user_id, game_id).
 *
 * Private games never appear: every query pins `visibility = 'public'`.
 */
import { seatNameSql } from '$lib/protocol/people';
import * as v from 'valibot';
import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { KINDS, KIND_IDS } from '$lib/games';
import { displayRating } from './people/ratings';

/** The player counts any registered kind allows: the archive's player-count filter. */
const PLAYER_COUNTS = [...new Set(KINDS.flatMap((k) => Array.from({ length: k.seats.max - k.seats.min + 1 }, (_, i) => String(k.seats.min + i))))].sort(
	(a, b) => Number(a) - Number(b)
);
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;
const DAY_MS = 86_400_000;

/** `<finishedAt>.<id>`: the last row of a page; the next page starts strictly after it. */
const CURSOR = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` → its first millisecond (UTC), or null if there is no such day. */
export function dayStart(day: string): number | null {
	const m = DAY.exec(day);
	if (!m) return null;
	const t = Date.UTC(+m[1], +m[2] - 1, +m[3]);
	return new Date(t).toISOString().slice(0, 10) === day ? t : null;
}

const Day = v.pipe(v.string(), v.regex(DAY, 'a day as YYYY-MM-DD'), v.check((d) => dayStart(d) !== null, 'a day of the calendar'));

/** GET /api/archive's query (all strings; an empty one counts as absent, as a GET form sends it). */
export const ArchiveQuery = v.pipe(
	v.strictObject({
		/** The kind of game (registry id). */
		kind: v.optional(v.picklist(KIND_IDS, `one of: ${KIND_IDS.join(', ')}`)),
		/** The same as `kind`, as the archive took it before kinds (docs/api.md). */
		game: v.optional(v.picklist(KIND_IDS, `one of: ${KIND_IDS.join(', ')}`)),
		player: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,24}$/, 'a username (1–24 of A-Z a-z 0-9 _ -)'))),
		from: v.optional(Day),
		to: v.optional(Day),
		/** Issue 35: a tournament's games (its id). */
		tournament: v.optional(v.pipe(v.string(), v.regex(/^[a-z2-7]{16}$/, 'a tournament id'))),
		players: v.optional(v.pipe(v.picklist(PLAYER_COUNTS, `one of ${PLAYER_COUNTS.join(', ')}`), v.transform(Number))),
		cursor: v.optional(v.pipe(v.string(), v.regex(CURSOR, 'a cursor from nextCursor'))),
		/** The page just newer than this cursor (a `prevCursor`): "newer" links. */
		newer: v.optional(v.pipe(v.string(), v.regex(CURSOR, 'a cursor from prevCursor'))),
		limit: v.optional(
			v.pipe(v.string(), v.regex(/^\d{1,3}$/, `1–${PAGE_MAX}`), v.transform(Number), v.minValue(1, `1–${PAGE_MAX}`), v.maxValue(PAGE_MAX, `1–${PAGE_MAX}`))
		)
	}),
	v.forward(
		v.check((q) => !q.from || !q.to || q.from <= q.to, 'not after "to"'),
		['from']
	),
	v.forward(
		v.check((q) => !q.cursor || !q.newer, 'not together with "cursor"'),
		['newer']
	),
	v.forward(
		v.check((q) => !q.kind || !q.game || q.kind === q.game, 'not another kind than "kind"'),
		['game']
	)
);
export type ArchiveFilters = Omit<v.InferOutput<typeof ArchiveQuery>, 'limit'> & { limit?: number };

/** The query string as an object of its non-empty values; a repeated key is refused (null). */
export function queryObject(params: URLSearchParams, only?: readonly string[]): Record<string, string> | null {
	// No prototype: `out['__proto__'] = …` on a plain object sets its prototype instead of a key,
	// and the strict schema then never saw the parameter (issue 10: `?__proto__=1` was accepted).
	const out: Record<string, string> = Object.create(null);
	for (const [k, val] of params) {
		if (only && !only.includes(k)) continue;
		if (Object.hasOwn(out, k)) return null;
		if (val !== '') out[k] = val;
	}
	return out;
}

/** Parses a query into filters, or names the first bad parameter (for 400 BAD_REQUEST). */
export function parseArchiveQuery(params: URLSearchParams): { ok: true; filters: ArchiveFilters } | { ok: false; message: string } {
	const q = queryObject(params);
	if (!q) return { ok: false, message: 'a parameter is repeated' };
	const r = v.safeParse(ArchiveQuery, q);
	if (r.success) return { ok: true, filters: r.output };
	const issue = r.issues[0];
	const key = issue.path?.map((p) => String(p.key)).join('.') || '(query)';
	// Every check above has its own message; an unknown key is the strict object's issue.
	const what = issue.type === 'strict_object' ? 'unknown parameter' : `expected ${issue.message}`;
	return { ok: false, message: `${key}: ${what}`.slice(0, 200) };
}

export interface ArchivePlayer {
	username: string;
	seat: number;
	score: number | null;
	winner: boolean;
	/** Issue 15: the seat's rating in this kind before and after this game (shown numbers); absent if the game was not rated. */
	rating?: { before: number; after: number };
}
export interface ArchiveRow {
	id: string;
	game: string;
	/** Rated or casual (issue 28). */
	rated: boolean;
	finishedAt: number;
	rounds: number | null;
	players: ArchivePlayer[];
}
export interface ArchivePage {
	rows: ArchiveRow[];
	/** Pass as `cursor` for the next (older) page; null on the last page. */
	nextCursor: string | null;
	/** Pass as `newer` for the previous (newer) page; null on the first page. */
	prevCursor: string | null;
	/** SQL time inside D1 (its `meta.duration`), for the Server-Timing header. */
	sqlMs: number;
}

// A seat whose account was deleted has a tombstone id and no users row (issue 15), nor has a bot's
// (issue 34): LEFT JOIN, and the marker the pages render as "deleted player" or "Bot 2"
// (src/lib/protocol/people.ts seatNameSql).
const SEAT_COLUMNS =
	`p.*, s.seat AS seat, s.score AS score, s.winner AS winner, ${seatNameSql()} AS username, ` +
	'rc.before_mu AS before_mu, rc.before_sigma AS before_sigma, rc.after_mu AS after_mu, rc.after_sigma AS after_sigma';

/** The statement of one archive page (limit + 1 games, to know whether there is another page). */
export function archiveSql(f: ArchiveFilters): { sql: string; params: (string | number)[] } {
	const limit = f.limit ?? PAGE_DEFAULT;
	const params: (string | number)[] = [];
	const where = [`g.status = 'finished'`, `g.visibility = 'public'`];
	const bind = (x: string | number) => (params.push(x), `?${params.length}`);
	const kind = f.kind ?? f.game;
	if (kind) where.push(`g.game = ${bind(kind)}`);
	if (f.players) where.push(`g.players = ${bind(f.players)}`);
	if (f.tournament) where.push(`g.tournament_id = ${bind(f.tournament)}`);
	if (f.from) where.push(`g.finished_at >= ${bind(dayStart(f.from)!)}`);
	if (f.to) where.push(`g.finished_at < ${bind(dayStart(f.to)! + DAY_MS)}`);
	// Newer pages read the index the other way up from the cursor; the outer query orders them back.
	const key = f.cursor ?? f.newer;
	if (key) {
		const [, at, id] = CURSOR.exec(key)!;
		where.push(`(g.finished_at, g.id) ${f.newer ? '>' : '<'} (${bind(Number(at))}, ${bind(id)})`);
	}
	const dir = f.newer ? 'ASC' : 'DESC';
	// A player's games: from their seats (index seats(user_id, status, …)), then each game by its key.
	// CROSS JOIN keeps that order: starting from the games index would read every public game for a
	// player with few games. The sort is over that player's games only.
	const from = f.player
		? `seats ps CROSS JOIN games g ON g.id = ps.game_id`
		: 'games g';
	// ps.status: the seat's copy of the game's status, so the index skips the player's unfinished games.
	if (f.player) where.unshift(`ps.user_id = (SELECT id FROM users WHERE username_key = ${bind(f.player.toLowerCase())})`, `ps.status = 'finished'`);
	const sql =
		`WITH p AS (SELECT g.id AS id, g.game AS game, g.rated AS rated, g.finished_at AS finished_at, g.rounds AS rounds FROM ${from} ` +
		`WHERE ${where.join(' AND ')} ORDER BY g.finished_at ${dir}, g.id ${dir} LIMIT ${bind(limit + 1)}) ` +
		`SELECT ${SEAT_COLUMNS} FROM p JOIN seats s ON s.game_id = p.id LEFT JOIN users u ON u.id = s.user_id ` +
		`LEFT JOIN rating_changes rc ON rc.game_id = p.id AND rc.user_id = s.user_id ` +
		`ORDER BY p.finished_at DESC, p.id DESC, s.seat`;
	return { sql, params };
}

interface PageRow {
	id: string;
	game: string;
	rated: number;
	finished_at: number;
	rounds: number | null;
	seat: number;
	score: number | null;
	winner: number | null;
	username: string;
	before_mu: number | null;
	before_sigma: number | null;
	after_mu: number | null;
	after_sigma: number | null;
}

/** Joined rows (one per seat, games in order) → games with their players. */
function group(rows: PageRow[]): ArchiveRow[] {
	const out: ArchiveRow[] = [];
	for (const r of rows) {
		let g = out.at(-1);
		if (!g || g.id !== r.id) out.push((g = { id: r.id, game: r.game, rated: r.rated === 1, finishedAt: r.finished_at, rounds: r.rounds, players: [] }));
		g.players.push({
			username: r.username,
			seat: r.seat,
			score: r.score,
			winner: r.winner === 1,
			...(r.after_mu === null || r.after_mu === undefined
				? {}
				: { rating: { before: displayRating(r.before_mu!, r.before_sigma!), after: displayRating(r.after_mu, r.after_sigma!) } })
		});
	}
	return out;
}

const cursorOf = (g: ArchiveRow | undefined) => (g ? `${g.finishedAt}.${g.id}` : null);

/** A page from limit + 1 games: the extra one (oldest, or newest when going newer) says there is more. */
function pageOf(result: D1Result<PageRow>, f: ArchiveFilters): ArchivePage {
	const games = group(result.results);
	const limit = f.limit ?? PAGE_DEFAULT;
	const more = games.length > limit;
	const sqlMs = result.meta?.duration ?? 0;
	if (f.newer) {
		const rows = more ? games.slice(1) : games;
		return { rows, prevCursor: more ? cursorOf(rows[0]) : null, nextCursor: cursorOf(rows.at(-1)), sqlMs };
	}
	const rows = more ? games.slice(0, limit) : games;
	return { rows, prevCursor: f.cursor ? cursorOf(rows[0]) : null, nextCursor: more ? cursorOf(rows.at(-1)) : null, sqlMs };
}

function archiveStatement(db: D1Database, f: ArchiveFilters): D1PreparedStatement {
	const { sql, params } = archiveSql(f);
	return db.prepare(sql).bind(...params);
}

/** One page of the archive, newest first. */
export async function archivePage(db: D1Database, f: ArchiveFilters): Promise<ArchivePage> {
	return pageOf(await archiveStatement(db, f).all<PageRow>(), f);
}

export interface Profile {
	username: string;
	joined: number;
	/** Finished public games. */
	finished: number;
	/** Of those, won — a shared victory counts as a win. */
	wins: number;
	/** Mean final score over those games; null without any. */
	averageScore: number | null;
	games: ArchivePage;
}

export const PROFILE_SQL =
	`SELECT u.username AS username, u.created_at AS joined, count(g.id) AS finished, ` +
	`total(CASE WHEN g.id IS NULL THEN 0 ELSE s.winner END) AS wins, total(CASE WHEN g.id IS NULL THEN 0 ELSE s.score END) AS points ` +
	`FROM users u LEFT JOIN seats s ON s.user_id = u.id AND s.status = 'finished' ` +
	`LEFT JOIN games g ON g.id = s.game_id AND g.status = 'finished' AND g.visibility = 'public' ` +
	`WHERE u.username_key = ?1 GROUP BY u.id`;

/** A player's figures and a page of their finished public games; null for an unknown name. */
export async function profile(db: D1Database, username: string, page: Pick<ArchiveFilters, 'cursor' | 'newer' | 'limit'> = {}): Promise<Profile | null> {
	const [stats, games] = await db.batch([
		db.prepare(PROFILE_SQL).bind(username.toLowerCase()),
		archiveStatement(db, { ...page, player: username })
	]);
	const s = (stats as D1Result<{ username: string; joined: number; finished: number; wins: number; points: number }>).results[0];
	if (!s) return null;
	const p = pageOf(games as D1Result<PageRow>, page);
	p.sqlMs += stats.meta?.duration ?? 0;
	return {
		username: s.username,
		joined: s.joined,
		finished: s.finished,
		wins: s.wins,
		averageScore: s.finished > 0 ? s.points / s.finished : null,
		games: p
	};
}

export interface WatchGame {
	id: string;
	game: string;
	/** Rated or casual (issue 28). */
	rated: boolean;
	/** Last change (a move, a timeout): the list's order, newest first. */
	updatedAt: number;
	startedAt: number | null;
	rounds: number | null;
	players: { username: string; seat: number }[];
}

export const WATCH_SQL =
	`WITH p AS (SELECT id, game, rated, created_at, updated_at, started_at, rounds FROM games WHERE status = 'active' AND visibility = 'public' ` +
	`ORDER BY started_at DESC, created_at DESC, id DESC LIMIT ?1) ` +
	`SELECT p.*, s.seat AS seat, ${seatNameSql()} AS username FROM p JOIN seats s ON s.game_id = p.id LEFT JOIN users u ON u.id = s.user_id ` +
	`ORDER BY p.started_at DESC, p.created_at DESC, p.id DESC, s.seat`;

/**
 * Public games in progress, newest started first: what a spectator can follow (/games/:id). Issue
 * 33: by start, not by the last move — ordering by activity cost an index row written with every
 * move of every public game; each entry still shows when its last move was (`updatedAt`).
 */
export async function watchList(db: D1Database, limit = 20): Promise<WatchGame[]> {
	const r = await db
		.prepare(WATCH_SQL)
		.bind(limit)
		.all<{ id: string; game: string; rated: number; updated_at: number; started_at: number | null; rounds: number | null; seat: number; username: string }>();
	const out: WatchGame[] = [];
	for (const x of r.results) {
		let g = out.at(-1);
		if (!g || g.id !== x.id)
			out.push((g = { id: x.id, game: x.game, rated: x.rated === 1, updatedAt: x.updated_at, startedAt: x.started_at, rounds: x.rounds, players: [] }));
		g.players.push({ username: x.username, seat: x.seat });
	}
	return out;
}
