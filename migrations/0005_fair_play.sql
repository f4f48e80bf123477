DROP INDEX `rounds_leaderboard`;--> statement-breakpoint
ALTER TABLE `rounds` ADD `pace` blob DEFAULT x'' NOT NULL;--> statement-breakpoint
ALTER TABLE `rounds` ADD `verified` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `rounds` ADD `flags` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `rounds_leaderboard` ON `rounds` (`puzzle_date`,`ranked`,`verified`,"score" desc,`started_at`,`id`);