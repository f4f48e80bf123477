-- Passkeys move to their player's shard (worker/db/shards.ts) while players stay on shard 0: the
-- table is rebuilt without its foreign key to players. Nothing references passkeys, and D1 runs a
-- migration in one transaction with foreign keys on (drizzle-kit's PRAGMA foreign_keys is a no-op
-- there), so the rebuild needs no pragma.
CREATE TABLE `__new_passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`public_key` blob NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
INSERT INTO `__new_passkeys`("id", "player_id", "public_key", "counter", "transports", "name", "created_at", "last_used_at") SELECT "id", "player_id", "public_key", "counter", "transports", "name", "created_at", "last_used_at" FROM `passkeys`;--> statement-breakpoint
DROP TABLE `passkeys`;--> statement-breakpoint
ALTER TABLE `__new_passkeys` RENAME TO `passkeys`;--> statement-breakpoint
CREATE INDEX `passkeys_player` ON `passkeys` (`player_id`);