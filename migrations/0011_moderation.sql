CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`moderator_id` text NOT NULL,
	`action` text NOT NULL,
	`round_id` text NOT NULL,
	`puzzle_date` text NOT NULL,
	`note` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `moderation_log_at` ON `moderation_log` (`at`);--> statement-breakpoint
CREATE TABLE `round_reports` (
	`round_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`puzzle_date` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`round_id`, `reporter_id`)
);
--> statement-breakpoint
CREATE INDEX `round_reports_day` ON `round_reports` (`puzzle_date`);--> statement-breakpoint
CREATE TABLE `round_reviews` (
	`round_id` text PRIMARY KEY NOT NULL,
	`decision` text NOT NULL,
	`moderator_id` text NOT NULL,
	`decided_at` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL
);
