CREATE TABLE `day_states` (
	`date` text PRIMARY KEY NOT NULL,
	`probe_sent_at` integer,
	`probe_seen_at` integer,
	`retrying` integer DEFAULT 0 NOT NULL,
	`settled_at` integer,
	`phase` text,
	`cursor` text,
	`chunks` text DEFAULT '{"verified":[],"review":[]}' NOT NULL,
	`archived_at` integer
);
--> statement-breakpoint
CREATE TABLE `player_summaries` (
	`player_id` text PRIMARY KEY NOT NULL,
	`summary` text NOT NULL,
	`through_date` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stranded_syncs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`puzzle_date` text NOT NULL,
	`body` text NOT NULL,
	`stranded_at` integer NOT NULL,
	`replays` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stranded_syncs_date` ON `stranded_syncs` (`puzzle_date`);