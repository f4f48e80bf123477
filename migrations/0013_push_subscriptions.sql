CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`endpoint` text NOT NULL,
	`player_id` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`lang` text NOT NULL,
	`local_hour` integer NOT NULL,
	`hour_utc` integer NOT NULL,
	`last_sent` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_hour` ON `push_subscriptions` (`hour_utc`,`id`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_player` ON `push_subscriptions` (`player_id`);