-- Issue 33: fewer D1 rows written per move (docs/benchmarks.md "Issue 33: the cost of a move").
-- The postman reads new events by a cursor (one row, moved per batch) instead of a flag and an
-- index entry per event; it starts after the events already fanned out.
CREATE TABLE `postman_cursor` (
	`id` integer PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
-- Public games only, by status and activity (the lobby, the watch list): a private game's moves
-- write no entry; the status/visibility/updated_at index every move rewrote is gone.
DROP INDEX `games_status_visibility_updated_idx`;--> statement-breakpoint
CREATE INDEX `games_public_updated_idx` ON `games` (`status`,`updated_at`) WHERE visibility = 'public';--> statement-breakpoint
-- D1 checks foreign keys at the end of the migration's transaction (developers.cloudflare.com/d1/sql-api/foreign-keys/).
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
-- The inbox keyed the way it is read (a user's entries newest first, keyset (created_at, id)):
-- WITHOUT ROWID, so an entry is its row plus the unread index entry (was: a row and three entries).
CREATE TABLE `__new_inbox` (
	`id` text NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text,
	`kind` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	PRIMARY KEY(`user_id`, `created_at`, `id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_inbox`("id", "user_id", "game_id", "kind", "data", "created_at", "read_at") SELECT "id", "user_id", "game_id", "kind", "data", "created_at", "read_at" FROM `inbox`;--> statement-breakpoint
DROP TABLE `inbox`;--> statement-breakpoint
ALTER TABLE `__new_inbox` RENAME TO `inbox`;--> statement-breakpoint
CREATE INDEX `inbox_unread_idx` ON `inbox` (`user_id`,`game_id`) WHERE read_at IS NULL;--> statement-breakpoint
-- Events numbered in the order they will be fanned out: those already fanned out first, so the
-- cursor starts right after them and the pending ones follow in their old order.
CREATE TABLE `__new_notification_events` (
	`seq` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`kind` text NOT NULL,
	`version` integer NOT NULL,
	`game_open` integer DEFAULT 0 NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_notification_events`("seq", "id", "user_id", "game_id", "kind", "version", "game_open", "data", "created_at")
SELECT ROW_NUMBER() OVER (ORDER BY "fanned_out" DESC, "created_at", "id"), "id", "user_id", "game_id", "kind", "version", "game_open", "data", "created_at" FROM `notification_events`;--> statement-breakpoint
INSERT INTO `postman_cursor` ("id", "seq") SELECT 1, COUNT(*) FROM `notification_events` WHERE "fanned_out" = 1;--> statement-breakpoint
DROP TABLE `notification_events`;--> statement-breakpoint
ALTER TABLE `__new_notification_events` RENAME TO `notification_events`;--> statement-breakpoint
CREATE UNIQUE INDEX `notification_events_id_unique` ON `notification_events` (`id`);--> statement-breakpoint
-- No query reads seats by (game_id, seat); the room numbers its seats itself.
DROP INDEX `seats_game_seat_idx`;
