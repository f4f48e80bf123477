-- League memberships move to the member's shard and league rows to the league's (worker/db/
-- league-shards.ts): league_members' and league_removals' foreign keys to leagues are dropped by
-- rebuilding the tables (children only: nothing references them, so dropping them deletes nothing
-- else). scripts/rebalance-shards.ts then moves the rows to their shards.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_league_members` (
	`league_id` text NOT NULL,
	`player_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `player_id`)
);
--> statement-breakpoint
INSERT INTO `__new_league_members`("league_id", "player_id", "joined_at") SELECT "league_id", "player_id", "joined_at" FROM `league_members`;--> statement-breakpoint
DROP TABLE `league_members`;--> statement-breakpoint
ALTER TABLE `__new_league_members` RENAME TO `league_members`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `league_members_player` ON `league_members` (`player_id`);--> statement-breakpoint
CREATE TABLE `__new_league_removals` (
	`league_id` text NOT NULL,
	`player_id` text NOT NULL,
	`removed_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `player_id`)
);
--> statement-breakpoint
INSERT INTO `__new_league_removals`("league_id", "player_id", "removed_at") SELECT "league_id", "player_id", "removed_at" FROM `league_removals`;--> statement-breakpoint
DROP TABLE `league_removals`;--> statement-breakpoint
ALTER TABLE `__new_league_removals` RENAME TO `league_removals`;