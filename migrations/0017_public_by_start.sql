-- Issue 33: the public lists (the lobby's open games, the watch list) newest first by start, then by
-- creation, not by the last move: the index held `updated_at`, so every move of a public game wrote
-- an index row. An entry is now written when a game is created, starts and ends.
DROP INDEX `games_public_updated_idx`;--> statement-breakpoint
CREATE INDEX `games_public_started_idx` ON `games` (`status`,`started_at`,`created_at`,`id`) WHERE visibility = 'public';