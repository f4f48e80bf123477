-- A deleted player's past rounds stay in the day's counts and ranks under a stand-in players row
-- (services/account-deletion.ts): deleted_at marks it, so every read shows "a deleted player".
ALTER TABLE `players` ADD `deleted_at` integer;
