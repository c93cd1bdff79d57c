/**
 * The postman's work over D1 (issue 5): fan events out into one delivery per channel, deliver the
 * due ones exactly once, batch the digests. Plain functions of (db, now, senders), so the Postman
 * Durable Object runs them on its alarm and the tests run them at any time they like.
 *
 * Exactly once per (event, user, channel):
 * - a delivery's id is `<eventId>:<channel>` and is inserted only if no row of that id exists for
 *   the user and channel in any status (schema.ts `DELIVERY_EXISTS`; one statement, atomic in D1),
 *   so an event fanned out twice (two postmen, a retry) still has one delivery per channel;
 * - a sender first claims the row (UPDATE … WHERE status = 'pending' AND no live claim); D1 runs
 *   each statement atomically, so of two senders running at once only one gets `changes = 1`;
 * - only the claim's holder may mark it sent or schedule its retry (`… AND claim = ?`).
 * A sender that dies between sending and marking leaves a claim that expires after CLAIM_MS; the
 * delivery is then tried again — the one way to send twice, as with any outbox over a network.
 *
 * The in-app channel needs none of that (issue 17: a delivery row, its claim and its finish were
 * ~8 of the ~17 D1 rows written per turn change): fan-out writes the inbox row itself, id
 * `<eventId>:inapp` with INSERT OR IGNORE — so once, and at once, and a failed batch leaves the
 * event to the next run. Only in-app digests still go through a `notifications` row. Issue 33: a
 * game room's events now come with their in-app entry written by the room's flush (room-entry.ts),
 * and reach D1 as an event row only if someone needs the postman; such a row is marked
 * `inapp_by_room`, and fan-out makes no immediate in-app entry for it (the digests and the loud
 * channels are still its). Nothing that would deliver nothing gets a row
 * either: no channel without an address, and no "skipped" record for a game the user has open.
 *
 * Which events are new (issue 33): those with a `seq` above the postman's cursor. Fan-out reads up
 * to 200 of them in seq order and writes their deliveries in one batch: no "fanned out" flag and
 * pending-index entry per event (5 rows per event before). The cursor itself is kept lazily
 * (cursor.ts): the Postman moves it in memory and writes D1's row (`postman_cursor`) at most about
 * once a minute, in the batch that makes it due, and before it goes idle. So after a restart the
 * events after D1's cursor are fanned out AGAIN, and so are they by two postmen (or a retried run)
 * that read the same events. Exactly once still holds, because everything fan-out writes is keyed
 * by the event, and a second read can add nothing the first already stored:
 * - deliveries are inserted only if their `<eventId>:<channel>` is not there yet, in-app entries by
 *   `<eventId>:inapp` — a second read stores nothing, and tells no open page of anything (only
 *   inserts that stored a row are announced);
 * - an in-app event goes either into the inbox (mode "turn") or into a digest row (mode "digest");
 *   each insert is skipped if the other exists, so a mode changed between two reads cannot make both;
 * - a "your turn" whose recipient was no longer awaited at the first read got no inbox entry; a
 *   re-read must not give it one because the same seat is awaited AGAIN since. So a turn is news only
 *   while the recipient's current wait began at or before the event (`isAwaited`: the start of the
 *   seat's wait in `games.waits` ≤ the event's `created_at`; a wait begun later means they moved
 *   since, or were asked again — and then told by that turn's own event) — the same strict test the
 *   trip applies before a loud message.
 * A crash before the batch leaves the events to the next run; a seq is never reused
 * (event-row.ts), so no cursor, in memory or in D1, skips one.
 */
import type { D1Database } from '@cloudflare/workers-types';
import { CHANNELS, DELIVERY_EXISTS, type Channel, type Mode } from '$lib/server/db/schema';
import { tripAt, turnDueAt, type PendingTurn } from './grace';
import { cursorWrite, type PostmanCursor } from './cursor';
import { inboxEntryInsert } from './inapp';
import { renderDigest, renderEvent, renderTrip } from './render';
import { nextLocalTime, quietUntil } from './time';
import { URGENT_KINDS, type ChannelSender, type EventKind, type NotifyEvent, type Recipient } from './types';

export const DEFAULT_MODE: Record<Channel, Mode> = { inapp: 'turn', email: 'turn', push: 'turn', webhook: 'turn' };
/** Channels that reach a person's pocket respect quiet hours; the in-app inbox is silent anyway. */
const LOUD: ReadonlySet<Channel> = new Set(['email', 'push', 'webhook']);
/** Local time of the daily digest. */
export const DIGEST_AT_MINUTES = 8 * 60;
const CLAIM_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 8;

export type Senders = Record<Channel, ChannelSender>;

/** 30 s, 1 min, 2 min … capped at an hour. */
export function retryDelay(attempts: number): number {
	return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

interface UserRow {
	id: string;
	username: string;
	email: string | null;
	email_verified_at: number | null;
	locale: string;
	time_zone: string;
	quiet_start: number;
	quiet_end: number;
	webhook_url: string | null;
	/** Issue 32: minutes a "your turn" waits before the loud channels tell it (grace.ts). */
	grace_minutes: number;
	/** 1 when the user has a browser subscribed to Web Push (fanOut's query only). */
	has_push?: number;
}

interface EventRow {
	/** The order the event reached D1 in (issue 33: fan-out's cursor). */
	seq: number;
	id: string;
	user_id: string;
	game_id: string;
	kind: string;
	version: number;
	game_open: number;
	data: string;
	created_at: number;
	/** Issue 33: the room wrote (or rightly did not write) the in-app entry at once; 0 for events from before (room-entry.ts). */
	inapp_by_room?: number;
}

function recipient(u: UserRow): Recipient {
	// Issue 15: email goes to a verified address only (docs/security.md "Email verification").
	return { id: u.id, username: u.username, email: u.email_verified_at === null ? null : u.email, locale: u.locale === 'de' ? 'de' : 'en', webhookUrl: u.webhook_url };
}

function toEvent(r: EventRow): NotifyEvent {
	return {
		id: r.id,
		userId: r.user_id,
		gameId: r.game_id,
		kind: r.kind as EventKind,
		version: r.version,
		gameOpen: !!r.game_open,
		data: JSON.parse(r.data),
		createdAt: r.created_at
	};
}

const USER_COLUMNS = 'id, username, email, email_verified_at, locale, time_zone, quiet_start, quiet_end, webhook_url, grace_minutes';

/**
 * Turns new events into deliveries, one per channel the recipient wants; in-app ones straight into
 * the inbox (see the top). `announce` is told the users whose inbox grew (the Postman tells their
 * open pages). `cursor`: the Postman's lazy one (cursor.ts); without it, fan-out reads D1's cursor
 * and writes it in every batch (a postman with no memory: the tests, the benches' simulators).
 * Returns the events handled.
 */
export async function fanOut(
	db: D1Database,
	now: number,
	origin: string,
	announce?: (userIds: string[]) => Promise<unknown>,
	cursor?: PostmanCursor
): Promise<number> {
	const after = cursor ? await cursor.from(db) : null;
	const events = (
		await (after === null
			? db.prepare('SELECT * FROM notification_events WHERE seq > COALESCE((SELECT seq FROM postman_cursor WHERE id = 1), 0) ORDER BY seq LIMIT 200')
			: db.prepare('SELECT * FROM notification_events WHERE seq > ?1 ORDER BY seq LIMIT 200').bind(after)
		).all<EventRow>()
	).results;
	if (!events.length) return 0;
	const from = events[0].seq;
	const to = events.at(-1)!.seq;
	// The recipients of exactly these events (?1, ?2: their seq range).
	const pending = 'SELECT user_id FROM notification_events WHERE seq BETWEEN ?1 AND ?2';
	const [userRows, prefRows] = await db.batch([
		db.prepare(`SELECT ${USER_COLUMNS}, EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = users.id) AS has_push FROM users WHERE id IN (${pending})`).bind(from, to),
		db.prepare(`SELECT user_id, channel, mode FROM notification_prefs WHERE user_id IN (${pending})`).bind(from, to)
	]);
	const users = new Map((userRows.results as UserRow[]).map((u) => [u.id, u]));
	const prefs = new Map((prefRows.results as { user_id: string; channel: Channel; mode: Mode }[]).map((p) => [`${p.user_id}:${p.channel}`, p.mode]));
	const chat = events.some((e) => e.kind === 'chat') ? await chatRules(db, pending, from, to) : null;
	const awaited = await stillAwaitedAll(db, events);
	// Issue 33: the key holds the status (schema.ts), so a delivery already there in any status is
	// found by DELIVERY_EXISTS, not by the key's conflict: exactly once per (event, user, channel).
	const insert = db.prepare(
		`INSERT OR IGNORE INTO notifications (id, event_id, user_id, channel, status, attempts, next_attempt_at, created_at)
		 SELECT ?1, ?2, ?3, ?4, ?5, 0, ?6, ?7 WHERE NOT ${DELIVERY_EXISTS('?1', '?3', '?4')}`
	);
	// An in-app digest row only if the event has no inbox entry (the key of inbox, WITHOUT ROWID: user, date, id).
	const inappDigest = db.prepare(
		`INSERT OR IGNORE INTO notifications (id, event_id, user_id, channel, status, attempts, next_attempt_at, created_at)
		 SELECT ?1, ?2, ?3, 'inapp', 'digest', 0, ?6, ?4 WHERE NOT EXISTS (SELECT 1 FROM inbox WHERE user_id = ?3 AND created_at = ?5 AND id = ?1)
		 AND NOT ${DELIVERY_EXISTS('?1', '?3', "'inapp'")}`
	);
	const stmts = [];
	/** Users by the index of their inbox insert in `stmts`: announced only if it stored a row. */
	const inboxAt = new Map<number, string>();
	for (const e of events) {
		const u = users.get(e.user_id);
		for (const ch of u ? CHANNELS : []) {
			let mode = prefs.get(`${u!.id}:${ch}`) ?? DEFAULT_MODE[ch];
			if (e.kind === 'chat') mode = chat!.mode(e, ch, mode);
			// Nothing to deliver on a channel with no address: no row (issue 17: each row costs D1 writes).
			if (mode === 'off' || (ch === 'email' && !recipient(u!).email) || (ch === 'webhook' && !u!.webhook_url) || (ch === 'push' && !u!.has_push)) continue;
			// No per-move notification while the user is looking at that game (issue 12).
			if ((e.kind === 'turn' || e.kind === 'chat') && e.game_open) continue;
			let status = 'pending';
			let due = now;
			if (mode === 'digest' && !URGENT_KINDS.has(e.kind as EventKind)) {
				status = 'digest';
				// When its digest is due (the user's next DIGEST_AT): deliverDigests looks for the due
				// ones by this time in the digest index, never at the rows still waiting (issue 33).
				due = nextLocalTime(now, u!.time_zone, DIGEST_AT_MINUTES);
				if (ch === 'inapp') {
					stmts.push(inappDigest.bind(`${e.id}:${ch}`, e.id, e.user_id, now, e.created_at, due));
					continue;
				}
			} else if (ch === 'inapp') {
				// In-app at once: the room's flush decided it and wrote the entry itself (issue 33, room-entry.ts).
				if (e.inapp_by_room) continue;
				// Else into the inbox now, unless the turn is already stale.
				if (!awaited.has(e.id)) continue;
				// Dated by its event: the trip's "looked at the game" finds the entry by its key. The event's
				// data, rendered when read (inbox.ts), as the room's entries are.
				inboxAt.set(stmts.length, e.user_id);
				stmts.push(inboxEntryInsert(db, `${e.id}:${ch}`, toEvent(e), true));
				continue;
			} else if (LOUD.has(ch)) {
				// Issue 32: a "your turn" waits the user's grace time after its event (grace.ts), so a burst
				// of quick turns becomes one message (deliverDue sends them together) and someone back in
				// time gets none; then quiet hours, as for everything loud.
				const at = e.kind === 'turn' ? Math.max(now, turnDueAt(e.created_at, u!.grace_minutes ?? 0)) : now;
				due = quietUntil(at, u!.time_zone, u!.quiet_start, u!.quiet_end) ?? at;
			}
			stmts.push(insert.bind(`${e.id}:${ch}`, e.id, e.user_id, ch, status, due, now));
		}
	}
	// D1's cursor rides in the same batch (atomic with these deliveries) when it is due: always with
	// no memory, else lazily (cursor.ts).
	const write = !cursor || cursor.due(now, events.length);
	if (write) stmts.push(cursorWrite(db, to));
	const results = stmts.length ? await db.batch(stmts) : [];
	cursor?.moved(to, events.length, now, write);
	const grew = new Set([...inboxAt].filter(([i]) => (results[i]?.meta.changes ?? 0) > 0).map(([, userId]) => userId));
	if (announce && grew.size) await announce([...grew]);
	return events.length;
}

/**
 * The ids of the events that are still news: every one but a "your turn" whose recipient is no
 * longer awaited in that game in the wait it told of (`isAwaited`; one batch of reads for all of them). A turn for a game the user has
 * open goes nowhere, so it is not looked up.
 */
async function stillAwaitedAll(db: D1Database, events: EventRow[]): Promise<Set<string>> {
	const news = new Set(events.filter((e) => e.kind !== 'turn').map((e) => e.id));
	const turns = events.filter((e) => e.kind === 'turn' && !e.game_open);
	if (!turns.length) return news;
	const results = await db.batch(turns.map((e) => awaitedQuery(db, e.game_id, e.user_id)));
	turns.forEach((e, i) => {
		if (isAwaited(results[i].results[0] as AwaitedRow | undefined, JSON.parse(e.data).seat, e.created_at)) news.add(e.id);
	});
	return news;
}

/** Chat announcements (issue 15, docs/chat.md): off by default for email. */
export const DEFAULT_CHAT_MODE: Record<Channel, Mode> = { inapp: 'turn', email: 'off', push: 'turn', webhook: 'turn' };
const STRICTNESS: Record<Mode, number> = { turn: 0, digest: 1, off: 2 };

/**
 * The pending recipients' chat prefs and mutes: a chat event goes out on a channel in the stricter
 * of the channel's mode and the chat mode, and not at all to someone who muted its author.
 */
async function chatRules(db: D1Database, pending: string, from: number, to: number) {
	const [prefs, mutes] = await db.batch([
		db.prepare(`SELECT user_id, channel, mode FROM chat_prefs WHERE user_id IN (${pending})`).bind(from, to),
		db.prepare(`SELECT user_id, muted_id FROM chat_mutes WHERE user_id IN (${pending})`).bind(from, to)
	]);
	const chatMode = new Map((prefs.results as { user_id: string; channel: Channel; mode: Mode }[]).map((p) => [`${p.user_id}:${p.channel}`, p.mode]));
	const muted = new Set((mutes.results as { user_id: string; muted_id: string }[]).map((x) => `${x.user_id}:${x.muted_id}`));
	return {
		mode(e: EventRow, ch: Channel, channelMode: Mode): Mode {
			const authorId = (JSON.parse(e.data) as { authorId?: string }).authorId;
			if (authorId && muted.has(`${e.user_id}:${authorId}`)) return 'off';
			const c = chatMode.get(`${e.user_id}:${ch}`) ?? DEFAULT_CHAT_MODE[ch];
			return STRICTNESS[c] > STRICTNESS[channelMode] ? c : channelMode;
		}
	};
}

/**
 * What D1 says of a recipient's wait in a game. The one place that knows where it is kept (the game
 * row's status, active seats and `waits`; the seat row gives the seat number): `awaitedQuery` reads it,
 * `isAwaited` judges it, the trip's own query selects the same columns under the same names.
 */
interface AwaitedRow {
	status: string;
	active_seats: string;
	/**
	 * When the seat's current wait began: `games.waits[seat][0]` (issue 33, room/outbox.ts `waitsOf`;
	 * set whenever the seat is awaited and not dropped, room/clock.ts).
	 */
	waiting_since: number | null;
}

const awaitedQuery = (db: D1Database, gameId: string, userId: string) =>
	db
		.prepare(`SELECT g.status, g.active_seats, json_extract(g.waits, '$[' || s.seat || '][0]') AS waiting_since FROM games g JOIN seats s ON s.game_id = g.id WHERE g.id = ?1 AND s.user_id = ?2`)
		.bind(gameId, userId);

/**
 * Is a "your turn" for `seat`, made at `at`, still news? Only while that seat is awaited AND its
 * current wait began at or before the event (issue 33): a seat that moved, or stopped being awaited,
 * and is awaited again has a newer wait — and that wait's own event. Strict, so that an event read a
 * second time (a restarted postman, delivery.ts at the top) whose turn was stale at its first read
 * stays stale however the game went on. The room dates a turn event and the wait it starts with the
 * same clock reading (room/core.ts commit), so a current turn is always ≤; a wait with no start
 * (null: a dropped seat the bot plays) awaits nobody.
 */
const isAwaited = (row: AwaitedRow | null | undefined, seat: number, at: number) =>
	!!row &&
	row.status === 'active' &&
	(JSON.parse(row.active_seats) as number[]).includes(seat) &&
	row.waiting_since !== null &&
	row.waiting_since <= at;

/** Is the recipient still awaited in that game, in the wait the event told of? A stale "your turn" is noise, not news. */
async function stillAwaited(db: D1Database, e: NotifyEvent): Promise<boolean> {
	return isAwaited(await awaitedQuery(db, e.gameId, e.userId).first<AwaitedRow>(), e.data.seat, e.createdAt);
}

function errorText(err: unknown): string {
	return (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 300);
}

const isPermanent = (err: unknown) => !!err && typeof err === 'object' && ((err as { permanent?: unknown }).permanent === true || (err as Error).name === 'PermanentFailure');

/** Delivers what is due. Returns how many were sent. */
export async function deliverDue(db: D1Database, now: number, senders: Senders, origin: string): Promise<number> {
	const rows = (
		await db
			.prepare(
				`SELECT n.id AS nid, n.channel, n.attempts, e.* FROM notifications n JOIN notification_events e ON e.id = n.event_id
				 WHERE n.status = 'pending' AND n.next_attempt_at <= ?1 AND (n.claimed_until IS NULL OR n.claimed_until < ?1)
				 ORDER BY n.next_attempt_at, n.id LIMIT 50`
			)
			.bind(now)
			.all<EventRow & { nid: string; channel: Channel; attempts: number }>()
	).results;
	const users = new Map<string, UserRow | null>();
	let sent = 0;
	const trips = new Set<string>();
	for (const r of rows) {
		// Issue 32: a loud "your turn" goes out with all of the user's pending turns on that channel.
		if (r.kind === 'turn' && LOUD.has(r.channel)) {
			const key = `${r.user_id}:${r.channel}`;
			if (trips.has(key)) continue; // this run has told them already, or they wait
			trips.add(key);
			sent += await deliverTrip(db, now, senders, origin, r.user_id, r.channel);
			continue;
		}
		const claim = crypto.randomUUID();
		// By the key (issue 33: user, channel, status, id — one row).
		const got = await db
			.prepare(
				`UPDATE notifications SET claim = ?1, claimed_until = ?2 WHERE user_id = ?3 AND channel = ?4 AND status = 'pending' AND id = ?5 AND (claimed_until IS NULL OR claimed_until < ?6)`
			)
			.bind(claim, now + CLAIM_MS, r.user_id, r.channel, r.nid, now)
			.run();
		if (got.meta.changes !== 1) continue; // another sender has it
		const finish = (status: string, extra = '', ...binds: unknown[]) =>
			db
				.prepare(`UPDATE notifications SET status = ?1, claim = NULL, claimed_until = NULL${extra} WHERE user_id = ?2 AND channel = ?3 AND status = 'pending' AND id = ?4 AND claim = ?5`)
				.bind(status, r.user_id, r.channel, r.nid, claim, ...binds)
				.run();
		if (!users.has(r.user_id)) users.set(r.user_id, await db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?1`).bind(r.user_id).first<UserRow>());
		const user = users.get(r.user_id);
		const event = toEvent(r);
		if (!user || (event.kind === 'turn' && !(await stillAwaited(db, event)))) {
			await finish('skipped');
			continue;
		}
		try {
			await senders[r.channel].send(recipient(user), renderEvent(event, recipient(user), origin, now), { notificationId: r.nid, event });
			await finish('sent', ', sent_at = ?6, last_error = NULL', now);
			sent++;
		} catch (err) {
			const attempts = r.attempts + 1;
			const give = isPermanent(err) || attempts >= MAX_ATTEMPTS;
			await finish(give ? 'failed' : 'pending', ', attempts = ?6, next_attempt_at = ?7, last_error = ?8', attempts, now + retryDelay(attempts), errorText(err));
		}
	}
	return sent;
}

/** A claimed "your turn" row with what tells whether it is still news (the game's and the seat's columns: `AwaitedRow`). */
interface TripRow extends EventRow {
	nid: string;
	attempts: number;
	next_attempt_at: number;
	/** The game's status and active seats: null without a game row. */
	status: string | null;
	active_seats: string | null;
	/** The recipient's seat row (null: not seated there any more). */
	s_seat: number | null;
	/** When the recipient's current wait in that game began (null: not awaited, or dropped), from the game row's `waits` (issue 33). */
	waiting_since: number | null;
	/** When the recipient read the event's inbox entry (looked at the game): null if not. */
	seen_at: number | null;
}

/**
 * One message per trip (issue 32): claims ALL of the user's pending "your turn" rows on `channel`
 * in one UPDATE (D1 runs it atomically: of two postmen racing, the second claims none of them, so
 * no row and no set of rows is told twice), lets grace.ts `tripAt` decide, and then sends the
 * current ones in one message if any is due — also those not yet due, of every game — marking the
 * first 'sent' and the others 'merged' into it. Stale ones are skipped; if nothing is due the
 * claim is released and they wait. Returns the rows told (sent or merged).
 */
async function deliverTrip(db: D1Database, now: number, senders: Senders, origin: string, userId: string, channel: Channel): Promise<number> {
	const claim = crypto.randomUUID();
	// The user's pending rows on the channel are a prefix of the key (issue 33: no finished row is
	// read); the kind lookup is by the events' unique id.
	const got = await db
		.prepare(
			`UPDATE notifications SET claim = ?1, claimed_until = ?2 WHERE user_id = ?3 AND channel = ?4 AND status = 'pending'
			 AND (claimed_until IS NULL OR claimed_until < ?5) AND (SELECT kind FROM notification_events e WHERE e.id = notifications.event_id) = 'turn'`
		)
		.bind(claim, now + CLAIM_MS, userId, channel, now)
		.run();
	if (!got.meta.changes) return 0; // another postman has them
	const rows = (
		await db
			.prepare(
				`SELECT n.id AS nid, n.attempts, n.next_attempt_at, e.*, g.status AS status, g.active_seats AS active_seats, s.seat AS s_seat, json_extract(g.waits, '$[' || s.seat || '][0]') AS waiting_since,
				   (SELECT i.read_at FROM inbox i WHERE i.user_id = e.user_id AND i.created_at >= e.created_at AND i.id = e.id || ':inapp') AS seen_at
				 FROM notifications n JOIN notification_events e ON e.id = n.event_id
				 LEFT JOIN games g ON g.id = e.game_id LEFT JOIN seats s ON s.game_id = e.game_id AND s.user_id = e.user_id
				 WHERE n.user_id = ?2 AND n.channel = ?3 AND n.status = 'pending' AND n.claim = ?1`
			)
			.bind(claim, userId, channel)
			.all<TripRow>()
	).results;
	const user = await db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?1`).bind(userId).first<UserRow>();
	const byId = new Map(rows.map((r) => [r.nid, r]));
	const pending: PendingTurn[] = rows.map((r) => ({
		id: r.nid,
		gameId: r.game_id,
		// A row exists, so it is pending now, whatever a room's clock said (a skew of a few ms).
		createdAt: Math.min(r.created_at, now),
		dueAt: r.next_attempt_at,
		// Stale: no longer awaited, moved since (a newer wait began after the event: isAwaited), or looked at the game.
		stale:
			!user ||
			r.s_seat === null ||
			!isAwaited(r.status === null ? null : { status: r.status, active_seats: r.active_seats ?? '[]', waiting_since: r.waiting_since }, JSON.parse(r.data).seat, r.created_at) ||
			r.seen_at !== null
	}));
	const trip = tripAt(pending, now);
	// Statements for the rows `ids` (only while this claim holds them; by the key: ?1 claim, ?2 user,
	// ?3 channel, `set`'s own binds from ?4), in chunks: D1 binds at most 100 values.
	const mark = (ids: string[], set: string, ...binds: unknown[]) =>
		Array.from({ length: Math.ceil(ids.length / 80) }, (_, k) => ids.slice(k * 80, k * 80 + 80)).map((chunk) =>
			db
				.prepare(
					`UPDATE notifications SET ${set ? `${set}, ` : ''}claim = NULL, claimed_until = NULL WHERE user_id = ?2 AND channel = ?3 AND status = 'pending' AND claim = ?1 AND id IN (${chunk.map((_, i) => `?${i + 4 + binds.length}`).join(', ')})`
				)
				.bind(claim, userId, channel, ...binds, ...chunk)
		);
	// Those that wait only lose the claim: 1 row each (assigning `status`, even to itself, would
	// rewrite their pending index entry too).
	const release = [...mark(trip.skip, `status = 'skipped'`), ...mark(trip.wait, '')];
	if (release.length) await db.batch(release);
	if (!trip.send.length || !user) return 0;
	const told = trip.send.map((id) => byId.get(id)!);
	const carrier = told.find((r) => r.next_attempt_at <= now) ?? told[0];
	const events = told.map(toEvent);
	const games = new Set(events.map((e) => e.gameId));
	const newest = events.filter((e) => e.gameId === carrier.game_id).sort((a, b) => b.version - a.version)[0];
	const to = recipient(user);
	const others = trip.send.filter((id) => id !== carrier.nid);
	try {
		// One game: the push tag is the game's (a newer message replaces the older); several: none.
		await senders[channel].send(to, renderTrip(events, to, origin, now), { notificationId: carrier.nid, event: games.size === 1 ? newest : null });
		await db.batch([
			...mark([carrier.nid], `status = 'sent', sent_at = ?4, last_error = NULL`, now),
			...mark(others, `status = 'merged', sent_at = ?4, merged_into = ?5, last_error = NULL`, now, carrier.nid)
		]);
		return trip.send.length;
	} catch (err) {
		// All of them wait out the backoff together (none goes out alone in between).
		const attempts = Math.max(...told.map((r) => r.attempts)) + 1;
		const give = isPermanent(err) || attempts >= MAX_ATTEMPTS;
		await db.batch(mark(trip.send, 'status = ?4, attempts = ?5, next_attempt_at = ?6, last_error = ?7', give ? 'failed' : 'pending', attempts, now + retryDelay(attempts), errorText(err)));
		return 0;
	}
}

/**
 * Daily digests: for each user and channel in digest mode, one message at DIGEST_AT_MINUTES local
 * time after the oldest waiting item. Issue 33: a digest row's `next_attempt_at` is when its digest
 * is due (set by fan-out, or the retry after a failed send), so only the due ones are read, by the
 * digest index; a user's rows are then claimed and read by the key (user, channel, 'digest').
 * Returns the next time a digest falls due that this run found early (or null; nextWake finds the
 * rest in the index).
 */
export async function deliverDigests(db: D1Database, now: number, senders: Senders, origin: string): Promise<number | null> {
	// INDEXED BY: for the GROUP BY, SQLite would rather walk the whole table in key order (user,
	// channel) than sort the few due rows (tests/worker/mail-rows.worker.test.ts checks the plan).
	const groups = (
		await db
			.prepare(
				`SELECT n.user_id, n.channel, MIN(n.created_at) AS oldest, MAX(n.attempts) AS attempts FROM notifications n INDEXED BY notifications_digest_idx
				 WHERE n.status = 'digest' AND n.next_attempt_at <= ?1 AND (n.claimed_until IS NULL OR n.claimed_until < ?1) GROUP BY n.user_id, n.channel`
			)
			.bind(now)
			.all<{ user_id: string; channel: Channel; oldest: number; attempts: number }>()
	).results;
	let next: number | null = null;
	for (const g of groups) {
		const user = await db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?1`).bind(g.user_id).first<UserRow>();
		if (!user) continue;
		const due = nextLocalTime(g.oldest, user.time_zone, DIGEST_AT_MINUTES);
		if (now < due) {
			// Not due on the user's clock now (a row from before migration 0020 holds its fan-out time, or
			// the user moved to a later time zone): the group's rows wait for it in the index, not here.
			await db
				.prepare(`UPDATE notifications SET next_attempt_at = ?3 WHERE user_id = ?1 AND channel = ?2 AND status = 'digest' AND next_attempt_at < ?3`)
				.bind(g.user_id, g.channel, due)
				.run();
			next = next === null ? due : Math.min(next, due);
			continue;
		}
		const claim = crypto.randomUUID();
		await db
			.prepare(
				`UPDATE notifications SET claim = ?1, claimed_until = ?2 WHERE user_id = ?3 AND channel = ?4 AND status = 'digest' AND (claimed_until IS NULL OR claimed_until < ?5)`
			)
			.bind(claim, now + CLAIM_MS, g.user_id, g.channel, now)
			.run();
		// By the key: the user's digest rows on the channel, then the claim (issue 33: was a scan for the claim).
		const rows = (
			await db
				.prepare(
					`SELECT n.id AS nid, e.* FROM notifications n JOIN notification_events e ON e.id = n.event_id
					 WHERE n.user_id = ?2 AND n.channel = ?3 AND n.status = 'digest' AND n.claim = ?1 ORDER BY e.created_at`
				)
				.bind(claim, g.user_id, g.channel)
				.all<EventRow & { nid: string }>()
		).results;
		if (!rows.length) continue;
		const to = recipient(user);
		const mine = `user_id = ?2 AND channel = ?3 AND status = 'digest' AND claim = ?1`;
		try {
			await senders[g.channel].send(to, renderDigest(rows.map(toEvent), to, origin, now), { notificationId: `digest:${claim}`, event: null });
			await db.prepare(`UPDATE notifications SET status = 'sent', sent_at = ?4, claim = NULL, claimed_until = NULL WHERE ${mine}`).bind(claim, g.user_id, g.channel, now).run();
		} catch (err) {
			const attempts = g.attempts + 1;
			const give = isPermanent(err) || attempts >= MAX_ATTEMPTS;
			// Retry later: the retry time is when the digest is due again (the digest index holds it).
			await db
				.prepare(`UPDATE notifications SET status = ?4, attempts = ?5, next_attempt_at = ?6, claim = NULL, claimed_until = NULL, last_error = ?7 WHERE ${mine}`)
				.bind(claim, g.user_id, g.channel, give ? 'failed' : 'digest', attempts, now + retryDelay(attempts), errorText(err))
				.run();
		}
	}
	return next;
}

/**
 * The postman's wake-up statement: the earliest time a pending delivery, a retry or a digest can be
 * tried, each part a search of a partial index (issue 33; tests/worker/mail-rows.worker.test.ts):
 * - pending rows already due (next_attempt_at ≤ now): when their claim expires, if one holds them
 *   (a sender at work, or one that died), else now;
 * - pending rows not yet due: the earliest next_attempt_at (one index entry). One of them claimed
 *   beyond that time (a trip takes a user's rows before they are due) wakes the postman once early;
 *   then it is due and counted above by its claim;
 * - digest rows: the earliest digest due later, and the claims on those due now.
 */
export const NEXT_WAKE_SQL = `SELECT MIN(t) AS t FROM (
	SELECT CASE WHEN claimed_until IS NOT NULL AND claimed_until > next_attempt_at THEN claimed_until ELSE next_attempt_at END AS t FROM notifications WHERE status = 'pending' AND next_attempt_at <= ?1
	UNION ALL SELECT MIN(next_attempt_at) FROM notifications WHERE status = 'pending' AND next_attempt_at > ?1
	UNION ALL SELECT MIN(next_attempt_at) FROM notifications WHERE status = 'digest' AND next_attempt_at > ?1
	UNION ALL SELECT claimed_until FROM notifications WHERE status = 'digest' AND next_attempt_at <= ?1 AND claimed_until > ?1)`;

/** When the postman must look again: the earliest pending delivery or retry, or a digest. */
export async function nextWake(db: D1Database, now: number, digest: number | null): Promise<number | null> {
	const row = await db.prepare(NEXT_WAKE_SQL).bind(now).first<{ t: number | null }>();
	const times = [row?.t, digest].filter((t): t is number => typeof t === 'number');
	return times.length ? Math.max(now, Math.min(...times)) : null;
}
