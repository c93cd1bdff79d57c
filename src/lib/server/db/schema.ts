// The D1 schema (docs: /tmp design "D1"). Times are integer milliseconds since the epoch.
// `games` and `seats` are written only by the game's GameRoom Durable Object (single writer,
// conventions §10), through its outbox with version-guarded upserts; everything else here is
// written by the auth code.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable('users', {
	id: text('id').primaryKey(),
	/** As typed at sign-up, shown to others. */
	username: text('username').notNull(),
	/** Lowercased: `Alice` and `alice` are the same account name. */
	usernameKey: text('username_key').notNull().unique(),
	/** Private: never in any response but the owner's own. */
	email: text('email'),
	/** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` (docs/security.md). */
	passwordHash: text('password_hash').notNull(),
	createdAt: integer('created_at').notNull()
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
		userAgent: text('user_agent')
	},
	(t) => [index('sessions_user_id_idx').on(t.userId)]
);

/** One row per counted attempt; `key` is e.g. `signin:user:<username_key>` or `signup:ip:<ip>`. */
export const authAttempts = sqliteTable(
	'auth_attempts',
	{
		key: text('key').notNull(),
		at: integer('at').notNull()
	},
	(t) => [index('auth_attempts_key_at_idx').on(t.key, t.at)]
);

export const games = sqliteTable(
	'games',
	{
		id: text('id').primaryKey(),
		game: text('game').notNull(), // 'giants'
		status: text('status', { enum: ['waiting', 'active', 'finished'] }).notNull(),
		visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
		inviteCode: text('invite_code').unique(),
		creatorId: text('creator_id').notNull(),
		/** JSON: { quickStart, immediateScoring } */
		options: text('options').notNull(),
		seatsWanted: integer('seats_wanted').notNull(),
		timeLimit: text('time_limit', { enum: ['1d', '2d', '3d', '5d', '7d', '14d'] }).notNull(),
		engineVersion: text('engine_version').notNull(),
		version: integer('version').notNull(),
		/** JSON array of seat numbers whose input is awaited. */
		activeSeats: text('active_seats').notNull().default(sql`'[]'`),
		seedCommitment: text('seed_commitment'),
		createdAt: integer('created_at').notNull(),
		updatedAt: integer('updated_at').notNull(),
		startedAt: integer('started_at'),
		finishedAt: integer('finished_at')
	},
	(t) => [index('games_status_visibility_updated_idx').on(t.status, t.visibility, t.updatedAt)]
);

export const seats = sqliteTable(
	'seats',
	{
		gameId: text('game_id').notNull(),
		userId: text('user_id').notNull(),
		seat: integer('seat').notNull(),
		colour: text('colour'),
		score: integer('score'),
		/** 1 if this seat won (shared victories possible), 0 if not, null while running. */
		winner: integer('winner'),
		version: integer('version').notNull(),
		joinedAt: integer('joined_at').notNull()
	},
	(t) => [
		primaryKey({ columns: [t.gameId, t.userId] }),
		uniqueIndex('seats_game_seat_idx').on(t.gameId, t.seat),
		index('seats_user_id_idx').on(t.userId)
	]
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Game = typeof games.$inferSelect;
export type Seat = typeof seats.$inferSelect;
