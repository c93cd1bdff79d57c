DROP INDEX `seats_user_id_idx`;--> statement-breakpoint
CREATE INDEX `seats_user_game_idx` ON `seats` (`user_id`,`game_id`);--> statement-breakpoint
ALTER TABLE `games` ADD `rounds` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `players` integer;--> statement-breakpoint
CREATE INDEX `games_archive_idx` ON `games` (`status`,`visibility`,`finished_at`,`id`);--> statement-breakpoint
CREATE INDEX `games_archive_players_idx` ON `games` (`status`,`visibility`,`players`,`finished_at`,`id`);--> statement-breakpoint
-- Games indexed before this migration: their seat count from the seats rows (the round is known
-- only to each game's room; it arrives with the game's next write).
UPDATE `games` SET `players` = (SELECT count(*) FROM `seats` WHERE `seats`.`game_id` = `games`.`id`);
