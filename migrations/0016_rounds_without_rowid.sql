-- Rounds become a WITHOUT ROWID table, clustered on their id: the primary key is then the table
-- itself instead of a second index beside the rowid table, so starting a round writes 4 rows, not
-- 5 (the round, its two other index entries, the day's score histogram; D1 bills rows written,
-- and an index entry is a row). Nothing refers to rounds by rowid; no table references rounds, so
-- dropping the old table cascades nothing. drizzle-kit does not model WITHOUT ROWID: a future
-- migration that rebuilds `rounds` must keep it (worker/db/schema.ts says so).
CREATE TABLE `__new_rounds` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`puzzle_date` text NOT NULL,
	`ranked` integer NOT NULL,
	`started_at` integer NOT NULL,
	`ends_at` integer,
	`score` integer DEFAULT 0 NOT NULL,
	`words` integer DEFAULT 0 NOT NULL,
	`found` blob DEFAULT x'' NOT NULL,
	`pace` blob DEFAULT x'' NOT NULL,
	`verified` integer DEFAULT true NOT NULL,
	`flags` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`puzzle_date`) REFERENCES `puzzles`(`date`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_rounds`("id", "player_id", "puzzle_date", "ranked", "started_at", "ends_at", "score", "words", "found", "pace", "verified", "flags") SELECT "id", "player_id", "puzzle_date", "ranked", "started_at", "ends_at", "score", "words", "found", "pace", "verified", "flags" FROM `rounds`;--> statement-breakpoint
DROP TABLE `rounds`;--> statement-breakpoint
ALTER TABLE `__new_rounds` RENAME TO `rounds`;--> statement-breakpoint
CREATE UNIQUE INDEX `rounds_player_puzzle_ranked` ON `rounds` (`player_id`,`puzzle_date`,`ranked`);--> statement-breakpoint
CREATE INDEX `rounds_leaderboard` ON `rounds` (`puzzle_date`,`ranked`,`verified`,"score" desc,`started_at`,`id`);
