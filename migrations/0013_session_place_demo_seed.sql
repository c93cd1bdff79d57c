CREATE TABLE `demo_seed` (
	`id` integer PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
ALTER TABLE `sessions` ADD `country` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `city` text;-- Issue 30: a session keeps the country and city Cloudflare placed its sign-in in (unknown for the
-- sessions before: null). `demo_seed` has a row only on a local `npm start` while and after it seeds.
