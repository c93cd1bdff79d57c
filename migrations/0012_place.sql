DROP INDEX `seats_user_waiting_idx`;--> statement-breakpoint
ALTER TABLE `seats` ADD `place` integer;--> statement-breakpoint
CREATE INDEX `seats_user_waiting_idx` ON `seats` (`user_id`,`waiting_since`,`status`,`game_id`);--> statement-breakpoint
-- Issue 29: a finished seat's place comes from its kind's outcome (tie-breakers included). Games
-- finished before: the place as the ratings ranked it then — winners first, the others by total,
-- equal totals sharing a place. A room that writes its finished game again writes the kind's place.
-- The waiting index now holds the status too, so counting a player's turns reads it alone.
UPDATE `seats` SET `place` = 1 + (
	SELECT count(*) FROM `seats` `o`
	WHERE `o`.`game_id` = `seats`.`game_id` AND `o`.`user_id` != `seats`.`user_id` AND (
		(`o`.`winner` = 1 AND `seats`.`winner` = 0) OR
		(`o`.`winner` = `seats`.`winner` AND `o`.`score` > `seats`.`score`)
	)
) WHERE `winner` IS NOT NULL AND `score` IS NOT NULL;
