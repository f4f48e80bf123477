// How fast settled days leave D1 (archive/archive-tick.ts), as numbers with no bindings behind
// them, so that `npm run scale` computes from the same constants the Worker runs with.
//
// Every minute the cron's run settles days and does the day's global steps on shard 0, and sends
// one message per shard to the archive queue; each message's invocation archives a slice of its
// own shard's rounds (archive/retention.ts). The shards archive at once, each within the budget
// of its own invocation: N shards archive a day N times as fast.

/** Rounds per archived chunk (day-archive.ts) and per page of the archiving. */
export const CHUNK_ROWS = 1000;
/** The cron of the archiving runs (wrangler.toml): one a minute. */
export const ARCHIVE_CRON = "* * * * *";
export const ARCHIVE_RUNS_PER_HOUR = 60;
/**
 * Pages per run of a shard's slice: a page reads, archives and folds 1,000 rounds (about 6 D1
 * queries and one R2 write), or deletes 5,000. Sixty pages stay well under the 1,000 subrequests
 * and D1 queries of one invocation (`npm run scale` reports the most any run made) and take a few
 * seconds of CPU.
 */
export const ARCHIVE_PAGES_PER_RUN = 60;
/** D1 queries a run may make: the 1,000 of one invocation, less room for the run's own reads. */
export const ARCHIVE_QUERIES_PER_RUN = 900;

/**
 * D1 queries a page of a shard's slice makes at most: its rounds, its players' summaries read and
 * written (on the same shard: a player's rounds and summary live together), the leagues' results
 * (two, on the same shard: a player's memberships and kept results live there too) and the
 * shard's progress. Whatever the number of shards.
 */
export function queriesPerPage(): number {
  return 6;
}

/** Pages per run of a shard's slice: ARCHIVE_PAGES_PER_RUN, or fewer were a run to pass ARCHIVE_QUERIES_PER_RUN. */
export function archivePagesPerRun(): number {
  return Math.min(ARCHIVE_PAGES_PER_RUN, Math.floor(ARCHIVE_QUERIES_PER_RUN / queriesPerPage()));
}

/** Rounds deleted per statement when a day leaves D1. */
export const DELETE_ROWS = 5000;

/**
 * Pages to write a shard's `rounds` rounds to R2, at most: a page per CHUNK_ROWS rounds, plus the
 * short last page of each of the three lists (verified, under review, unranked).
 */
export function writePages(rounds: number, chunkRows = CHUNK_ROWS): number {
  return Math.floor(rounds / chunkRows) + 3;
}

/** Pages to delete a shard's `rounds` rounds: one per DELETE_ROWS, plus the last (short) one. */
export function deletePages(rounds: number): number {
  return Math.floor(rounds / DELETE_ROWS) + 1;
}

/** Pages of one shard's part of a day of `rounds` rounds: writing it, then deleting it. */
export function pagesToArchive(rounds: number, chunkRows = CHUNK_ROWS): number {
  return writePages(rounds, chunkRows) + deletePages(rounds);
}

/**
 * A shard's share of a day of `rounds` rounds over `shards` shards, at most: players hash evenly
 * into the shards (db/player-buckets.ts), so about rounds / shards each, with room for 5% more.
 */
export function roundsPerShard(rounds: number, shards: number): number {
  return shards === 1 ? rounds : Math.ceil((rounds / shards) * 1.05);
}

/**
 * Runs (minutes) to archive a day of `rounds` rounds over `shards` shards, at most: every shard's
 * slices write their part at once; the run after the last shard is done writes day.json and sends
 * the deletes (the league-week step of a Sunday within it: a page per 50 leagues); the shards
 * delete; the run after the last delete marks the day archived.
 */
export function runsToArchive(rounds: number, shards = 1, pagesPerRun = archivePagesPerRun()): number {
  const share = roundsPerShard(rounds, shards);
  return Math.ceil(writePages(share) / pagesPerRun) + 1 + Math.ceil(deletePages(share) / pagesPerRun) + 1;
}

/**
 * The D1 queries of one global step of the every-minute run, at most: a league-week step (50
 * leagues, league-weeks.ts: a page of leagues from every shard, their members' results from every
 * shard, the winners' summaries read and written on their shards: 4N) or a day's day.json (its
 * histogram and finder counts from every shard: 2 + 2N), plus the day's state read and written
 * around it.
 */
export const globalStepQueries = (shards: number): number => 4 + Math.max(4 * shards, 2 + 2 * shards);

/** Global steps per run (league-week steps and days' day.json), within the run's queries. */
export function leagueStepsPerRun(shards: number): number {
  return Math.min(ARCHIVE_PAGES_PER_RUN, Math.floor(ARCHIVE_QUERIES_PER_RUN / globalStepQueries(shards)));
}
