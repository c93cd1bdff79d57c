CREATE TABLE `auth_attempts` (
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_key_at_idx` ON `auth_attempts` (`key`,`at`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`game` text NOT NULL,
	`status` text NOT NULL,
	`visibility` text NOT NULL,
	`invite_code` text,
	`creator_id` text NOT NULL,
	`options` text NOT NULL,
	`seats_wanted` integer NOT NULL,
	`time_limit` text NOT NULL,
	`engine_version` text NOT NULL,
	`version` integer NOT NULL,
	`active_seats` text DEFAULT '[]' NOT NULL,
	`seed_commitment` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_invite_code_unique` ON `games` (`invite_code`);--> statement-breakpoint
CREATE INDEX `games_status_visibility_updated_idx` ON `games` (`status`,`visibility`,`updated_at`);--> statement-breakpoint
CREATE TABLE `seats` (
	`game_id` text NOT NULL,
	`user_id` text NOT NULL,
	`seat` integer NOT NULL,
	`colour` text,
	`score` integer,
	`winner` integer,
	`version` integer NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `user_id`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seats_game_seat_idx` ON `seats` (`game_id`,`seat`);--> statement-breakpoint
CREATE INDEX `seats_user_id_idx` ON `seats` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`username_key` text NOT NULL,
	`email` text,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);