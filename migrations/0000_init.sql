CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `puzzles` (
	`date` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`board` text NOT NULL,
	`rules` text NOT NULL,
	`attempts` integer NOT NULL,
	`words` integer NOT NULL,
	`points` integer NOT NULL,
	`common_words` integer NOT NULL,
	`common_points` integer NOT NULL,
	`solution` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `round_words` (
	`round_id` text NOT NULL,
	`word` text NOT NULL,
	`points` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`round_id`, `word`),
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `rounds` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`puzzle_date` text NOT NULL,
	`ranked` integer NOT NULL,
	`started_at` integer NOT NULL,
	`ends_at` integer,
	`score` integer DEFAULT 0 NOT NULL,
	`words` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`puzzle_date`) REFERENCES `puzzles`(`date`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rounds_player_puzzle_ranked` ON `rounds` (`player_id`,`puzzle_date`,`ranked`);--> statement-breakpoint
CREATE INDEX `rounds_leaderboard` ON `rounds` (`puzzle_date`,`ranked`,`score`);