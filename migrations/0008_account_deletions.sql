-- Issue 15 (leave the site): an account whose deletion has begun. Its password is already unusable
-- and its sessions gone; the row stays until every game room has forgotten the user, so a failed
-- room call is finished by a retry (the cron's backstop or the next attempt). Deleted with the user.
CREATE TABLE `account_deletions` (
	`user_id` text PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`requested_at` integer NOT NULL,
	-- The address, moved here from users.email by step 1 (so nothing can be sent to it any more) and
	-- needed by step 3 to delete the development mailbox's copies; gone with the row.
	`email` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
