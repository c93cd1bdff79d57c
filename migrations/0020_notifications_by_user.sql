-- Issue 33, fewer D1 rows per mail (docs/benchmarks.md "Fewer rows per mail"): `notifications` as a
-- WITHOUT ROWID table keyed the way the postman reads it — a user's rows on a channel in one status,
-- then the id — with partial indexes holding only the rows it looks for by time (pending, digest).
-- A mail is now 2 rows inserted (row + the pending entry), 1 claimed, 1 finished (was 4 + 1 + 3): no
-- text key beside the rowid, no `status` index to rewrite when a row is finished, no user index (the
-- key starts with the user). drizzle-kit cannot say WITHOUT ROWID (as for `inbox` in 0015). Every
-- row is kept as it is: ids are unique in the old table, so they are in the new key too; a digest
-- row from before carries its fan-out time as `next_attempt_at` and the postman moves it to its
-- digest's time the first time it sees it (notify/delivery.ts deliverDigests).
CREATE TABLE `__new_notifications` (
	`id` text NOT NULL,
	`event_id` text NOT NULL,
	`user_id` text NOT NULL,
	`channel` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claim` text,
	`claimed_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`merged_into` text,
	PRIMARY KEY(`user_id`, `channel`, `status`, `id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "event_id", "user_id", "channel", "status", "attempts", "next_attempt_at", "claim", "claimed_until", "last_error", "created_at", "sent_at", "merged_into") SELECT "id", "event_id", "user_id", "channel", "status", "attempts", "next_attempt_at", "claim", "claimed_until", "last_error", "created_at", "sent_at", "merged_into" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_pending_idx` ON `notifications` (`next_attempt_at`,`id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `notifications_digest_idx` ON `notifications` (`next_attempt_at`) WHERE status = 'digest';
