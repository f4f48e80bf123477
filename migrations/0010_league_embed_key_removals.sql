CREATE TABLE `league_removals` (
	`league_id` text NOT NULL,
	`player_id` text NOT NULL,
	`removed_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `player_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `leagues` ADD `embed_key` text;--> statement-breakpoint
-- Every existing league gets an embed key of its own (16 upper-case hex digits: the widget's data-league shape).
UPDATE `leagues` SET `embed_key` = upper(hex(randomblob(8))) WHERE `embed_key` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_embed_key_unique` ON `leagues` (`embed_key`);