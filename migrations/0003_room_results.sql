CREATE TABLE `room_results` (
	`round_key` text NOT NULL,
	`seat_id` text NOT NULL,
	`room_code` text NOT NULL,
	`round` integer NOT NULL,
	`player_id` text,
	`name` text NOT NULL,
	`score` integer NOT NULL,
	`words` integer NOT NULL,
	`struck` integer NOT NULL,
	`rank` integer NOT NULL,
	`players` integer NOT NULL,
	`size` integer NOT NULL,
	`rules` text NOT NULL,
	`finished_at` integer NOT NULL,
	PRIMARY KEY(`round_key`, `seat_id`)
);
--> statement-breakpoint
CREATE INDEX `room_results_player` ON `room_results` (`player_id`,`finished_at`);