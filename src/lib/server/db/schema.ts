// The D1 schema (docs: /tmp design "D1"). Times are integer milliseconds since the epoch.
// `games` and `seats` are written only by the game's GameRoom Durable Object (single writer,
// conventions §10), through its outbox with version-guarded upserts; everything else here is
// written by the auth code.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable('users', {
	id: text('id').primaryKey(),
	/** As typed at sign-up, shown to others. */
	username: text('username').notNull(),
	/** Lowercased: `Alice` and `alice` are the same account name. */
	usernameKey: text('username_key').notNull().unique(),
	/** Private: never in any response but the owner's own. */
	email: text('email'),
	/** Issue 15: when `email` was proven to reach its owner; null: unverified, no email notifications. */
	emailVerifiedAt: integer('email_verified_at'),
	/** Issue 15: the username's confusable skeleton (src/lib/server/auth/skeleton.ts); null only for rows tools wrote. */
	usernameSkeleton: text('username_skeleton').unique(),
	/** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` (docs/security.md). */
	passwordHash: text('password_hash').notNull(),
	createdAt: integer('created_at').notNull(),
	/** The language of the user's notifications ('en' | 'de'), set from the page they use. */
	locale: text('locale').notNull().default('en'),
	/** IANA time zone for quiet hours and the daily digest. */
	timeZone: text('time_zone').notNull().default('UTC'),
	/** Quiet hours in minutes after local midnight; equal values: none. */
	quietStart: integer('quiet_start').notNull().default(0),
	quietEnd: integer('quiet_end').notNull().default(0),
	/**
	 * Issue 32: minutes a "your turn" waits before email, push or a webhook tell of it (in-app is
	 * immediate), so a burst of quick turns becomes one message and nothing is sent to someone who
	 * comes back in time (src/lib/server/notify/grace.ts; choices GRACE_CHOICES there).
	 */
	graceMinutes: integer('grace_minutes').notNull().default(10),
	/** Discord- or Slack-compatible incoming webhook (private). */
	webhookUrl: text('webhook_url'),
	/** Vacation (issue 5): clocks of all the user's games pause from `vacationFrom` to `vacationUntil`. */
	vacationFrom: integer('vacation_from'),
	vacationUntil: integer('vacation_until'),
	/** Vacation days taken in `vacationYear` (at most 14 a year). */
	vacationYear: integer('vacation_year'),
	vacationDays: integer('vacation_days').notNull().default(0)
});

export const sessions = sqliteTable(
	'sessions',
	{
		/** SHA-256 hex of the session token; the token itself is only in the user's cookie. */
		id: text('id').primaryKey(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: integer('expires_at').notNull(),
		createdAt: integer('created_at').notNull(),
		userAgent: text('user_agent'),
		/**
		 * Where the sign-in came from as Cloudflare placed the request (`request.cf`, issue 30): the
		 * ISO country code and the city, each null when unknown. Shown on /settings/sessions so a
		 * stranger's session stands out; never the IP address.
		 */
		country: text('country'),
		city: text('city')
	},
	(t) => [index('sessions_user_id_idx').on(t.userId)]
);

/**
 * One row per counted attempt (src/lib/server/auth/ratelimit.ts); `key` is e.g.
 * `signin:user-addr:<username_key>:<address>` or `signup:addr:<address>`. The rowid names a place
 * taken, so a successful sign-in can give its places back.
 */
export const authAttempts = sqliteTable(
	'auth_attempts',
	{
		key: text('key').notNull(),
		at: integer('at').notNull()
	},
	(t) => [
		index('auth_attempts_key_at_idx').on(t.key, t.at),
		// Pruning rows older than every window on each attempt reads this, not the whole table.
		index('auth_attempts_at_idx').on(t.at)
	]
);

/**
 * Browsers an account has signed in on (OWASP "device cookies"): the cookie's token hashed like a
 * session's. A sign-in from such a browser is not held back by the per-username limit that
 * guessers from many addresses fill (src/lib/server/auth/devices.ts, docs/security.md).
 */
export const knownDevices = sqliteTable(
	'known_devices',
	{
		/** SHA-256 hex of the device cookie's token. */
		id: text('id').primaryKey(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt: integer('created_at').notNull(),
		expiresAt: integer('expires_at').notNull()
	},
	(t) => [index('known_devices_user_idx').on(t.userId)]
);

export const games = sqliteTable(
	'games',
	{
		id: text('id').primaryKey(),
		/** The game's kind (registry id, src/lib/games/index.ts); the column kept its pre-kind name. */
		game: text('game').notNull(),
		status: text('status', { enum: ['waiting', 'active', 'finished'] }).notNull(),
		visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
		inviteCode: text('invite_code').unique(),
		creatorId: text('creator_id').notNull(),
		/** JSON: the kind's options as its schema put them out (Giants: { quickStart, immediateScoring }). */
		options: text('options').notNull(),
		seatsWanted: integer('seats_wanted').notNull(),
		timeLimit: text('time_limit', { enum: ['1d', '2d', '3d', '5d', '7d', '14d'] }).notNull(),
		engineVersion: text('engine_version').notNull(),
		version: integer('version').notNull(),
		/** JSON array of seat numbers whose input is awaited. */
		activeSeats: text('active_seats').notNull().default(sql`'[]'`),
		/**
		 * Each seat's wait, by seat number: `[since, deadline]` (deadline null: no running clock) or null
		 * (not awaited; trailing nulls left out) — "your turn", oldest waiting first, and the postman's
		 * stale-turn check read `json_extract(waits, '$[<seat>][0]')`. Issue 33: it lived in the seat rows
		 * (`waiting_since`, `deadline`), so every turn change rewrote ~2 of them; here it rides on the game
		 * row the flush writes with every move anyway (migration 0018).
		 */
		waits: text('waits').notNull().default(sql`'[]'`),
		seedCommitment: text('seed_commitment'),
		/** JSON time control chosen at creation (src/lib/server/room/clock.ts); null: the old `timeLimit` days per move. */
		clock: text('clock'),
		createdAt: integer('created_at').notNull(),
		updatedAt: integer('updated_at').notNull(),
		startedAt: integer('started_at'),
		finishedAt: integer('finished_at'),
		/** The round being played; in a finished game the round it ended in (null before the start). */
		rounds: integer('rounds'),
		/** Seats taken (after an early start fewer than `seatsWanted`): the archive's player-count filter. */
		players: integer('players'),
		/**
		 * Rated (1) or casual (0), chosen at creation (issue 28, docs/people.md): a casual game never moves
		 * a rating. Migration 0011 set it for the games before: finished ones rated iff they moved a rating.
		 */
		rated: integer('rated', { mode: 'boolean' }).notNull().default(true),
		/**
		 * Issue 34 (migration 0021): JSON `GameOrigin` (src/lib/protocol/room.ts) of a game played on from
		 * a finished game's position — `{ gameId, kind, step, explored, players }` — for lists and pages
		 * that say where it came from; null for a game from the kind's setup. Such a game is never rated.
		 */
		origin: text('origin'),
		/**
		 * Issue 35 (migration 0022): the tournament a game is a table of (`tournaments.id`), null for every
		 * other game. Written once, with the game's first row (outbox.ts: never in a move's UPDATE), so it
		 * costs no index entry per move; the archive filters by it.
		 */
		tournamentId: text('tournament_id')
	},
	(t) => [
		// Public games by status, newest first by start, then by creation: the lobby's waiting games
		// (games.ts OPEN_GAMES_SQL, not started: newest created first) and the games in progress to
		// watch (archive.ts WATCH_SQL, newest started first). Issue 33: no column here changes with a
		// move (it held `updated_at`, one index row written with every move of a public game); an entry
		// is written when a game is created, starts and ends. Partial: private games are never listed.
		index('games_public_started_idx').on(t.status, t.startedAt, t.createdAt, t.id).where(sql`visibility = 'public'`),
		// The archive (src/lib/server/archive.ts): newest finished first, keyset (finished_at, id).
		// SQLite walks an ascending index backwards, so no DESC is needed.
		index('games_archive_idx').on(t.status, t.visibility, t.finishedAt, t.id),
		index('games_archive_players_idx').on(t.status, t.visibility, t.players, t.finishedAt, t.id),
		// Issue 35: a tournament's games (the archive's tournament filter), newest finished first.
		index('games_tournament_idx').on(t.tournamentId, t.finishedAt, t.id).where(sql`tournament_id IS NOT NULL`)
	]
);

export const seats = sqliteTable(
	'seats',
	{
		gameId: text('game_id').notNull(),
		/**
		 * An account's id — or a deleted player's tombstone (issue 15) or a bot's `bot-<n>` (issue 34,
		 * protocol/people.ts), neither of which names a `users` row: hence no foreign key, and no
		 * migration for bot seats (the lists name them from the id, `seatNameSql`).
		 */
		userId: text('user_id').notNull(),
		seat: integer('seat').notNull(),
		colour: text('colour'),
		score: integer('score'),
		/** 1 if this seat won (shared victories possible), 0 if not (a draw: nobody), null while running. */
		winner: integer('winner'),
		/**
		 * The seat's place at the end (issue 29: the kind's `outcome`, its tie-breakers included): 1 is
		 * first, shared places share the number; null while running.
		 */
		place: integer('place'),
		// (Issue 33: since when the seat is awaited and its deadline are in `games.waits`, not here: a
		// seat row is written only when one of its own lasting columns changes, never per turn change.)
		/** Consecutive timeouts; 3 hand the seat to the bot (dropped = 1) until reclaimed. */
		timeouts: integer('timeouts').notNull().default(0),
		dropped: integer('dropped').notNull().default(0),
		version: integer('version').notNull(),
		joinedAt: integer('joined_at').notNull(),
		/**
		 * The game's `status`, and the game's `updated_at` at the flush that set that status (issue 33:
		 * not every move's — a seat row is written only when one of its own columns changes, and a move
		 * that only changes whose turn it is rewrites none). So a player's games by status are read
		 * from one index, and the finished ones (up to 10,000, issue 10) a page at a time in the order
		 * they finished (for a finished game this is the time it finished).
		 */
		status: text('status', { enum: ['waiting', 'active', 'finished'] }),
		updatedAt: integer('updated_at')
	},
	(t) => [
		// (Issue 33: no unique (game_id, seat) index: no query reads it, the room is the only writer
		// of a game's seats and numbers them itself, and it cost a write per seat row.)
		primaryKey({ columns: [t.gameId, t.userId] }),
		// "Your turn" (games.ts myGames, nextGame) reads a player's running games by the index below, their
		// game rows by key (the waits, `games.waits`) and sorts the few it finds: issue 33 dropped the
		// (user_id, waiting_since, …) index (migration 0016) and then the seats' waits (0018), which cost
		// ~2 rows written per turn change, to save reading a player's running games (tens) instead of
		// those awaiting them.
		// A player's games by status; the finished ones in the order they finished, keyset (updated_at,
		// game_id); with game_id in it, every "the games of user X" lookup reads the index alone.
		index('seats_user_status_updated_idx').on(t.userId, t.status, t.updatedAt, t.gameId)
	]
);

export const CHANNELS = ['inapp', 'email', 'push', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];
export const MODES = ['turn', 'digest', 'off'] as const;
export type Mode = (typeof MODES)[number];

/** Per user and channel: every turn, a daily digest, or off. A missing row means the default. */
export const notificationPrefs = sqliteTable(
	'notification_prefs',
	{
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		channel: text('channel', { enum: CHANNELS }).notNull(),
		mode: text('mode', { enum: MODES }).notNull()
	},
	(t) => [primaryKey({ columns: [t.userId, t.channel] })]
);

/**
 * What happened to whom, written by a GameRoom in the same D1 batch as the game row of the version
 * that caused it (its outbox), so an event exists exactly when its move does. The postman fans
 * each event out into `notifications`, one row per channel, in the order of `seq`, from its cursor
 * (`postman_cursor`, issue 33: no per-event "fanned out" flag and no index of pending events).
 */
export const notificationEvents = sqliteTable(
	'notification_events',
	{
		/**
		 * Issue 33: the order events reached D1 in (the rowid). Every insert takes one above the
		 * highest seq and every `postman_cursor` row (notify/event-row.ts), so a seq is never reused —
		 * not after the newest rows are deleted (an account deleted, leave.ts) — and no cursor skips one.
		 */
		seq: integer('seq').primaryKey(),
		/** `<gameId>:<version>:<kind>:<seat>` — the same event written twice is one row. */
		id: text('id').notNull().unique(),
		userId: text('user_id').notNull(),
		gameId: text('game_id').notNull(),
		kind: text('kind').notNull(),
		version: integer('version').notNull(),
		/** The user had the game open when it happened: no per-move notification. */
		gameOpen: integer('game_open').notNull().default(0),
		/** JSON, public facts only (src/lib/server/notify/types.ts). */
		data: text('data').notNull(),
		createdAt: integer('created_at').notNull(),
		/**
		 * Issue 33 (migration 0019): 1 when the game room's flush made the in-app decision and wrote the
		 * entry itself (notify/room-entry.ts) — fan-out then writes no immediate in-app entry. 0 for rows
		 * from before (events queued at deploy get their entry from fan-out), invitations and chat.
		 */
		inappByRoom: integer('inapp_by_room').notNull().default(0)
	}
);

/**
 * Issue 33: how far the postman has fanned `notification_events` out. Row 1: the cursor, its `seq`
 * the highest event handled as far as D1 knows. The Postman keeps the cursor in memory and writes
 * this row lazily (notify/cursor.ts: about once a minute, in the batch of the deliveries that make
 * it due), so after a restart it reads a few events again — harmless, every delivery is keyed by
 * its event (notify/delivery.ts). Row 2: the highest seq ever deleted (an account deleted,
 * notify/event-row.ts `deleteEventsOf`), a floor for new seqs that the lagging row 1 cannot be.
 */
export const postmanCursor = sqliteTable('postman_cursor', {
	id: integer('id').primaryKey(),
	seq: integer('seq').notNull()
});

/**
 * What a delivery can be: pending → sent | failed; digest: waits for the user's daily digest;
 * skipped: nothing to send; merged (issue 32): a "your turn" told in the same message as the row
 * `mergedInto`. Every status is listed here because a delivery's id is unique across all of them
 * (`DELIVERY_EXISTS` below spells them out to find an id by its key).
 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'digest', 'skipped', 'merged'] as const;

/**
 * One delivery per (event, user, channel), sent at most once (notify/delivery.ts).
 *
 * Issue 33 (migration 0020): a WITHOUT ROWID table keyed the way the postman reads it — a user's
 * rows on a channel in one status, then the id: a trip claims all of a user's pending rows on a
 * channel, a digest all of their digest rows, account deletion all of a user's rows, each by a
 * prefix of the key that holds no finished row (a user's history of sent mails is never read
 * again). Two partial indexes hold only what the postman looks for by time: the pending rows (due
 * deliveries and retries) and the digest rows (by when their digest is due). So a mail is the row
 * and one index entry when inserted, 1 row to claim (claim columns are in no index) and 1 to finish
 * — the status moves the row within the key and out of the partial index, and D1 counts the row
 * written, not the index entry it leaves (docs/benchmarks.md "Fewer rows per mail"). Was: a rowid
 * table with a text key (its own index) and two indexes on `status`, 4 + 1 + 3 rows.
 *
 * The key holds the status, so the key alone no longer makes an id unique: the one writer of new
 * rows (delivery.ts fanOut) inserts only where `DELIVERY_EXISTS` finds no row of that id in any
 * status. drizzle-kit cannot say WITHOUT ROWID; migrations/0020 makes it so.
 */
export const notifications = sqliteTable(
	'notifications',
	{
		/** `<eventId>:<channel>` (the event id names the user). */
		id: text('id').notNull(),
		eventId: text('event_id').notNull(),
		userId: text('user_id').notNull(),
		channel: text('channel', { enum: CHANNELS }).notNull(),
		status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
		attempts: integer('attempts').notNull().default(0),
		/**
		 * pending: when it may be sent (grace, quiet hours, retry backoff); digest: when its digest is
		 * due (the user's next DIGEST_AT after fan-out, or the retry after a failed digest).
		 */
		nextAttemptAt: integer('next_attempt_at').notNull(),
		/** A sender's claim: only the holder of an unexpired claim may send it. */
		claim: text('claim'),
		claimedUntil: integer('claimed_until'),
		lastError: text('last_error'),
		createdAt: integer('created_at').notNull(),
		sentAt: integer('sent_at'),
		/** Issue 32: the id of the row whose message told this one too (status `merged`). */
		mergedInto: text('merged_into')
	},
	(t) => [
		primaryKey({ columns: [t.userId, t.channel, t.status, t.id] }),
		// deliverDue and nextWake: the due deliveries, oldest first; a finished row leaves it. Ties by
		// id (`<eventId>:<channel>`): an event's channels side by side, so one user's many rows on one
		// channel (a trip told once) do not fill deliverDue's batch of 50 before their other channels.
		index('notifications_pending_idx').on(t.nextAttemptAt, t.id).where(sql`status = 'pending'`),
		// deliverDigests and nextWake: the digests that are due.
		index('notifications_digest_idx').on(t.nextAttemptAt).where(sql`status = 'digest'`)
	]
);

/**
 * SQL: a delivery of id `id` exists for `user` on `channel`, in whatever status — point lookups by
 * the key, one per status (the key starts with the status after user and channel, so without the
 * list SQLite would read all of the user's rows on the channel). The arguments are SQL expressions.
 */
export const DELIVERY_EXISTS = (id: string, user: string, channel: string) =>
	`EXISTS (SELECT 1 FROM notifications WHERE user_id = ${user} AND channel = ${channel} AND status IN (${DELIVERY_STATUSES.map((s) => `'${s}'`).join(', ')}) AND id = ${id})`;

/**
 * The in-app inbox (the in-app channel delivers here). Issue 33: a WITHOUT ROWID table keyed the way
 * it is read — a user's entries, newest first, keyset (created_at, id) — so an entry is one row and
 * one index entry (the unread one) instead of a row and three index entries; migrations/0015 makes
 * it so (drizzle-kit cannot say WITHOUT ROWID). An entry made from an event has the event's time,
 * so the postman finds it by its key (delivery.ts, "looked at the game").
 */
export const inbox = sqliteTable(
	'inbox',
	{
		id: text('id').notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		gameId: text('game_id'),
		kind: text('kind').notNull(),
		/** JSON: the message key's parameters, rendered in the reader's language. */
		data: text('data').notNull(),
		createdAt: integer('created_at').notNull(),
		readAt: integer('read_at')
	},
	(t) => [
		primaryKey({ columns: [t.userId, t.createdAt, t.id] }),
		// The unread badge and "this game's entries are read" (issue 12) touch only unread rows.
		index('inbox_unread_idx').on(t.userId, t.gameId).where(sql`read_at IS NULL`)
	]
);

export const pushSubscriptions = sqliteTable(
	'push_subscriptions',
	{
		id: text('id').primaryKey(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		endpoint: text('endpoint').notNull().unique(),
		/** Base64url keys of the browser's subscription (RFC 8291). */
		p256dh: text('p256dh').notNull(),
		auth: text('auth').notNull(),
		createdAt: integer('created_at').notNull()
	},
	(t) => [index('push_subscriptions_user_idx').on(t.userId)]
);

/** Development only: a copy of every mail sent where DEV_MAILBOX is "1" (/dev/mailbox). */
export const devMailbox = sqliteTable('dev_mailbox', {
	id: text('id').primaryKey(),
	to: text('to_address').notNull(),
	subject: text('subject').notNull(),
	text: text('text').notNull(),
	html: text('html'),
	headers: text('headers').notNull(),
	createdAt: integer('created_at').notNull()
});

// ---- issue 15: table talk and private notes ----

/**
 * Per player and game: the game's newest chat sequence and the last one the player read, for the
 * unread counts of "My games" — written only by the game's room (its flusher), never lowered.
 */
export const chatReads = sqliteTable(
	'chat_reads',
	{
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		gameId: text('game_id').notNull(),
		count: integer('count').notNull().default(0),
		read: integer('read').notNull().default(0)
	},
	(t) => [primaryKey({ columns: [t.userId, t.gameId] })]
);

/** A user mutes another across games (docs/chat.md): their messages are not delivered to or shown for them. */
export const chatMutes = sqliteTable(
	'chat_mutes',
	{
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		mutedId: text('muted_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt: integer('created_at').notNull()
	},
	(t) => [primaryKey({ columns: [t.userId, t.mutedId] })]
);

/** A reported chat message with its context (JSON: the messages before it), for an operator. */
export const chatReports = sqliteTable(
	'chat_reports',
	{
		id: text('id').primaryKey(),
		gameId: text('game_id').notNull(),
		seq: integer('seq').notNull(),
		reporterId: text('reporter_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		reportedId: text('reported_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		text: text('text').notNull(),
		context: text('context').notNull(),
		createdAt: integer('created_at').notNull(),
		resolvedAt: integer('resolved_at')
	},
	(t) => [
		uniqueIndex('chat_reports_once_idx').on(t.reporterId, t.gameId, t.seq),
		index('chat_reports_open_idx').on(t.createdAt).where(sql`resolved_at IS NULL`)
	]
);

/** How chat messages are announced per channel; a missing row: off for email, at once elsewhere (never above the channel's mode). */
export const chatPrefs = sqliteTable(
	'chat_prefs',
	{
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		channel: text('channel', { enum: CHANNELS }).notNull(),
		mode: text('mode', { enum: MODES }).notNull()
	},
	(t) => [primaryKey({ columns: [t.userId, t.channel] })]
);

/** A player's private notepad for one game: only its owner reads or writes it. */
export const gameNotes = sqliteTable(
	'game_notes',
	{
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		gameId: text('game_id')
			.notNull()
			.references(() => games.id, { onDelete: 'cascade' }),
		text: text('text').notNull(),
		updatedAt: integer('updated_at').notNull()
	},
	(t) => [primaryKey({ columns: [t.userId, t.gameId] })]
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Game = typeof games.$inferSelect;
export type Seat = typeof seats.$inferSelect;

// ---- issue 15: accounts (email verification, password reset, username skeletons) ----
// (Its two columns of `users`, email_verified_at and username_skeleton, are in the users table above.)

/** Single-use verification and reset links: the SHA-256 of the token, never the token. */
export const accountTokens = sqliteTable(
	'account_tokens',
	{
		id: text('id').primaryKey(),
		purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** The address the link went to (for verification: the address it verifies). */
		email: text('email').notNull(),
		createdAt: integer('created_at').notNull(),
		expiresAt: integer('expires_at').notNull()
	},
	(t) => [index('account_tokens_user_idx').on(t.userId, t.purpose), index('account_tokens_expires_idx').on(t.expiresAt)]
);

// ---- issue 15: passkeys ----

/**
 * Passkeys (WebAuthn credentials), src/lib/server/auth/passkeys.ts and docs/security.md "Passkeys".
 * The public key is not a secret; the private key never leaves the user's authenticator.
 */
export const passkeys = sqliteTable(
	'passkeys',
	{
		/** The credential id, base64url, as the authenticator made it (globally unique: the key). */
		id: text('id').primaryKey(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** The COSE public key, base64url. */
		publicKey: text('public_key').notNull(),
		/** The authenticator's signature counter as last seen (0 forever for most synced passkeys). */
		counter: integer('counter').notNull().default(0),
		/** JSON array of transport hints ("internal", "hybrid", "usb", …), for excludeCredentials. */
		transports: text('transports').notNull().default('[]'),
		deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
		/** 1 if the authenticator said the credential is backed up (synced). */
		backedUp: integer('backed_up').notNull().default(0),
		/** Given by the user, 1–64 characters. */
		name: text('name').notNull(),
		createdAt: integer('created_at').notNull(),
		lastUsedAt: integer('last_used_at')
	},
	(t) => [index('passkeys_user_idx').on(t.userId, t.createdAt)]
);

/**
 * Challenges handed out for a WebAuthn ceremony: single-use (deleted when a response is checked
 * against them, DELETE … RETURNING), five minutes at most, expired ones pruned whenever one is made.
 */
export const webauthnChallenges = sqliteTable(
	'webauthn_challenges',
	{
		/** SHA-256 hex of the challenge (the challenge itself goes to the browser only). */
		id: text('id').primaryKey(),
		purpose: text('purpose', { enum: ['register', 'signin'] }).notNull(),
		/** The signed-in user a registration challenge is for; null for sign-in. */
		userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: integer('expires_at').notNull()
	},
	(t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt), index('webauthn_challenges_user_idx').on(t.userId)]
);

// ---- issue 15: leave the site ----

/**
 * Accounts being deleted (src/lib/server/people/leave.ts): written in the same batch that makes the
 * password unusable and ends the sessions, deleted with the users row (cascade) once every game room
 * has forgotten the user. A deletion that failed midway is finished from here by a retry.
 */
export const accountDeletions = sqliteTable('account_deletions', {
	userId: text('user_id')
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	requestedAt: integer('requested_at').notNull(),
	/** The address, moved here from users.email in step 1 (nothing is sent to it any more), for step 3. */
	email: text('email'),
	attempts: integer('attempts').notNull().default(0),
	lastError: text('last_error')
});

// ---- issue 15: people (ratings, follows, rematches; docs/people.md) ----

/** A player's OpenSkill rating in one kind of game (src/lib/server/people/ratings.ts). */
export const ratings = sqliteTable(
	'ratings',
	{
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind').notNull(),
		mu: real('mu').notNull(),
		sigma: real('sigma').notNull(),
		/** Rated games: also the row's version (the rating batch is guarded by it). */
		games: integer('games').notNull().default(0),
		updatedAt: integer('updated_at').notNull()
	},
	(t) => [primaryKey({ columns: [t.userId, t.kind] })]
);

/** What one finished game did to each of its players' ratings; its key makes the update happen once. */
export const ratingChanges = sqliteTable(
	'rating_changes',
	{
		gameId: text('game_id').notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind').notNull(),
		beforeMu: real('before_mu').notNull(),
		beforeSigma: real('before_sigma').notNull(),
		afterMu: real('after_mu').notNull(),
		afterSigma: real('after_sigma').notNull(),
		nonce: text('nonce').notNull(),
		createdAt: integer('created_at').notNull()
	},
	(t) => [primaryKey({ columns: [t.gameId, t.userId] }), index('rating_changes_user_idx').on(t.userId, t.createdAt)]
);

/** `followerId` follows `followeeId` (never themself: a CHECK in migrations/0010_people.sql). */
export const follows = sqliteTable(
	'follows',
	{
		followerId: text('follower_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		followeeId: text('followee_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt: integer('created_at').notNull()
	},
	(t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee_idx').on(t.followeeId, t.followerId)]
);

/** At most one rematch per finished game (`gameId`), offered by `createdBy` as the private game `newGameId`. */
export const rematches = sqliteTable(
	'rematches',
	{
		gameId: text('game_id').primaryKey(),
		newGameId: text('new_game_id').notNull(),
		/** The new game's invite code: handed only to the players of the finished game. */
		inviteCode: text('invite_code').notNull(),
		createdBy: text('created_by')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt: integer('created_at').notNull()
	},
	(t) => [uniqueIndex('rematches_new_game_idx').on(t.newGameId)]
);

/**
 * The demo seed of `npm start` (issue 30): one row while it runs and after, so the landing page,
 * the lobby and the archive can say the demo games are still being made instead of looking empty.
 * Written only through the dev-only POST and DELETE /dev/seed (src/lib/server/dev-seed.ts); a real site
 * never has a row.
 */
export const demoSeed = sqliteTable('demo_seed', {
	/** Always 1: there is one seed. */
	id: integer('id').primaryKey(),
	startedAt: integer('started_at').notNull(),
	/** Null while it runs. */
	finishedAt: integer('finished_at')
});

// ---- issue 35: tournaments and the match-maker (docs/tournaments.md) ----

/**
 * A tournament (src/lib/server/tournaments/). Its lifecycle is driven by guarded UPDATEs on `round`
 * and `status` (D1 runs each statement and each batch alone: whoever's guard matched does the work,
 * the other finds nothing to change), from requests, from the rooms of its games when one ends, and
 * from the cron (deadlines). `version` rises with every change of the row.
 */
export const tournaments = sqliteTable(
	'tournaments',
	{
		id: text('id').primaryKey(),
		/** Given by the organiser, 1–80 characters. */
		name: text('name').notNull(),
		/** The kind (registry id) and its options (JSON, as the kind's schema put them out). */
		kind: text('kind').notNull(),
		options: text('options').notNull(),
		/** Players per table, within the kind's seat range. */
		tableSize: integer('table_size').notNull(),
		format: text('format', { enum: ['swiss', 'roundRobin'] }).notNull(),
		rounds: integer('rounds').notNull(),
		/** JSON TimeControl of its games (src/lib/server/room/clock.ts). */
		clock: text('clock').notNull(),
		/** Days a round may last from its start; null: a round ends only when its games end. */
		roundDays: integer('round_days'),
		/** Sign-up closes (and the tournament starts, if it has its minimum) at this time. */
		signupUntil: integer('signup_until').notNull(),
		minPlayers: integer('min_players').notNull(),
		maxPlayers: integer('max_players').notNull(),
		rated: integer('rated', { mode: 'boolean' }).notNull(),
		visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
		/** Private ("by invitation"): the code of its invitation link; null for public ones. */
		inviteCode: text('invite_code').unique(),
		organiserId: text('organiser_id').notNull(),
		status: text('status', { enum: ['signup', 'running', 'finished', 'cancelled'] }).notNull(),
		/** The round being played (0 before the start; after the end, the last one). */
		round: integer('round').notNull().default(0),
		roundStartedAt: integer('round_started_at'),
		/** When the running round is decided if its games have not ended (null: no round deadline). */
		roundDeadline: integer('round_deadline'),
		/** Players signed up and not withdrawn before the start (kept by the sign-up statements). */
		players: integer('players').notNull().default(0),
		/** JSON array of the winners' user ids once finished (several when first place is shared). */
		winners: text('winners'),
		createdAt: integer('created_at').notNull(),
		startedAt: integer('started_at'),
		finishedAt: integer('finished_at'),
		updatedAt: integer('updated_at').notNull(),
		version: integer('version').notNull().default(1)
	},
	(t) => [
		// The tournaments page: public ones by status, soonest sign-up end / newest first.
		index('tournaments_public_idx').on(t.status, t.signupUntil, t.id).where(sql`visibility = 'public'`),
		// The cron: sign-ups that have closed, rounds whose deadline has passed.
		index('tournaments_signup_due_idx').on(t.signupUntil).where(sql`status = 'signup'`),
		index('tournaments_round_due_idx').on(t.roundDeadline).where(sql`status = 'running'`),
		// "Mine": the tournaments a user organises, newest first.
		index('tournaments_organiser_idx').on(t.organiserId, t.createdAt)
	]
);

/** Who plays in a tournament; a withdrawal keeps the row (and the results) with `withdrawn_at`. */
export const tournamentPlayers = sqliteTable(
	'tournament_players',
	{
		tournamentId: text('tournament_id')
			.notNull()
			.references(() => tournaments.id, { onDelete: 'cascade' }),
		userId: text('user_id').notNull(),
		/** Sign-up order, 0-based (the last tie-break of pairings and standings). */
		seq: integer('seq').notNull(),
		joinedAt: integer('joined_at').notNull(),
		/** Null while in; set when they withdraw (before the start the row is deleted instead). */
		withdrawnAt: integer('withdrawn_at')
	},
	(t) => [primaryKey({ columns: [t.tournamentId, t.userId] }), index('tournament_players_user_idx').on(t.userId, t.joinedAt)]
);

/**
 * The tables of a tournament's rounds, written with the round's start (all of a round's rows in the
 * batch that raises `tournaments.round`). `game_id` is chosen then, so creating the game again after
 * a failure makes the same game; `created` is set once its room has it.
 */
export const tournamentTables = sqliteTable(
	'tournament_tables',
	{
		tournamentId: text('tournament_id')
			.notNull()
			.references(() => tournaments.id, { onDelete: 'cascade' }),
		round: integer('round').notNull(),
		/** 0-based; -1 rows are byes (then `players` holds the players who had one). */
		tableNo: integer('table_no').notNull(),
		gameId: text('game_id'),
		/** JSON array of user ids in seat order. */
		players: text('players').notNull(),
		/** JSON array of places by seat once the game has ended; null before. */
		places: text('places'),
		created: integer('created').notNull().default(0),
		finishedAt: integer('finished_at')
	},
	(t) => [
		primaryKey({ columns: [t.tournamentId, t.round, t.tableNo] }),
		uniqueIndex('tournament_tables_game_idx').on(t.gameId),
		// The cron: games a failure left uncreated (almost always none: an empty index).
		index('tournament_tables_uncreated_idx').on(t.tournamentId).where(sql`created = 0`)
	]
);

/**
 * The match-maker (issue 35): a player's standing request for a game of a kind at a pace, with an
 * optional rating range. One per player and kind; matched requests keep the game id for the page that
 * waits on them, expired ones are what "no match within your waiting time" shows.
 */
export const matchRequests = sqliteTable(
	'match_requests',
	{
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind').notNull(),
		/** Players per game. */
		seats: integer('seats').notNull(),
		/** The pace: canonical JSON of the TimeControl (requests match only with the same pace). */
		pace: text('pace').notNull(),
		/** The requester's displayed rating in the kind when asking (null: not rated yet). */
		rating: integer('rating'),
		minRating: integer('min_rating'),
		maxRating: integer('max_rating'),
		status: text('status', { enum: ['waiting', 'matched', 'expired', 'cancelled'] }).notNull(),
		/** A matcher's claim while it seats a group (so two matchers never seat one request twice). */
		claim: text('claim'),
		gameId: text('game_id'),
		createdAt: integer('created_at').notNull(),
		expiresAt: integer('expires_at').notNull()
	},
	(t) => [
		primaryKey({ columns: [t.userId, t.kind] }),
		index('match_requests_waiting_idx').on(t.kind, t.seats, t.pace, t.createdAt).where(sql`status = 'waiting'`),
		index('match_requests_expiry_idx').on(t.expiresAt).where(sql`status = 'waiting'`)
	]
);
