CREATE TABLE `legacy_round_words` (
	`round_id` text PRIMARY KEY NOT NULL,
	`words` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `score_histogram` (
	`puzzle_date` text NOT NULL,
	`score` integer NOT NULL,
	`rounds` integer NOT NULL,
	PRIMARY KEY(`puzzle_date`, `score`)
);
--> statement-breakpoint
CREATE TABLE `word_finders` (
	`puzzle_date` text NOT NULL,
	`word_rank` integer NOT NULL,
	`finders` integer NOT NULL,
	PRIMARY KEY(`puzzle_date`, `word_rank`)
);
--> statement-breakpoint
ALTER TABLE `rounds` ADD `found` blob DEFAULT x'' NOT NULL;
--> statement-breakpoint
-- Data migration (hand-written): the rows of round_words become each round's `found` bitset,
-- the day's aggregates are counted from them, and the rows themselves are kept, one JSON array
-- per round, in legacy_round_words. The helper tables (_*) are dropped at the end.
-- 1. Each day's solution words with their rank (index in the stored, alphabetical solution).
CREATE TABLE `_solution_ranks` (`puzzle_date` text NOT NULL, `word` text NOT NULL, `word_rank` integer NOT NULL, `points` integer NOT NULL, PRIMARY KEY(`puzzle_date`, `word`));
--> statement-breakpoint
INSERT INTO `_solution_ranks` (`puzzle_date`, `word`, `word_rank`, `points`)
SELECT p.`date`, s.value ->> 'word', CAST(s.key AS integer), s.value ->> 'points'
FROM `puzzles` p, json_each(p.`solution`) s
WHERE p.`date` IN (SELECT r.`puzzle_date` FROM `rounds` r JOIN `round_words` w ON w.`round_id` = r.`id`);
--> statement-breakpoint
-- 2. Every stored word with its rank. A word missing from its day's solution would make the rank
-- NULL: the NOT NULL constraint then stops the whole migration instead of dropping the word.
CREATE TABLE `_word_ranks` (`round_id` text NOT NULL, `word_rank` integer NOT NULL, `points` integer NOT NULL, PRIMARY KEY(`round_id`, `word_rank`));
--> statement-breakpoint
INSERT INTO `_word_ranks` (`round_id`, `word_rank`, `points`)
SELECT w.`round_id`, s.`word_rank`, s.`points`
FROM `round_words` w
JOIN `rounds` r ON r.`id` = w.`round_id`
LEFT JOIN `_solution_ranks` s ON s.`puzzle_date` = r.`puzzle_date` AND s.`word` = w.`word`;
--> statement-breakpoint
-- 3. The bitset's bytes (byte i >> 3 holds bit i & 7), and 0..n to fill the bytes with no word.
CREATE TABLE `_found_bytes` (`round_id` text NOT NULL, `byte_index` integer NOT NULL, `value` integer NOT NULL, PRIMARY KEY(`round_id`, `byte_index`));
--> statement-breakpoint
INSERT INTO `_found_bytes` (`round_id`, `byte_index`, `value`)
SELECT `round_id`, `word_rank` >> 3, sum(1 << (`word_rank` & 7)) FROM `_word_ranks` GROUP BY `round_id`, `word_rank` >> 3;
--> statement-breakpoint
CREATE TABLE `_byte_indexes` (`n` integer PRIMARY KEY NOT NULL);
--> statement-breakpoint
INSERT INTO `_byte_indexes` (`n`)
WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < (SELECT coalesce(max(`byte_index`), 0) FROM `_found_bytes`))
SELECT n FROM seq;
--> statement-breakpoint
-- 4. Each round's found words, score and word count, from its stored words (the last byte is
-- never zero: the bitset is in its canonical form).
UPDATE `rounds` SET
	`found` = (
		SELECT unhex(group_concat(printf('%02x', coalesce(f.`value`, 0)), '' ORDER BY i.`n`))
		FROM `_byte_indexes` i LEFT JOIN `_found_bytes` f ON f.`round_id` = `rounds`.`id` AND f.`byte_index` = i.`n`
		WHERE i.`n` <= (SELECT max(m.`byte_index`) FROM `_found_bytes` m WHERE m.`round_id` = `rounds`.`id`)
	),
	`score` = (SELECT sum(x.`points`) FROM `_word_ranks` x WHERE x.`round_id` = `rounds`.`id`),
	`words` = (SELECT count(*) FROM `_word_ranks` x WHERE x.`round_id` = `rounds`.`id`)
WHERE `id` IN (SELECT `round_id` FROM `_word_ranks`);
--> statement-breakpoint
-- 5. The day's aggregates over ranked rounds: finders per word, rounds per score.
INSERT INTO `word_finders` (`puzzle_date`, `word_rank`, `finders`)
SELECT r.`puzzle_date`, x.`word_rank`, count(*)
FROM `_word_ranks` x JOIN `rounds` r ON r.`id` = x.`round_id`
WHERE r.`ranked` = 1
GROUP BY r.`puzzle_date`, x.`word_rank`;
--> statement-breakpoint
INSERT INTO `score_histogram` (`puzzle_date`, `score`, `rounds`)
SELECT `puzzle_date`, `score`, count(*) FROM `rounds` WHERE `ranked` = 1 GROUP BY `puzzle_date`, `score`;
--> statement-breakpoint
-- 6. The old rows as they were, in the order they were found.
INSERT INTO `legacy_round_words` (`round_id`, `words`)
SELECT `round_id`, json_group_array(json_object('word', `word`, 'points', `points`, 'createdAt', `created_at`) ORDER BY `created_at`, `word`)
FROM `round_words` GROUP BY `round_id`;
--> statement-breakpoint
DROP TABLE `_byte_indexes`;
--> statement-breakpoint
DROP TABLE `_found_bytes`;
--> statement-breakpoint
DROP TABLE `_word_ranks`;
--> statement-breakpoint
DROP TABLE `_solution_ranks`;
--> statement-breakpoint
DROP TABLE `round_words`;
--> statement-breakpoint
DROP INDEX `rounds_leaderboard`;
--> statement-breakpoint
CREATE INDEX `rounds_leaderboard` ON `rounds` (`puzzle_date`,`ranked`,"score" desc,`started_at`,`id`);
