-- Issue 15, accounts (src/lib/server/auth/account.ts, docs/security.md "Email verification",
-- "Password reset", "Usernames").

-- When `email` was proven to reach its owner; NULL: not verified (no email notifications go there).
-- Existing addresses were never verified, so they start unverified (docs/security.md says why).
ALTER TABLE `users` ADD `email_verified_at` integer;
--> statement-breakpoint
-- The username's confusable skeleton (src/lib/server/auth/skeleton.ts): two names that look alike
-- have the same one, and the unique index below lets only one of them exist. NULL only for rows
-- written by tools outside the app (scripts/lib/seed-archive.ts); the app always sets it.
ALTER TABLE `users` ADD `username_skeleton` text;
--> statement-breakpoint
-- Backfill: exactly skeleton() of skeleton.ts, step by step (lowercase; 0→o, 1→l, i→l, -→_; rn→m, vv→w).
UPDATE `users` SET `username_skeleton` =
	replace(replace(replace(replace(replace(replace(lower(`username`), '0', 'o'), '1', 'l'), 'i', 'l'), '-', '_'), 'rn', 'm'), 'vv', 'w');
--> statement-breakpoint
-- Existing look-alikes keep their names (renaming would break their sign-in and every link to
-- them): the oldest account of each skeleton holds it, every later one gets `<skeleton>#<id>`,
-- which no new name can ever equal (no '#' in a username) — so no *new* look-alike of any of them
-- can be created. The oldest row never changes here, so the order the UPDATE visits rows does not matter.
UPDATE `users` SET `username_skeleton` = `username_skeleton` || '#' || `id`
WHERE EXISTS (
	SELECT 1 FROM `users` AS `o`
	WHERE `o`.`username_skeleton` = `users`.`username_skeleton`
		AND (`o`.`created_at` < `users`.`created_at` OR (`o`.`created_at` = `users`.`created_at` AND `o`.`id` < `users`.`id`))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_skeleton_unique` ON `users` (`username_skeleton`);
--> statement-breakpoint
-- Single-use links of email verification and password reset. `id` is the SHA-256 of the token
-- (the token exists only in the mail); `email` is the address the link was sent to (for
-- verification: the address it verifies).
CREATE TABLE `account_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_tokens_user_idx` ON `account_tokens` (`user_id`, `purpose`);
--> statement-breakpoint
CREATE INDEX `account_tokens_expires_idx` ON `account_tokens` (`expires_at`);
--> statement-breakpoint
-- "Forgot password" by address looks accounts up by their address, case-insensitively.
CREATE INDEX `users_email_idx` ON `users` (`email` COLLATE NOCASE);
