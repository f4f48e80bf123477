-- Players and their rounds move to the player's shard (worker/db/shards.ts) while leagues and link
-- codes stay on shard 0: their foreign keys to players are dropped by rebuilding the tables.
-- D1 runs a migration in one transaction with foreign keys on (drizzle-kit's PRAGMA foreign_keys
-- is a no-op there), and dropping `leagues` while league_members and league_removals reference it
-- would delete their rows (a DROP TABLE's implicit delete cascades). So the children are kept
-- aside, dropped before `leagues`, and made again after it.
CREATE TABLE `__new_leagues` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`owner_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`lang` text DEFAULT 'en' NOT NULL,
	`embed_key` text
);
--> statement-breakpoint
INSERT INTO `__new_leagues`("id", "code", "name", "owner_id", "created_at", "lang", "embed_key") SELECT "id", "code", "name", "owner_id", "created_at", "lang", "embed_key" FROM `leagues`;--> statement-breakpoint
CREATE TABLE `__kept_league_members` AS SELECT "league_id", "player_id", "joined_at" FROM `league_members`;--> statement-breakpoint
CREATE TABLE `__kept_league_removals` AS SELECT "league_id", "player_id", "removed_at" FROM `league_removals`;--> statement-breakpoint
DROP TABLE `league_members`;--> statement-breakpoint
DROP TABLE `league_removals`;--> statement-breakpoint
DROP TABLE `leagues`;--> statement-breakpoint
ALTER TABLE `__new_leagues` RENAME TO `leagues`;--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_code_unique` ON `leagues` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_embed_key_unique` ON `leagues` (`embed_key`);--> statement-breakpoint
CREATE TABLE `league_members` (
	`league_id` text NOT NULL,
	`player_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `player_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `league_members`("league_id", "player_id", "joined_at") SELECT "league_id", "player_id", "joined_at" FROM `__kept_league_members`;--> statement-breakpoint
CREATE INDEX `league_members_player` ON `league_members` (`player_id`);--> statement-breakpoint
CREATE TABLE `league_removals` (
	`league_id` text NOT NULL,
	`player_id` text NOT NULL,
	`removed_at` integer NOT NULL,
	PRIMARY KEY(`league_id`, `player_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `league_removals`("league_id", "player_id", "removed_at") SELECT "league_id", "player_id", "removed_at" FROM `__kept_league_removals`;--> statement-breakpoint
DROP TABLE `__kept_league_members`;--> statement-breakpoint
DROP TABLE `__kept_league_removals`;--> statement-breakpoint
CREATE TABLE `__new_link_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_link_codes`("code_hash", "player_id", "expires_at", "created_at") SELECT "code_hash", "player_id", "expires_at", "created_at" FROM `link_codes`;--> statement-breakpoint
DROP TABLE `link_codes`;--> statement-breakpoint
ALTER TABLE `__new_link_codes` RENAME TO `link_codes`;--> statement-breakpoint
CREATE INDEX `link_codes_player` ON `link_codes` (`player_id`);
