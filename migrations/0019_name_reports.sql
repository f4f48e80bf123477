-- Players' reports of another player's name, and moderators' decisions on names (keep, rename,
-- hide), on the home shard beside the round reports (services/name-review.ts).
CREATE TABLE `name_decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`moderator_id` text NOT NULL,
	`player_id` text NOT NULL,
	`action` text NOT NULL,
	`old_name` text NOT NULL,
	`new_name` text,
	`note` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `name_decisions_at` ON `name_decisions` (`at`);--> statement-breakpoint
CREATE TABLE `name_reports` (
	`player_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `reporter_id`)
);
