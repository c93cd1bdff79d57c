-- Issue 15: table talk and private notes (docs/chat.md).
-- The chat itself lives in each game's room (its SQLite storage); D1 holds only what lists, mutes,
-- reports and notes need.

-- "My games" unread counts: per seat, the game's newest chat sequence and the seat's read mark,
-- written by the room's flusher as monotonic upserts (src/lib/server/room/outbox.ts chatStatements).
-- Its own table rather than columns on games/seats: the outbox rewrites seat rows, and a wider seats
-- row changed the query planner's choice of index for "your turn" (tests/worker/many-games).
CREATE TABLE `chat_reads` (
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`read` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `game_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint

-- A user mutes another, across games: the muted player's messages are neither delivered to nor
-- shown for them, and notify them of nothing.
CREATE TABLE `chat_mutes` (
	`user_id` text NOT NULL,
	`muted_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `muted_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`muted_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint

-- A reported message with its context, for an operator. One report per reporter and message.
CREATE TABLE `chat_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`game_id` text NOT NULL,
	`seq` integer NOT NULL,
	`reporter_id` text NOT NULL,
	`reported_id` text NOT NULL,
	`text` text NOT NULL,
	`context` text NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_reports_once_idx` ON `chat_reports` (`reporter_id`,`game_id`,`seq`);--> statement-breakpoint
CREATE INDEX `chat_reports_open_idx` ON `chat_reports` (`created_at`) WHERE resolved_at IS NULL;--> statement-breakpoint

-- Per user and channel: how chat messages are announced (turn = at once, digest, off). A missing
-- row means the default: off for email, at once elsewhere; never more than the channel's own mode.
CREATE TABLE `chat_prefs` (
	`user_id` text NOT NULL,
	`channel` text NOT NULL,
	`mode` text NOT NULL,
	PRIMARY KEY(`user_id`, `channel`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint

-- A player's private notepad for one game (only they see it).
CREATE TABLE `game_notes` (
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`text` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `game_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
