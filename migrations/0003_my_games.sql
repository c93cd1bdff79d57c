DROP INDEX `seats_user_game_idx`;--> statement-breakpoint
ALTER TABLE `seats` ADD `status` text;--> statement-breakpoint
ALTER TABLE `seats` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `seats_user_waiting_idx` ON `seats` (`user_id`,`waiting_since`,`game_id`);--> statement-breakpoint
CREATE INDEX `seats_user_status_updated_idx` ON `seats` (`user_id`,`status`,`updated_at`,`game_id`);--> statement-breakpoint
-- Seats written before this migration: the game's status and last change from its row (every
-- later write of the game's room sets both, src/lib/server/room/outbox.ts).
UPDATE `seats` SET `status` = (SELECT `status` FROM `games` WHERE `games`.`id` = `seats`.`game_id`), `updated_at` = (SELECT `updated_at` FROM `games` WHERE `games`.`id` = `seats`.`game_id`);
