ALTER TABLE `notifications` ADD `merged_into` text;--> statement-breakpoint
ALTER TABLE `users` ADD `grace_minutes` integer DEFAULT 10 NOT NULL;-- Issue 32: a "your turn" by email, push or webhook waits the user's grace time (default 10
-- minutes) and is told in one message with the user's other pending turns on that channel; the
-- rows told along are 'merged' into the row whose message carried them.
