-- Issue 34, "Play on from here": a game that starts at a finished game's position says where it came
-- from. `origin` is the JSON `GameOrigin` (src/lib/protocol/room.ts: the source game's id — null when
-- it is private —, its kind, the step, the explored moves, its players' usernames), written by the
-- room's outbox with the game row; null for every game from the kind's setup, the games before
-- included. No index: it is read with the row it belongs to, never searched by.
ALTER TABLE `games` ADD `origin` text;
