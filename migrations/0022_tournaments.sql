-- Issue 35: tournaments and the match-maker (docs/tournaments.md; schema: src/lib/server/db/schema.ts).
-- `tournaments` with its players and its rounds' tables (a round's rows are written in the batch that
-- raises `tournaments.round`, so a round never starts twice); `match_requests`, one standing request
-- per player and kind; and `games.tournament_id`, written with a game's first row only, for the
-- archive's tournament filter.
CREATE TABLE `match_requests` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`seats` integer NOT NULL,
	`pace` text NOT NULL,
	`rating` integer,
	`min_rating` integer,
	`max_rating` integer,
	`status` text NOT NULL,
	`claim` text,
	`game_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `match_requests_waiting_idx` ON `match_requests` (`kind`,`seats`,`pace`,`created_at`) WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX `match_requests_expiry_idx` ON `match_requests` (`expires_at`) WHERE status = 'waiting';--> statement-breakpoint
CREATE TABLE `tournament_players` (
	`tournament_id` text NOT NULL,
	`user_id` text NOT NULL,
	`seq` integer NOT NULL,
	`joined_at` integer NOT NULL,
	`withdrawn_at` integer,
	PRIMARY KEY(`tournament_id`, `user_id`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tournament_players_user_idx` ON `tournament_players` (`user_id`,`joined_at`);--> statement-breakpoint
CREATE TABLE `tournament_tables` (
	`tournament_id` text NOT NULL,
	`round` integer NOT NULL,
	`table_no` integer NOT NULL,
	`game_id` text,
	`players` text NOT NULL,
	`places` text,
	`created` integer DEFAULT 0 NOT NULL,
	`finished_at` integer,
	PRIMARY KEY(`tournament_id`, `round`, `table_no`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournament_tables_game_idx` ON `tournament_tables` (`game_id`);--> statement-breakpoint
CREATE INDEX `tournament_tables_uncreated_idx` ON `tournament_tables` (`tournament_id`) WHERE created = 0;--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`options` text NOT NULL,
	`table_size` integer NOT NULL,
	`format` text NOT NULL,
	`rounds` integer NOT NULL,
	`clock` text NOT NULL,
	`round_days` integer,
	`signup_until` integer NOT NULL,
	`min_players` integer NOT NULL,
	`max_players` integer NOT NULL,
	`rated` integer NOT NULL,
	`visibility` text NOT NULL,
	`invite_code` text,
	`organiser_id` text NOT NULL,
	`status` text NOT NULL,
	`round` integer DEFAULT 0 NOT NULL,
	`round_started_at` integer,
	`round_deadline` integer,
	`players` integer DEFAULT 0 NOT NULL,
	`winners` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournaments_invite_code_unique` ON `tournaments` (`invite_code`);--> statement-breakpoint
CREATE INDEX `tournaments_public_idx` ON `tournaments` (`status`,`signup_until`,`id`) WHERE visibility = 'public';--> statement-breakpoint
CREATE INDEX `tournaments_signup_due_idx` ON `tournaments` (`signup_until`) WHERE status = 'signup';--> statement-breakpoint
CREATE INDEX `tournaments_round_due_idx` ON `tournaments` (`round_deadline`) WHERE status = 'running';--> statement-breakpoint
CREATE INDEX `tournaments_organiser_idx` ON `tournaments` (`organiser_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `tournament_id` text;--> statement-breakpoint
CREATE INDEX `games_tournament_idx` ON `games` (`tournament_id`,`finished_at`,`id`) WHERE tournament_id IS NOT NULL;