CREATE TABLE `known_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `known_devices_user_idx` ON `known_devices` (`user_id`);--> statement-breakpoint
CREATE INDEX `auth_attempts_at_idx` ON `auth_attempts` (`at`);--> statement-breakpoint
-- The buckets changed names and meaning (src/lib/server/auth/ratelimit.ts): old rows count nowhere.
DELETE FROM `auth_attempts`;
