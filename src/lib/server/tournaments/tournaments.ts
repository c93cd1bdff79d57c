/**
 * Issue 35: tournaments (docs/tournaments.md). D1 holds them (schema.ts `tournaments`,
 * `tournament_players`, `tournament_tables`); their games are ordinary games, each in its room,
 * created seated (GameRoom.createSeated) and marked with the tournament (`games.tournament_id`).
 *
 * Nothing here needs a lock: every change of a tournament is one guarded statement or one batch (D1
 * runs each alone), and whoever's guard matched does the follow-up work —
 * - a sign-up is one INSERT whose WHERE counts the players: two for the last place, one gets it;
 * - a round starts with the batch that raises `tournaments.round` from r−1 to r and writes the
 *   round's tables (INSERT OR IGNORE by (tournament, round, table)); only the caller whose UPDATE
 *   changed the row creates the games, so a round never starts twice, however many callers (the
 *   rooms of the last games of a round, the cron) see it end at once;
 * - a game is created with the id chosen when its table was written, and a room asked again for the
 *   same game answers with it: a failure between the batch and the games is made good by the cron.
 * Pairings and standings are the pure functions of src/lib/tournament/.
 */
import * as v from 'valibot';
import type { D1Database } from '@cloudflare/workers-types';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { kindOf } from '$lib/games';
import { pairingProblem, pairRound } from '$lib/tournament/pairing';
import { pointsFor, standings } from '$lib/tournament/standings';
import type { Bye, TableResult, TournamentPlayer } from '$lib/tournament/types';
import { TOURNAMENT_LIMITS, type StandingRow, type TournamentPerson, type TournamentRound, type TournamentStatus, type TournamentSummary, type TournamentView } from '$lib/protocol/tournament';
import type { RoomUser, TimeControl, TimeLimit } from '$lib/protocol/room';
import { DELETED_PLAYER } from '$lib/protocol/people';
import { randomId } from '../games';
import { displayRating } from '../people/ratings';
import { timeLimitOf } from '../room/clock';
import { inboxInsert } from '../notify/inapp';
import { gameUrl, inLocale } from '../notify/render';
import * as m from '$lib/paraglide/messages/_index.js';
import type { Organise } from './body';

type Env = App.Platform['env'];
const DAY = 86_400_000;

export type Refusal = { ok: false; status: number; code: string; message: string };
export type Outcome<T> = ({ ok: true } & T) | Refusal;
const refuse = (status: number, code: string, message: string): Refusal => ({ ok: false, status, code, message });

/** A `tournaments` row as D1 gives it. */
export interface TournamentRow {
	id: string;
	name: string;
	kind: string;
	options: string;
	table_size: number;
	format: 'swiss' | 'roundRobin';
	rounds: number;
	clock: string;
	round_days: number | null;
	signup_until: number;
	min_players: number;
	max_players: number;
	rated: number;
	visibility: 'public' | 'private';
	invite_code: string | null;
	organiser_id: string;
	status: TournamentStatus;
	round: number;
	round_started_at: number | null;
	round_deadline: number | null;
	players: number;
	winners: string | null;
	created_at: number;
	started_at: number | null;
	finished_at: number | null;
	updated_at: number;
	version: number;
}

interface PlayerRow {
	user_id: string;
	seq: number;
	joined_at: number;
	withdrawn_at: number | null;
}

interface TableRow {
	round: number;
	table_no: number;
	game_id: string | null;
	players: string;
	places: string | null;
	created: number;
	finished_at: number | null;
}

// ---- organise ------------------------------------------------------------------------------------

/** POST /api/tournaments: checks the kind's part (seat range, options) and writes the row. */
export async function organise(db: D1Database, user: RoomUser, b: Organise, now: number): Promise<Outcome<{ id: string; inviteCode: string | null }>> {
	const kind = kindOf(b.kind);
	if (!kind) return refuse(400, 'UNKNOWN_KIND', 'no such kind of game');
	const { min, max } = kind.seats;
	if (b.tableSize < min || b.tableSize > max) return refuse(400, 'BAD_TABLE_SIZE', `tableSize: ${kind.id} is for ${min} to ${max} players`);
	if (b.minPlayers < min) return refuse(400, 'BAD_REQUEST', `minPlayers: at least ${min}, the smallest table`);
	if (b.format === 'roundRobin' && b.tableSize !== 2 && b.maxPlayers > TOURNAMENT_LIMITS.roundRobinPlayersMax)
		return refuse(400, 'BAD_REQUEST', `maxPlayers: a round robin is for at most ${TOURNAMENT_LIMITS.roundRobinPlayersMax} players`);
	const opts = v.safeParse(kind.options, b.options ?? {});
	if (!opts.success) return refuse(400, 'BAD_OPTIONS', `options: ${opts.issues[0].message}`.slice(0, 200));
	if (b.signupUntil < now + TOURNAMENT_LIMITS.signupMinMs || b.signupUntil > now + TOURNAMENT_LIMITS.signupMaxDays * DAY)
		return refuse(400, 'BAD_REQUEST', `signupUntil: between a minute and ${TOURNAMENT_LIMITS.signupMaxDays} days from now`);
	const id = randomId();
	const inviteCode = b.visibility === 'private' ? randomId() : null;
	await db
		.prepare(
			'INSERT INTO tournaments (id, name, kind, options, table_size, format, rounds, clock, round_days, signup_until, min_players, max_players, rated, visibility, invite_code, organiser_id, status, created_at, updated_at) ' +
				"VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, 'signup', ?17, ?17)"
		)
		.bind(id, b.name, kind.id, JSON.stringify(opts.output), b.tableSize, b.format, b.rounds, JSON.stringify(b.clock), b.roundDays, b.signupUntil, b.minPlayers, b.maxPlayers, b.rated ? 1 : 0, b.visibility, inviteCode, user.id, now)
		.run();
	return { ok: true, id, inviteCode };
}

// ---- reading -------------------------------------------------------------------------------------

export async function tournamentRow(db: D1Database, id: string): Promise<TournamentRow | null> {
	if (!/^[a-z2-7]{16}$/.test(id)) return null;
	return db.prepare('SELECT * FROM tournaments WHERE id = ?1').bind(id).first<TournamentRow>();
}

async function playersOf(db: D1Database, id: string): Promise<PlayerRow[]> {
	const r = await db.prepare('SELECT user_id, seq, joined_at, withdrawn_at FROM tournament_players WHERE tournament_id = ?1 ORDER BY seq').bind(id).all<PlayerRow>();
	return r.results;
}

async function tablesOf(db: D1Database, id: string): Promise<TableRow[]> {
	const r = await db
		.prepare('SELECT round, table_no, game_id, players, places, created, finished_at FROM tournament_tables WHERE tournament_id = ?1 ORDER BY round, table_no')
		.bind(id)
		.all<TableRow>();
	return r.results;
}

/** Usernames by id (deleted accounts: the row is gone, the name shown is the site's "deleted player"). */
async function namesOf(db: D1Database, ids: string[]): Promise<Map<string, string>> {
	const out = new Map<string, string>();
	if (ids.length === 0) return out;
	const r = await db.prepare('SELECT id, username FROM users WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify([...new Set(ids)])).all<{ id: string; username: string }>();
	for (const u of r.results) out.set(u.id, u.username);
	return out;
}

/** Displayed ratings in the kind (null: not rated yet). */
async function ratingsOf(db: D1Database, kind: string, ids: string[]): Promise<Map<string, number>> {
	const out = new Map<string, number>();
	if (ids.length === 0) return out;
	const r = await db
		.prepare('SELECT user_id, mu, sigma FROM ratings WHERE kind = ?1 AND user_id IN (SELECT value FROM json_each(?2))')
		.bind(kind, JSON.stringify(ids))
		.all<{ user_id: string; mu: number; sigma: number }>();
	for (const x of r.results) out.set(x.user_id, displayRating(x.mu, x.sigma));
	return out;
}

/** A player by id; an account deleted since reads as the site's deleted player (src/lib/ui/names.ts). */
const nameOf = (names: Map<string, string>, id: string) => names.get(id) ?? DELETED_PLAYER;
const person = (names: Map<string, string>, id: string): TournamentPerson => ({ id, username: nameOf(names, id) });

/** Who may see a private tournament: its organiser, its players, and holders of its invitation link. */
export function maySee(t: TournamentRow, userId: string | null, invite: string | null, playerIds: ReadonlySet<string>): boolean {
	if (t.visibility === 'public') return true;
	if (userId !== null && (t.organiser_id === userId || playerIds.has(userId))) return true;
	return invite !== null && invite === t.invite_code;
}

/**
 * A private tournament's games are private games; each one's invite code is derived from the
 * tournament's and the game's id (nothing more to store), and shown only to those who may see the
 * tournament with its code (its organiser and players).
 */
export function gameInvite(t: Pick<TournamentRow, 'invite_code'>, gameId: string): string | null {
	if (!t.invite_code) return null;
	return encodeBase32LowerCaseNoPadding(sha256(new TextEncoder().encode(`${t.invite_code}/${gameId}`))).slice(0, 16);
}

function summaryOf(t: TournamentRow, names: Map<string, string>): TournamentSummary {
	return {
		id: t.id,
		name: t.name,
		kind: t.kind,
		format: t.format,
		tableSize: t.table_size,
		rounds: t.rounds,
		clock: JSON.parse(t.clock) as TimeControl,
		rated: !!t.rated,
		visibility: t.visibility,
		status: t.status,
		round: t.round,
		players: t.players,
		minPlayers: t.min_players,
		maxPlayers: t.max_players,
		signupUntil: t.signup_until,
		organiser: person(names, t.organiser_id),
		createdAt: t.created_at,
		startedAt: t.started_at,
		finishedAt: t.finished_at,
		winners: (t.winners ? (JSON.parse(t.winners) as string[]) : []).map((id) => person(names, id))
	};
}

const LIST_LIMIT = 50;

/**
 * GET /api/tournaments: public ones by status (open for sign-up: soonest deadline first; running
 * and finished: newest first), and with `mine` those the caller plays in or organises, any visibility.
 */
export async function listTournaments(
	db: D1Database,
	userId: string | null,
	q: { status: TournamentStatus | null; kind: string | null; mine: boolean }
): Promise<TournamentSummary[]> {
	let rows: TournamentRow[];
	if (q.mine && userId) {
		const r = await db
			.prepare(
				'SELECT t.* FROM tournaments t WHERE t.id IN (SELECT tournament_id FROM tournament_players WHERE user_id = ?1 UNION SELECT id FROM tournaments WHERE organiser_id = ?1) ' +
					'AND (?2 IS NULL OR t.status = ?2) AND (?3 IS NULL OR t.kind = ?3) ORDER BY t.created_at DESC LIMIT ?4'
			)
			.bind(userId, q.status, q.kind, LIST_LIMIT)
			.all<TournamentRow>();
		rows = r.results;
	} else {
		const statuses: TournamentStatus[] = q.status ? [q.status] : ['signup', 'running', 'finished'];
		const parts = await db.batch(
			statuses.map((s) =>
				db
					.prepare(
						`SELECT * FROM tournaments WHERE status = ?1 AND visibility = 'public' AND (?2 IS NULL OR kind = ?2) ORDER BY signup_until ${s === 'signup' ? 'ASC' : 'DESC'}, id LIMIT ?3`
					)
					.bind(s, q.kind, LIST_LIMIT)
			)
		);
		rows = parts.flatMap((p) => p.results as unknown as TournamentRow[]);
	}
	const names = await namesOf(db, rows.flatMap((t) => [t.organiser_id, ...(t.winners ? (JSON.parse(t.winners) as string[]) : [])]));
	let joined = new Set<string>();
	if (userId && rows.length) {
		const r = await db
			.prepare('SELECT tournament_id FROM tournament_players WHERE user_id = ?1 AND tournament_id IN (SELECT value FROM json_each(?2))')
			.bind(userId, JSON.stringify(rows.map((t) => t.id)))
			.all<{ tournament_id: string }>();
		joined = new Set(r.results.map((x) => x.tournament_id));
	}
	return rows.map((t) => ({ ...summaryOf(t, names), ...(userId ? { joined: joined.has(t.id) } : {}) }));
}

/** A user's tournaments for their profile (public ones only, unless the viewer is that user). */
export async function tournamentsOfUser(db: D1Database, userId: string, own: boolean): Promise<TournamentSummary[]> {
	const r = await db
		.prepare(
			"SELECT t.* FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id WHERE p.user_id = ?1 AND (?2 = 1 OR t.visibility = 'public') ORDER BY p.joined_at DESC LIMIT ?3"
		)
		.bind(userId, own ? 1 : 0, LIST_LIMIT)
		.all<TournamentRow>();
	const names = await namesOf(db, r.results.flatMap((t) => [t.organiser_id, ...(t.winners ? (JSON.parse(t.winners) as string[]) : [])]));
	return r.results.map((t) => summaryOf(t, names));
}

/** The pure library's view of the tournament so far. */
function resultsOf(tables: TableRow[]): { results: TableResult[]; byes: Bye[] } {
	const results: TableResult[] = [];
	const byes: Bye[] = [];
	for (const t of tables) {
		const players = JSON.parse(t.players) as string[];
		if (t.table_no < 0) for (const p of players) byes.push({ round: t.round, player: p });
		else if (t.places) results.push({ round: t.round, players, places: JSON.parse(t.places) as (number | null)[] });
	}
	return { results, byes };
}

function libPlayers(players: PlayerRow[], ratings: Map<string, number>): TournamentPlayer[] {
	return players.map((p) => ({ id: p.user_id, order: p.seq, rating: ratings.get(p.user_id) ?? null, withdrawn: p.withdrawn_at !== null }));
}

/** GET /api/tournaments/:id — null: no such tournament, or one the caller may not see. */
export async function tournamentView(db: D1Database, id: string, userId: string | null, invite: string | null, now: number): Promise<TournamentView | null> {
	const t = await tournamentRow(db, id);
	if (!t) return null;
	const [players, tables] = await Promise.all([playersOf(db, id), tablesOf(db, id)]);
	const ids = new Set(players.map((p) => p.user_id));
	if (!maySee(t, userId, invite, ids)) return null;
	const [names, ratings] = await Promise.all([namesOf(db, [t.organiser_id, ...ids]), ratingsOf(db, t.kind, [...ids])]);
	const me = userId ? players.find((p) => p.user_id === userId) : undefined;
	const insider = userId !== null && (t.organiser_id === userId || !!me);
	const { results, byes } = resultsOf(tables);
	const lib = libPlayers(players, ratings);
	const stand: StandingRow[] = standings(lib, results, byes, t.table_size, t.rounds).map((s) => ({ ...s, username: nameOf(names, s.player) }));
	const schedule: TournamentRound[] = [];
	for (let r = 1; r <= t.round; r++) {
		const rows = tables.filter((x) => x.round === r);
		const games = rows.filter((x) => x.table_no >= 0);
		schedule.push({
			round: r,
			tables: games.map((x) => {
				const seatIds = JSON.parse(x.players) as string[];
				const places = x.places ? (JSON.parse(x.places) as (number | null)[]) : null;
				return {
					table: x.table_no,
					gameId: x.game_id,
					players: seatIds.map((p) => person(names, p)),
					places,
					points: places ? places.map((pl) => (pl === null ? 0 : pointsFor(pl, places, t.table_size))) : null,
					finished: x.finished_at !== null,
					...(t.visibility === 'private' ? { inviteCode: insider && x.game_id ? gameInvite(t, x.game_id) : null } : {})
				};
			}),
			byes: rows.filter((x) => x.table_no < 0).flatMap((x) => (JSON.parse(x.players) as string[]).map((p) => person(names, p))),
			startedAt: r === t.round ? t.round_started_at : null,
			deadline: r === t.round && t.status === 'running' ? t.round_deadline : null,
			finished: games.length > 0 && games.every((x) => x.finished_at !== null)
		});
	}
	const signup = t.status === 'signup' && now < t.signup_until;
	return {
		...summaryOf(t, names),
		options: JSON.parse(t.options) as Record<string, unknown>,
		roundDays: t.round_days,
		roundStartedAt: t.round_started_at,
		roundDeadline: t.round_deadline,
		inviteCode: insider ? t.invite_code : null,
		playersList: players.map((p) => ({ id: p.user_id, username: nameOf(names, p.user_id), seq: p.seq, withdrawn: p.withdrawn_at !== null, rating: ratings.get(p.user_id) ?? null })),
		schedule,
		standings: stand,
		you: userId
			? {
					organiser: t.organiser_id === userId,
					playing: !!me && me.withdrawn_at === null,
					withdrawn: !!me && me.withdrawn_at !== null,
					canSignUp: signup && !me && t.players < t.max_players,
					canWithdraw: !!me && me.withdrawn_at === null && (t.status === 'signup' || t.status === 'running'),
					canStart: t.organiser_id === userId && t.status === 'signup' && t.players >= t.min_players
				}
			: null
	};
}

// ---- sign-up and withdrawal ------------------------------------------------------------------------

/**
 * One statement decides a sign-up: it inserts only while sign-up is open and fewer than the maximum
 * have signed up (two for the last place: D1 runs them one after the other, the second finds it
 * full). The count on the tournament row follows in the same batch.
 */
export async function signUp(db: D1Database, id: string, user: RoomUser, invite: string | null, now: number): Promise<Outcome<{ players: number }>> {
	const t = await tournamentRow(db, id);
	if (!t || (t.visibility === 'private' && invite !== t.invite_code && t.organiser_id !== user.id)) return refuse(404, 'NOT_FOUND', 'no such tournament');
	const [ins, upd] = await db.batch([
		db
			.prepare(
				'INSERT OR IGNORE INTO tournament_players (tournament_id, user_id, seq, joined_at) ' +
					'SELECT ?1, ?2, (SELECT COALESCE(MAX(seq) + 1, 0) FROM tournament_players WHERE tournament_id = ?1), ?3 ' +
					"WHERE EXISTS (SELECT 1 FROM tournaments WHERE id = ?1 AND status = 'signup' AND signup_until > ?3 " +
					'AND (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ?1) < max_players)'
			)
			.bind(id, user.id, now),
		db.prepare('UPDATE tournaments SET players = (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ?1), version = version + 1, updated_at = ?2 WHERE id = ?1 AND players IS NOT (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ?1)').bind(id, now)
	]);
	void upd;
	if ((ins.meta.changes ?? 0) === 1) {
		const n = await db.prepare('SELECT players FROM tournaments WHERE id = ?1').bind(id).first<number>('players');
		return { ok: true, players: n ?? 0 };
	}
	const again = await tournamentRow(db, id);
	const mine = await db.prepare('SELECT 1 AS x FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2').bind(id, user.id).first();
	if (mine) return refuse(409, 'ALREADY_SIGNED_UP', 'you are signed up already');
	if (!again || again.status !== 'signup' || again.signup_until <= now) return refuse(409, 'SIGNUP_CLOSED', 'sign-up has closed');
	return refuse(409, 'TOURNAMENT_FULL', `every place is taken (${again.max_players})`);
}

/**
 * Before the start a withdrawal removes the sign-up; after it the player stays in the standings with
 * what they scored, is paired no more, and their seats in running games go to the bot (as the site
 * does for a dropped player: GameRoom.handToBot).
 */
export async function withdraw(e: Env, id: string, user: RoomUser, now: number): Promise<Outcome<object>> {
	const db = e.DB;
	const t = await tournamentRow(db, id);
	if (!t) return refuse(404, 'NOT_FOUND', 'no such tournament');
	if (t.status === 'signup') {
		const [del] = await db.batch([
			db.prepare("DELETE FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2 AND EXISTS (SELECT 1 FROM tournaments WHERE id = ?1 AND status = 'signup')").bind(id, user.id),
			db.prepare('UPDATE tournaments SET players = (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ?1), version = version + 1, updated_at = ?2 WHERE id = ?1').bind(id, now)
		]);
		if ((del.meta.changes ?? 0) === 1) return { ok: true };
		// The tournament started between the two reads: a withdrawal after the start.
		const again = await tournamentRow(db, id);
		if (!again || again.status === 'signup') return refuse(409, 'NOT_SIGNED_UP', 'you are not signed up');
	}
	const r = await db
		.prepare("UPDATE tournament_players SET withdrawn_at = ?3 WHERE tournament_id = ?1 AND user_id = ?2 AND withdrawn_at IS NULL AND EXISTS (SELECT 1 FROM tournaments WHERE id = ?1 AND status = 'running')")
		.bind(id, user.id, now)
		.run();
	if ((r.meta.changes ?? 0) === 0) {
		const mine = await db.prepare('SELECT withdrawn_at FROM tournament_players WHERE tournament_id = ?1 AND user_id = ?2').bind(id, user.id).first<{ withdrawn_at: number | null }>();
		if (!mine) return refuse(409, 'NOT_SIGNED_UP', 'you are not signed up');
		if (mine.withdrawn_at !== null) return refuse(409, 'ALREADY_WITHDRAWN', 'you have withdrawn already');
		return refuse(409, 'TOURNAMENT_OVER', 'the tournament is over');
	}
	// Their unfinished games: the bot takes their seats.
	const open = await db
		.prepare('SELECT game_id FROM tournament_tables WHERE tournament_id = ?1 AND round = ?2 AND table_no >= 0 AND finished_at IS NULL AND game_id IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(players) WHERE value = ?3)')
		.bind(id, t.round, user.id)
		.all<{ game_id: string }>();
	for (const g of open.results) {
		try {
			await roomOf(e, g.game_id).handToBot([user.id]);
		} catch (err) {
			console.error(`tournament ${id}: could not hand ${g.game_id} to the bot: ${(err as Error).message}`);
		}
	}
	await advance(e, id, now);
	return { ok: true };
}

/** The organiser closes sign-up and starts now (at least the minimum of players), or cancels. */
export async function startNow(e: Env, id: string, user: RoomUser, now: number): Promise<Outcome<{ round: number }>> {
	const t = await tournamentRow(e.DB, id);
	if (!t) return refuse(404, 'NOT_FOUND', 'no such tournament');
	if (t.organiser_id !== user.id) return refuse(403, 'FORBIDDEN', 'only the organiser can start the tournament');
	if (t.status !== 'signup') return refuse(409, 'NOT_SIGNUP', 'the tournament has started or ended');
	if (t.players < t.min_players) return refuse(409, 'NOT_ENOUGH_PLAYERS', `at least ${t.min_players} players are needed`);
	const started = await begin(e, t, now);
	if (!started) return refuse(409, 'NOT_SIGNUP', 'the tournament has started or ended');
	return { ok: true, round: 1 };
}

export async function cancel(db: D1Database, id: string, user: RoomUser, now: number): Promise<Outcome<object>> {
	const t = await tournamentRow(db, id);
	if (!t) return refuse(404, 'NOT_FOUND', 'no such tournament');
	if (t.organiser_id !== user.id) return refuse(403, 'FORBIDDEN', 'only the organiser can cancel the tournament');
	const r = await db
		.prepare("UPDATE tournaments SET status = 'cancelled', finished_at = ?2, updated_at = ?2, version = version + 1 WHERE id = ?1 AND status = 'signup'")
		.bind(id, now)
		.run();
	if ((r.meta.changes ?? 0) === 0) return refuse(409, 'NOT_SIGNUP', 'only a tournament in sign-up can be cancelled');
	return { ok: true };
}

// ---- the lifecycle ---------------------------------------------------------------------------------

function roomOf(e: Env, gameId: string) {
	return e.GAME_ROOM.get(e.GAME_ROOM.idFromName(gameId));
}

/** Sign-up closed: `running` (once: the guard), then round 1. False if someone else did it first. */
async function begin(e: Env, t: TournamentRow, now: number): Promise<boolean> {
	const r = await e.DB.prepare(
		"UPDATE tournaments SET status = 'running', started_at = ?2, updated_at = ?2, version = version + 1 WHERE id = ?1 AND status = 'signup' AND players >= min_players"
	)
		.bind(t.id, now)
		.run();
	if ((r.meta.changes ?? 0) === 0) return false;
	await startRound(e, t.id, 1, now);
	return true;
}

/**
 * Starts round `round` if the tournament is at round − 1: pairs the players who have not withdrawn
 * (src/lib/tournament/pairing.ts), writes the round's tables in the batch that raises the round
 * (guarded: only one caller's UPDATE changes the row) and then, for that caller only, creates the
 * games and tells the players. Answers whether this call started it.
 */
export async function startRound(e: Env, id: string, round: number, now: number): Promise<boolean> {
	const db = e.DB;
	const t = await tournamentRow(db, id);
	if (!t || t.status !== 'running' || t.round !== round - 1) return false;
	const kind = kindOf(t.kind);
	if (!kind) return false;
	const [players, tables] = await Promise.all([playersOf(db, id), tablesOf(db, id)]);
	const ratings = await ratingsOf(db, t.kind, players.map((p) => p.user_id));
	const { results, byes } = resultsOf(tables);
	const input = {
		format: t.format,
		round,
		tableSize: t.table_size,
		minSeats: kind.seats.min,
		maxSeats: Math.min(kind.seats.max, t.table_size),
		players: libPlayers(players, ratings),
		results,
		byes
	};
	// `organise` checked the table size against the kind; a kind whose seat range changed since is
	// reported, and the round waits (the cron tries again) instead of failing the caller.
	const problem = pairingProblem(input);
	if (problem) {
		console.error(`tournament ${id}: round ${round} cannot be paired: ${problem}`);
		return false;
	}
	const pairing = pairRound(input);
	const deadline = t.round_days ? now + t.round_days * DAY : null;
	const statements = [
		db
			.prepare("UPDATE tournaments SET round = ?2, round_started_at = ?3, round_deadline = ?4, updated_at = ?3, version = version + 1 WHERE id = ?1 AND status = 'running' AND round = ?5")
			.bind(id, round, now, deadline, round - 1),
		// All the round's tables in one statement (a field of 1,000 is 250 tables): [gameId, [ids…]] by table.
		db
			.prepare(
				"INSERT OR IGNORE INTO tournament_tables (tournament_id, round, table_no, game_id, players) SELECT ?1, ?2, key, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?3)"
			)
			.bind(id, round, JSON.stringify(pairing.tables.map((ids) => [randomId(), ids]))),
		...(pairing.byes.length
			? [db.prepare('INSERT OR IGNORE INTO tournament_tables (tournament_id, round, table_no, game_id, players, created) VALUES (?1, ?2, -1, NULL, ?3, 1)').bind(id, round, JSON.stringify(pairing.byes))]
			: [])
	];
	const [raised] = await db.batch(statements);
	if ((raised.meta.changes ?? 0) === 0) return false;
	await createGames(e, id, now);
	return true;
}

/**
 * The games of the running round not yet created (all of them right after the start; after a failure
 * the rest, from the cron): each in its room, with the id its table row holds, then marked created.
 * Its players are told that the round has begun (an in-app entry, in their language).
 */
export async function createGames(e: Env, id: string, now: number): Promise<void> {
	const db = e.DB;
	const t = await tournamentRow(db, id);
	if (!t || t.status !== 'running') return;
	const rows = await db
		.prepare('SELECT round, table_no, game_id, players, places, created, finished_at FROM tournament_tables WHERE tournament_id = ?1 AND round = ?2 AND table_no >= 0 AND created = 0')
		.bind(id, t.round)
		.all<TableRow>();
	if (rows.results.length === 0) return;
	const ids = rows.results.flatMap((r) => JSON.parse(r.players) as string[]);
	const names = await namesOf(db, ids);
	const locales = await db
		.prepare('SELECT id, locale FROM users WHERE id IN (SELECT value FROM json_each(?1))')
		.bind(JSON.stringify(ids))
		.all<{ id: string; locale: string }>();
	const localeOf = new Map(locales.results.map((x) => [x.id, x.locale === 'de' ? 'de' : 'en'] as const));
	const clock = JSON.parse(t.clock) as TimeControl;
	const one = async (row: TableRow) => {
		const seatIds = JSON.parse(row.players) as string[];
		// A player whose account is gone meanwhile plays as the site's deleted player would: by the bot.
		const users: RoomUser[] = seatIds.map((u) => ({ id: u, username: nameOf(names, u) }));
		const gameId = row.game_id!;
		const invite = gameInvite(t, gameId);
		try {
			const r = await roomOf(e, gameId).createSeated(
				{
					gameId,
					kind: t.kind,
					creator: users[0],
					options: JSON.parse(t.options),
					seatsWanted: users.length,
					visibility: t.visibility,
					inviteCode: invite,
					timeLimit: timeLimitOf(clock) as TimeLimit,
					clock,
					rated: !!t.rated,
					tournament: { id: t.id, name: t.name, round: row.round, table: row.table_no }
				},
				users
			);
			if (!r.ok) {
				console.error(`tournament ${id}: game ${gameId} not created: ${r.code} ${r.message}`);
				return;
			}
		} catch (err) {
			console.error(`tournament ${id}: game ${gameId} not created: ${(err as Error).message}`);
			return;
		}
		await db.batch([
			db.prepare('UPDATE tournament_tables SET created = 1 WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3').bind(id, row.round, row.table_no),
			...seatIds.map((u) => {
				const locale = localeOf.get(u) ?? 'en';
				const msg = inLocale(locale, () => ({
					subject: m.tour_note_round_subject({ name: t.name, round: row.round }),
					text: m.tour_note_round_text({ name: t.name, round: row.round, rounds: t.rounds, table: row.table_no + 1 }),
					url: gameUrl(e.ORIGIN ?? '', gameId, locale) + (invite ? `?invite=${invite}` : ''),
					lines: []
				}));
				return inboxInsert(db, `tournament:${id}:${row.round}:${u}`, u, gameId, 'tournament', msg, now);
			})
		]);
	};
	// A few rooms at a time: a large field's round is hundreds of games.
	for (let i = 0; i < rows.results.length; i += CREATE_AT_ONCE) await Promise.all(rows.results.slice(i, i + CREATE_AT_ONCE).map(one));
}

/** Games created side by side when a round starts. */
const CREATE_AT_ONCE = 8;

/**
 * Whatever is due for a running tournament: the results of its ended games into their tables, then,
 * if every table of the round has ended, the next round or the end. Called by the room of a game
 * that ended (flusher.ts), by a withdrawal and by the cron; any of them may run it at the same time
 * (every step is guarded).
 */
export async function advance(e: Env, id: string, now: number): Promise<void> {
	const db = e.DB;
	const t = await tournamentRow(db, id);
	if (!t || t.status !== 'running' || t.round === 0) return;
	// Results: the games of the round that have ended and whose table has none yet (seat order is the table's).
	const ended = await db
		.prepare(
			'SELECT tt.table_no AS table_no, g.finished_at AS finished_at, ' +
				"(SELECT json_group_array(place) FROM (SELECT s.place AS place FROM seats s WHERE s.game_id = g.id ORDER BY s.seat)) AS places " +
				"FROM tournament_tables tt JOIN games g ON g.id = tt.game_id WHERE tt.tournament_id = ?1 AND tt.round = ?2 AND tt.table_no >= 0 AND tt.finished_at IS NULL AND g.status = 'finished'"
		)
		.bind(id, t.round)
		.all<{ table_no: number; finished_at: number | null; places: string }>();
	if (ended.results.length)
		await db.batch(
			ended.results.map((x) =>
				db
					.prepare('UPDATE tournament_tables SET places = ?4, finished_at = ?5 WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3 AND finished_at IS NULL')
					.bind(id, t.round, x.table_no, x.places, x.finished_at ?? now)
			)
		);
	const open = await db
		.prepare('SELECT COUNT(*) AS n FROM tournament_tables WHERE tournament_id = ?1 AND round = ?2 AND table_no >= 0 AND finished_at IS NULL')
		.bind(id, t.round)
		.first<number>('n');
	if ((open ?? 0) > 0) return;
	const kind = kindOf(t.kind);
	const active = await db.prepare('SELECT COUNT(*) AS n FROM tournament_players WHERE tournament_id = ?1 AND withdrawn_at IS NULL').bind(id).first<number>('n');
	if (t.round < t.rounds && kind && (active ?? 0) >= kind.seats.min) {
		await startRound(e, id, t.round + 1, now);
		return;
	}
	await finish(e, t, now);
}

/** The last round has ended: the standings decide, and the winners (first place, shared or not) are written once. */
async function finish(e: Env, t: TournamentRow, now: number): Promise<void> {
	const db = e.DB;
	const [players, tables] = await Promise.all([playersOf(db, t.id), tablesOf(db, t.id)]);
	const ratings = await ratingsOf(db, t.kind, players.map((p) => p.user_id));
	const { results, byes } = resultsOf(tables);
	const table = standings(libPlayers(players, ratings), results, byes, t.table_size, t.rounds);
	const winners = table.filter((s) => s.place === 1).map((s) => s.player);
	await db
		.prepare("UPDATE tournaments SET status = 'finished', winners = ?3, finished_at = ?2, round_deadline = NULL, updated_at = ?2, version = version + 1 WHERE id = ?1 AND status = 'running' AND round = ?4")
		.bind(t.id, now, JSON.stringify(winners), t.round)
		.run();
}

/**
 * The cron (src/worker.ts `scheduled`, every five minutes; tests call it with their own `now`):
 * sign-ups that have closed start (or are cancelled below the minimum); rounds past their deadline
 * are decided — each unfinished game's seats go to the bot, which plays it to its end at once, as
 * after timeouts (GameRoom.handToBot) —; games a failure left uncreated are created; and once an
 * hour (or with `everything`) every running tournament is advanced.
 */
export async function tournamentCron(e: Env, now: number, everything = false): Promise<void> {
	const db = e.DB;
	const closed = await db.prepare("SELECT * FROM tournaments WHERE status = 'signup' AND signup_until <= ?1 ORDER BY signup_until LIMIT 50").bind(now).all<TournamentRow>();
	for (const t of closed.results) {
		if (t.players >= t.min_players) await begin(e, t, now);
		else
			await db
				.prepare("UPDATE tournaments SET status = 'cancelled', finished_at = ?2, updated_at = ?2, version = version + 1 WHERE id = ?1 AND status = 'signup' AND players < min_players")
				.bind(t.id, now)
				.run();
	}
	const due = await db.prepare("SELECT * FROM tournaments WHERE status = 'running' AND round_deadline <= ?1 ORDER BY round_deadline LIMIT 50").bind(now).all<TournamentRow>();
	for (const t of due.results) await decideRound(e, t, now);
	// Games a failure left uncreated (an index of only those rows: nearly always empty).
	const uncreated = await db.prepare('SELECT DISTINCT tournament_id AS id FROM tournament_tables WHERE created = 0 LIMIT 50').all<{ id: string }>();
	for (const r of uncreated.results) await createGames(e, r.id, now);
	// Once an hour, every running tournament is advanced: a room's nudge lost to a failure is made good
	// (three reads each, so not every five minutes), the longest-running rounds first.
	if (new Date(now).getUTCMinutes() < CRON_MINUTES || everything) {
		const running = await db.prepare("SELECT id FROM tournaments WHERE status = 'running' ORDER BY round_started_at LIMIT 300").all<{ id: string }>();
		for (const r of running.results) await advance(e, r.id, now);
	}
}

/** The cron's period (wrangler.toml [triggers]): the hourly sweep runs in the first run of each hour. */
const CRON_MINUTES = 5;

/** The round's deadline has passed: every game still running is handed to the bot, which finishes it. */
export async function decideRound(e: Env, t: TournamentRow, now: number): Promise<void> {
	const open = await e.DB.prepare('SELECT game_id FROM tournament_tables WHERE tournament_id = ?1 AND round = ?2 AND table_no >= 0 AND finished_at IS NULL AND game_id IS NOT NULL')
		.bind(t.id, t.round)
		.all<{ game_id: string }>();
	for (const g of open.results) {
		try {
			await roomOf(e, g.game_id).handToBot(null);
		} catch (err) {
			console.error(`tournament ${t.id}: round ${t.round} deadline, game ${g.game_id}: ${(err as Error).message}`);
		}
	}
	await advance(e, t.id, now);
}
