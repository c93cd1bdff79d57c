-- Issue 33, "the in-app entry as the event": a game room's flush writes the in-app entry itself and
-- the event row only if the postman may need it (src/lib/server/notify/room-entry.ts). Such rows are
-- marked, so fan-out writes no second, immediate in-app entry; rows from before (0) are events queued
-- at deploy, whose entry fan-out still writes. No index: nothing reads by it but fan-out's own rows.
ALTER TABLE `notification_events` ADD `inapp_by_room` integer DEFAULT 0 NOT NULL;
