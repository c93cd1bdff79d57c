-- Issue 33: a seat's wait lives in its game row. Since when each seat is awaited and its deadline
-- move from `seats` (waiting_since, deadline) into `games.waits`, a JSON array by seat number of
-- `[since, deadline]` or null (room/outbox.ts `waitsOf`), which the room's flush writes with every
-- move anyway: a turn change no longer rewrites the seat rows whose turn began or ended (~2 rows).
ALTER TABLE `games` ADD `waits` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- The running games' waits from their seats, seat by seat up to the highest awaited one (the room
-- writes them the same way from its next flush on; nobody awaited: '[]'). Built by appending seat
-- after seat in a recursive CTE and taking its last step, so the order is the seats' by definition
-- (not an aggregate's over an ordered subquery, which SQLite does not promise).
UPDATE `games` SET `waits` = (
	WITH RECURSIVE b(i, acc) AS (
		SELECT 0, '[]'
		UNION ALL
		SELECT i + 1, json_insert(acc, '$[#]', json((SELECT json_array(w.`waiting_since`, w.`deadline`) FROM `seats` w
			WHERE w.`game_id` = `games`.`id` AND w.`seat` = i AND w.`waiting_since` IS NOT NULL)))
		FROM b WHERE i <= (SELECT max(`seat`) FROM `seats` WHERE `game_id` = `games`.`id` AND `waiting_since` IS NOT NULL)
	)
	SELECT acc FROM b ORDER BY i DESC LIMIT 1
) WHERE `status` = 'active' AND EXISTS (SELECT 1 FROM `seats` WHERE `game_id` = `games`.`id` AND `waiting_since` IS NOT NULL);--> statement-breakpoint
-- Dropped, not kept: a column no longer written per move would be read as current by the next query
-- that finds it (docs, the archive seeders, a test). And during a deploy, code from before that still
-- writes them fails its flush, which the room retries with backoff until the new code writes the
-- game row's waits — where a kept column would take the old write and leave `waits` stale.
ALTER TABLE `seats` DROP COLUMN `waiting_since`;--> statement-breakpoint
ALTER TABLE `seats` DROP COLUMN `deadline`;
