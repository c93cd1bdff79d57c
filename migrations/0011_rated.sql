ALTER TABLE `games` ADD `rated` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- Issue 28: rated or casual is chosen at creation; a casual game never moves a rating. Games from
-- before: a finished game is rated iff it moved a rating (a normal end by the rules of then); a game
-- waiting or running is rated if public and casual if private (the rule for private games now).
-- The rooms upgrade their own meta the same way when they load (src/lib/server/room/decisions.ts).
UPDATE `games` SET `rated` = CASE
	WHEN `status` = 'finished' THEN EXISTS (SELECT 1 FROM `rating_changes` `rc` WHERE `rc`.`game_id` = `games`.`id`)
	WHEN `visibility` = 'private' THEN 0
	ELSE 1
END;
