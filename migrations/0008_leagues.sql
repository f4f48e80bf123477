CREATE TABLE `league_members` (
	`league_id` text NOT NULL,
	`player_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `player_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `league_members_player` ON `league_members` (`player_id`);--> statement-breakpoint
CREATE TABLE `league_results` (
	`player_id` text NOT NULL,
	`date` text NOT NULL,
	`round_id` text NOT NULL,
	`score` integer NOT NULL,
	`words` integer NOT NULL,
	`verified` integer NOT NULL,
	`flags` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`player_id`, `date`)
);
--> statement-breakpoint
CREATE TABLE `leagues` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`owner_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_code_unique` ON `leagues` (`code`);