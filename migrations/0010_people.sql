-- Issue 15 "People": playing again — ratings per kind (OpenSkill), their changes per game,
-- follows between players, and the rematch link between a finished game and its new game.
-- Every user id references users.id ON DELETE CASCADE (account deletion removes these rows).
CREATE TABLE `ratings` (
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`kind` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`games` integer NOT NULL DEFAULT 0,
	`updated_at` integer NOT NULL,
	PRIMARY KEY (`user_id`, `kind`)
);--> statement-breakpoint
CREATE TABLE `rating_changes` (
	`game_id` text NOT NULL,
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`kind` text NOT NULL,
	`before_mu` real NOT NULL,
	`before_sigma` real NOT NULL,
	`after_mu` real NOT NULL,
	`after_sigma` real NOT NULL,
	-- Random per rating attempt: the batch's later statements run only if its first one claimed the game.
	`nonce` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY (`game_id`, `user_id`)
);--> statement-breakpoint
CREATE INDEX `rating_changes_user_idx` ON `rating_changes` (`user_id`, `created_at`);--> statement-breakpoint
CREATE TABLE `follows` (
	`follower_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`followee_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`created_at` integer NOT NULL,
	PRIMARY KEY (`follower_id`, `followee_id`),
	CHECK (`follower_id` <> `followee_id`)
);--> statement-breakpoint
CREATE INDEX `follows_followee_idx` ON `follows` (`followee_id`, `follower_id`);--> statement-breakpoint
CREATE TABLE `rematches` (
	`game_id` text PRIMARY KEY NOT NULL,
	`new_game_id` text NOT NULL,
	-- The new game's invite code, handed only to the players of the finished game.
	`invite_code` text NOT NULL,
	`created_by` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`created_at` integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `rematches_new_game_idx` ON `rematches` (`new_game_id`);
