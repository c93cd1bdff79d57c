/**
 * Leaving the site (issue 15): the user's data as one JSON document, and the deletion of the account.
 *
 * Deletion in three steps, each idempotent, ordered so that a crash anywhere leaves neither a
 * half-deleted user who can still sign in nor a room that still names them once a retry has run:
 * 1. `beginDeletion` — one D1 batch: the `account_deletions` row (the retry's to-do, holding the
 *    email address from here on), the password made unusable, the address and webhook cleared, push
 *    subscriptions and due deliveries gone, every session, known browser and the sign-in counters of
 *    those browsers gone; then the sockets of those sessions are closed. From here on nobody can act
 *    as the user and nothing more is sent to them.
 * 2. `finishDeletion` — every game the user has a seat in or created: its room forgets them
 *    (GameRoom.forgetUser, room/forget.ts) and writes that to D1. Rooms that fail, or whose D1 write
 *    is still pending, leave the to-do row in place; the deletion stops here and is retried.
 * 3. Only when D1 shows no seat and no game naming the user: one D1 batch deletes the rest —
 *    inbox, notifications and events, push subscriptions, prefs, sign-in counters by name, the dev
 *    mailbox's copies to their address — and the users row (its ON DELETE CASCADE takes the rows
 *    other features keep per user, and the to-do row).
 * Retries: the cron (src/worker.ts `scheduled`) runs `finishPendingDeletions` every few minutes.
 */
import type { D1Database } from '@cloudflare/workers-types';
import { closeSessionSockets } from '../sockets/session-sockets';
import { verifyPassword } from '../auth/password';
import { release, reserve, type Limit } from '../auth/ratelimit';
import { deleteEventsOf } from '../notify/event-row';
import { gameUrl } from '../notify/render';
import { entryEvent, entryMessage } from '../notify/inbox';
import { tombstoneId, type RoomPersonalData } from '../room/forget';

type LeaveEnv = Pick<Env, 'DB' | 'GAME_ROOM' | 'USER_HUB'>;

/** Wrong password or name: 5 per 15 minutes per account (a stolen session must not become a password oracle). */
export const DELETE_LIMIT: Limit = { max: 5, windowMs: 15 * 60_000 };
export const deleteKey = (userId: string) => `leave:user:${userId}`;
/** Written into `password_hash` by step 1: no hash format (password.ts) parses it, so no password matches. */
const UNUSABLE = '!deleted';
/** Rooms asked at once (each call is a subrequest). */
const ROOMS_AT_ONCE = 6;

// ---- the export ------------------------------------------------------------------------------

export interface ExportedGame {
	id: string;
	kind: string;
	status: string;
	visibility: string;
	seat: number;
	colour: string | null;
	score: number | null;
	winner: boolean | null;
	createdAt: number;
	startedAt: number | null;
	finishedAt: number | null;
	updatedAt: number;
	/** The game's page. */
	url: string;
	/** What the game's room holds about the user (room/forget.ts RoomPersonalData; chat slots in there). */
	room: RoomPersonalData | { unavailable: true };
}

export interface PersonalData {
	format: 'rongo-personal-data';
	version: 1;
	exportedAt: number;
	profile: {
		id: string;
		username: string;
		email: string | null;
		createdAt: number;
		locale: string;
		timeZone: string;
		quietHours: { start: number; end: number } | null;
		/** Issue 32: minutes a "your turn" waits before email, push and webhooks. */
		graceMinutes: number;
		vacation: { from: number | null; until: number | null; year: number | null; daysTaken: number };
		webhookUrl: string | null;
	};
	notificationPrefs: { channel: string; mode: string }[];
	pushSubscriptions: { endpoint: string; createdAt: number }[];
	/**
	 * Browser (user agent), created, expires and where it was signed in (country code and city as
	 * Cloudflare placed the request, null when unknown) — never the token or its hash.
	 */
	sessions: { browser: string | null; createdAt: number; expiresAt: number; current: boolean; country: string | null; city: string | null }[];
	/**
	 * The user's passkeys as the settings page lists them: the name they gave, when it was added and
	 * last used, whether the authenticator syncs it. Not the credential id nor the public key: they
	 * are the authenticator's, mean nothing to a person, and the id is what a sign-in asks for.
	 */
	passkeys: { name: string; createdAt: number; lastUsedAt: number | null; synced: boolean }[];
	inbox: { kind: string; gameId: string | null; message: unknown; createdAt: number; readAt: number | null }[];
	games: ExportedGame[];
}

type UserRow = {
	id: string; username: string; email: string | null; created_at: number; locale: string; time_zone: string;
	quiet_start: number; quiet_end: number; grace_minutes: number; webhook_url: string | null; vacation_from: number | null; vacation_until: number | null;
	vacation_year: number | null; vacation_days: number;
};

async function inBatches<T, R>(items: readonly T[], n: number, f: (x: T) => Promise<R>): Promise<R[]> {
	const out: R[] = [];
	for (let i = 0; i < items.length; i += n) out.push(...(await Promise.all(items.slice(i, i + n).map(f))));
	return out;
}

const room = (env: LeaveEnv, gameId: string) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(gameId));

/** Everything kept about the user, and nothing about anyone else (every query is by their id). */
export async function personalData(env: LeaveEnv, userId: string, currentSession: string | null, origin: string): Promise<PersonalData | null> {
	const db = env.DB;
	const [u, prefs, push, sessions, inbox, games, passkeys] = await db.batch([
		db.prepare('SELECT * FROM users WHERE id = ?1').bind(userId),
		db.prepare('SELECT channel, mode FROM notification_prefs WHERE user_id = ?1 ORDER BY channel').bind(userId),
		db.prepare('SELECT endpoint, created_at FROM push_subscriptions WHERE user_id = ?1 ORDER BY created_at').bind(userId),
		db.prepare('SELECT id, user_agent, created_at, expires_at, country, city FROM sessions WHERE user_id = ?1 ORDER BY created_at').bind(userId),
		db.prepare('SELECT id, kind, game_id, data, created_at, read_at FROM inbox WHERE user_id = ?1 ORDER BY created_at, id').bind(userId),
		db.prepare(
			'SELECT g.id AS id, g.game AS kind, g.status AS status, g.visibility AS visibility, s.seat AS seat, s.colour AS colour, s.score AS score, ' +
				's.winner AS winner, g.created_at AS created_at, g.started_at AS started_at, g.finished_at AS finished_at, g.updated_at AS updated_at ' +
				'FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?1 ORDER BY g.created_at, g.id'
		).bind(userId),
		db.prepare('SELECT name, created_at, last_used_at, backed_up FROM passkeys WHERE user_id = ?1 ORDER BY created_at').bind(userId)
	]);
	const user = (u.results as UserRow[])[0];
	if (!user) return null;
	const locale = user.locale === 'de' ? 'de' : 'en';
	const gameRows = games.results as {
		id: string; kind: string; status: string; visibility: string; seat: number; colour: string | null; score: number | null;
		winner: number | null; created_at: number; started_at: number | null; finished_at: number | null; updated_at: number;
	}[];
	const rooms = await inBatches(gameRows, ROOMS_AT_ONCE, async (g) => {
		try {
			return (await room(env, g.id).personalData(userId)) as RoomPersonalData;
		} catch {
			return { unavailable: true as const };
		}
	});
	return {
		format: 'rongo-personal-data',
		version: 1,
		exportedAt: Date.now(),
		profile: {
			id: user.id,
			username: user.username,
			email: user.email,
			createdAt: user.created_at,
			locale: user.locale,
			timeZone: user.time_zone,
			quietHours: user.quiet_start === user.quiet_end ? null : { start: user.quiet_start, end: user.quiet_end },
			// Issue 32: minutes a "your turn" waits before email, push and webhooks.
			graceMinutes: user.grace_minutes,
			vacation: { from: user.vacation_from, until: user.vacation_until, year: user.vacation_year, daysTaken: user.vacation_days },
			webhookUrl: user.webhook_url
		},
		notificationPrefs: (prefs.results as { channel: string; mode: string }[]).map((p) => ({ channel: p.channel, mode: p.mode })),
		pushSubscriptions: (push.results as { endpoint: string; created_at: number }[]).map((p) => ({ endpoint: p.endpoint, createdAt: p.created_at })),
		sessions: (
			sessions.results as { id: string; user_agent: string | null; created_at: number; expires_at: number; country: string | null; city: string | null }[]
		).map((s) => ({
			browser: s.user_agent,
			createdAt: s.created_at,
			expiresAt: s.expires_at,
			current: s.id === currentSession,
			country: s.country,
			city: s.city
		})),
		passkeys: (passkeys.results as { name: string; created_at: number; last_used_at: number | null; backed_up: number }[]).map((p) => ({
			name: p.name,
			createdAt: p.created_at,
			lastUsedAt: p.last_used_at,
			synced: p.backed_up === 1
		})),
		inbox: (inbox.results as { id: string; kind: string; game_id: string | null; data: string; created_at: number; read_at: number | null }[]).map((i) => ({
			kind: i.kind,
			gameId: i.game_id,
			// An entry holding its event (issue 33) is exported as it reads: its words in the user's language.
			message: entryEvent({ ...i, user_id: userId }) ? entryMessage({ ...i, user_id: userId }, { id: userId, username: user.username, email: null, locale, webhookUrl: null }, origin, Date.now()) : parseJson(i.data),
			createdAt: i.created_at,
			readAt: i.read_at
		})),
		games: gameRows.map((g, i) => ({
			id: g.id,
			kind: g.kind,
			status: g.status,
			visibility: g.visibility,
			seat: g.seat,
			colour: g.colour,
			score: g.score,
			winner: g.winner === null ? null : g.winner === 1,
			createdAt: g.created_at,
			startedAt: g.started_at,
			finishedAt: g.finished_at,
			updatedAt: g.updated_at,
			url: gameUrl(origin, g.id, locale),
			room: rooms[i]
		}))
	};
}

function parseJson(s: string): unknown {
	try {
		return JSON.parse(s);
	} catch {
		return s;
	}
}

// ---- the deletion ----------------------------------------------------------------------------

export type DeleteResult =
	| { ok: true; done: boolean }
	| { ok: false; status: number; code: 'USERNAME_MISMATCH' | 'WRONG_PASSWORD' | 'RATE_LIMITED' | 'NOT_FOUND'; message: string };

/**
 * The signed-in user asks to delete their account, confirming with their current password and by
 * typing their username (case as they like: it names the same account). Refused: nothing changes.
 */
export async function deleteAccount(env: LeaveEnv, userId: string, input: { password: string; username: string }): Promise<DeleteResult> {
	const db = env.DB;
	const row = await db.prepare('SELECT username_key, password_hash FROM users WHERE id = ?1').bind(userId).first<{ username_key: string; password_hash: string }>();
	if (!row) return { ok: false, status: 404, code: 'NOT_FOUND', message: 'no such account' };
	const places = await reserve(db, [{ key: deleteKey(userId), limit: DELETE_LIMIT }]);
	if (!places) return { ok: false, status: 429, code: 'RATE_LIMITED', message: 'too many attempts; try again later' };
	if (input.username.trim().toLowerCase() !== row.username_key)
		return { ok: false, status: 400, code: 'USERNAME_MISMATCH', message: 'type your own username to confirm' };
	if (input.password.length > 512 || !(await verifyPassword(row.password_hash, input.password)))
		return { ok: false, status: 403, code: 'WRONG_PASSWORD', message: 'the password is not right' };
	await release(db, places);
	await beginDeletion(env, userId);
	return { ok: true, done: await finishDeletion(env, userId) };
}

/**
 * Issue 35: in every tournament the user played in or organised, their id becomes a tombstone of
 * that tournament (a fresh one each, as each game room does: forget.ts) — in its players, its
 * tables' seat lists, its winners and as its organiser — so the results stand and read "deleted
 * player", and nothing ties them to the user. Idempotent: a retry finds nothing left to rename.
 */
async function forgetInTournaments(db: D1Database, userId: string): Promise<void> {
	const mine = await db
		.prepare('SELECT tournament_id AS id FROM tournament_players WHERE user_id = ?1 UNION SELECT id FROM tournaments WHERE organiser_id = ?1')
		.bind(userId)
		.all<{ id: string }>();
	if (mine.results.length === 0) return;
	await db.batch(
		mine.results.flatMap(({ id }) => {
			const tomb = tombstoneId();
			return [
				db.prepare('UPDATE tournament_tables SET players = replace(players, json_quote(?1), json_quote(?2)) WHERE tournament_id = ?3 AND instr(players, json_quote(?1)) > 0').bind(userId, tomb, id),
				db.prepare('UPDATE tournament_players SET user_id = ?2 WHERE tournament_id = ?3 AND user_id = ?1').bind(userId, tomb, id),
				db
					.prepare('UPDATE tournaments SET winners = replace(winners, json_quote(?1), json_quote(?2)), organiser_id = CASE organiser_id WHEN ?1 THEN ?2 ELSE organiser_id END WHERE id = ?3')
					.bind(userId, tomb, id)
			];
		})
	);
}

/** Step 1: nobody can act as the user any more (see the top of the file). Idempotent. */
export async function beginDeletion(env: LeaveEnv, userId: string, now = Date.now()): Promise<void> {
	const db = env.DB;
	const sessions = await db.prepare('SELECT id FROM sessions WHERE user_id = ?1').bind(userId).all<{ id: string }>();
	await db.batch([
		db.prepare('INSERT OR IGNORE INTO account_deletions (user_id, requested_at, email) SELECT id, ?2, email FROM users WHERE id = ?1').bind(userId, now),
		// Nothing is sent to the user from here on: no address, no webhook, no browser, no delivery due
		// (a postman run that already holds a delivery finds it gone when it tries to claim it).
		db.prepare('UPDATE users SET password_hash = ?2, email = NULL, webhook_url = NULL WHERE id = ?1').bind(userId, UNUSABLE),
		db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?1').bind(userId),
		db.prepare('DELETE FROM notifications WHERE user_id = ?1').bind(userId),
		...deleteEventsOf(db, userId),
		db.prepare('DELETE FROM sessions WHERE user_id = ?1').bind(userId),
		db.prepare("DELETE FROM auth_attempts WHERE key IN (SELECT 'signin:device:' || id FROM known_devices WHERE user_id = ?1)").bind(userId),
		db.prepare('DELETE FROM known_devices WHERE user_id = ?1').bind(userId),
		// No other way in either: passkeys (and their challenges) and mailed links (a pending address's
		// confirmation, a reset) go now, not with the users row at the end.
		db.prepare('DELETE FROM passkeys WHERE user_id = ?1').bind(userId),
		db.prepare('DELETE FROM webauthn_challenges WHERE user_id = ?1').bind(userId),
		db.prepare('DELETE FROM account_tokens WHERE user_id = ?1').bind(userId),
		// Issue 35: a sign-up to a tournament not yet started goes (its count first, while the row is
		// there); in a running one the player withdraws — the rooms hand their seats to the bot, and no
		// later round pairs them. Finished tournaments keep their results (the name reads "deleted player").
		db
			.prepare("UPDATE tournaments SET players = players - 1, version = version + 1, updated_at = ?2 WHERE status = 'signup' AND id IN (SELECT tournament_id FROM tournament_players WHERE user_id = ?1)")
			.bind(userId, now),
		db.prepare("DELETE FROM tournament_players WHERE user_id = ?1 AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'signup')").bind(userId),
		db
			.prepare("UPDATE tournament_players SET withdrawn_at = ?2 WHERE user_id = ?1 AND withdrawn_at IS NULL AND tournament_id IN (SELECT id FROM tournaments WHERE status = 'running')")
			.bind(userId, now),
		// And the match-maker forgets their requests.
		db.prepare('DELETE FROM match_requests WHERE user_id = ?1').bind(userId)
	]);
	await forgetInTournaments(db, userId);
	// Every socket of those sessions, game and inbox, closes now (sockets/session-sockets.ts).
	await closeSessionSockets(env, userId, sessions.results.map((s) => s.id));
}

/**
 * Steps 2 and 3: every room forgets the user, then D1 forgets the rest. True when the account is
 * gone; false when a room failed or has not written to D1 yet (the to-do row stays for the retry).
 */
export async function finishDeletion(env: LeaveEnv, userId: string): Promise<boolean> {
	const db = env.DB;
	const gamesOf = () =>
		db.prepare('SELECT game_id AS id FROM seats WHERE user_id = ?1 UNION SELECT id FROM games WHERE creator_id = ?1').bind(userId).all<{ id: string }>();
	const games = (await gamesOf()).results.map((r) => r.id);
	const errors: string[] = [];
	await inBatches(games, ROOMS_AT_ONCE, async (id) => {
		try {
			const r = await room(env, id).forgetUser(userId);
			if (!r.ok) errors.push(`${id}: ${r.code}`);
			else if (r.pending) errors.push(`${id}: D1 write pending`);
		} catch (e) {
			errors.push(`${id}: ${(e as Error).message}`);
		}
	});
	const left = errors.length ? games.length : (await gamesOf()).results.length;
	if (errors.length || left > 0) {
		const why = (errors.join('; ') || `${left} games still name the user in D1`).slice(0, 500);
		// The user's id stays out of the logs: operators find it in account_deletions (with last_error).
		console.error(`an account deletion is not finished, retried later: ${why}`);
		await db.prepare('UPDATE account_deletions SET attempts = attempts + 1, last_error = ?2 WHERE user_id = ?1').bind(userId, why).run();
		return false;
	}
	const u = await db
		.prepare('SELECT u.username_key AS username_key, d.email AS email FROM users u LEFT JOIN account_deletions d ON d.user_id = u.id WHERE u.id = ?1')
		.bind(userId)
		.first<{ username_key: string; email: string | null }>();
	if (!u) return true; // a retry after the last batch had already run
	const key = u.username_key;
	await db.batch([
		db.prepare('DELETE FROM notifications WHERE user_id = ?1').bind(userId),
		...deleteEventsOf(db, userId),
		db.prepare('DELETE FROM inbox WHERE user_id = ?1').bind(userId),
		db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?1').bind(userId),
		db.prepare('DELETE FROM notification_prefs WHERE user_id = ?1').bind(userId),
		db.prepare('DELETE FROM sessions WHERE user_id = ?1').bind(userId),
		db.prepare('DELETE FROM known_devices WHERE user_id = ?1').bind(userId),
		// Sign-in counters by name (ratelimit.ts keys) and this feature's own counter by id.
		// Every other feature's counter keyed by the user's id (passkeys, verification, reset, password,
		// follows, invitations) or by their address (verification mails to it): user ids are random
		// UUIDs, so a substring match takes exactly theirs.
		db.prepare(
			"DELETE FROM auth_attempts WHERE key = 'signin:user:' || ?1 OR substr(key, 1, length(?2)) = ?2 OR key = ?3 " +
				'OR instr(key, ?4) > 0 OR (?5 IS NOT NULL AND instr(key, lower(?5)) > 0)'
		).bind(key, `signin:user-addr:${key}:`, deleteKey(userId), userId, u.email),
		db.prepare('DELETE FROM dev_mailbox WHERE ?1 IS NOT NULL AND lower(to_address) = lower(?1)').bind(u.email),
		// Other users' events name an author by id for their mutes at fan-out (chat): the id goes.
		db.prepare("UPDATE notification_events SET data = json_remove(data, '$.authorId') WHERE instr(data, ?1) > 0").bind(userId),
		// Last: the row itself; ON DELETE CASCADE takes every row other features keep per user (and the to-do row).
		db.prepare('DELETE FROM users WHERE id = ?1').bind(userId)
	]);
	try {
		await env.USER_HUB.get(env.USER_HUB.idFromName(userId)).forget();
	} catch {
		/* the hub keeps only session hashes and game ids, and forgets them within 90 days anyway */
	}
	return true;
}

/** The cron's backstop: deletions begun more than a minute ago and not finished (a failed room call, a crash). */
export async function finishPendingDeletions(env: LeaveEnv, now = Date.now(), limit = 10): Promise<number> {
	const r = await env.DB.prepare('SELECT user_id FROM account_deletions WHERE requested_at < ?1 ORDER BY requested_at LIMIT ?2')
		.bind(now - 60_000, limit)
		.all<{ user_id: string }>();
	let done = 0;
	for (const { user_id } of r.results) {
		try {
			if (await finishDeletion(env, user_id)) done++;
		} catch (e) {
			console.error(`an account deletion failed, retried later: ${(e as Error).message}`);
		}
	}
	return done;
}

/** For the tests and the docs: is a deletion of this user under way? */
export async function deletionPending(db: D1Database, userId: string): Promise<boolean> {
	return !!(await db.prepare('SELECT 1 AS x FROM account_deletions WHERE user_id = ?1').bind(userId).first());
}
