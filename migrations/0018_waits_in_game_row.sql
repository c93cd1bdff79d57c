-- Issue 33: a seat's wait lives in its game row. Since when each seat is awaited and its deadline
-- move from `seats` (waiting_since, deadline) into `games.waits`, a JSON array by seat number of
-- `[since, deadline]` or null (room/outbox.ts `waitsOf`), which the room's flush writes with every
-- move anyway: a turn change no longer rewrites the seat rows whose turn began or ended (~2 rows).
ALTER TABLE `games` ADD `waits` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- The running games' waits from their seats, seat by seat up to the highest awaited one (the room
-- writes them the same way from its next flush on; nobody awaited: '[]').
UPDATE `games` SET `waits` = (
	WITH RECURSIVE n(i) AS (
		SELECT 0 UNION ALL SELECT i + 1 FROM n
		WHERE i < (SELECT max(`seat`) FROM `seats` WHERE `game_id` = `games`.`id` AND `waiting_since` IS NOT NULL)
	)
	SELECT json_group_array(json(CASE WHEN s.`waiting_since` IS NULL THEN 'null' ELSE json_array(s.`waiting_since`, s.`deadline`) END))
	FROM (SELECT n.i, w.`waiting_since`, w.`deadline` FROM n LEFT JOIN `seats` w ON w.`game_id` = `games`.`id` AND w.`seat` = n.i ORDER BY n.i) s
) WHERE `status` = 'active' AND EXISTS (SELECT 1 FROM `seats` WHERE `game_id` = `games`.`id` AND `waiting_since` IS NOT NULL);--> statement-breakpoint
-- Dropped, not kept: a column no longer written per move would be read as current by the next query
-- that finds it (docs, the archive seeders, a test). And during a deploy, code from before that still
-- writes them fails its flush, which the room retries with backoff until the new code writes the
-- game row's waits — where a kept column would take the old write and leave `waits` stale.
ALTER TABLE `seats` DROP COLUMN `waiting_since`;--> statement-breakpoint
ALTER TABLE `seats` DROP COLUMN `deadline`;
