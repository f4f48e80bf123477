// How fast settled days leave D1 (services/archive-tick.ts), as numbers with no bindings behind
// them, so that `npm run scale` computes from the same constants the Worker runs with.

/** Rounds per archived chunk (day-archive.ts) and per page of the archiving. */
export const CHUNK_ROWS = 1000;
/** The cron of the archiving runs (wrangler.toml): one a minute. */
export const ARCHIVE_CRON = "* * * * *";
export const ARCHIVE_RUNS_PER_HOUR = 60;
/**
 * Pages per run: a page reads, archives and folds 1,000 rounds (about 7 D1 queries and one R2
 * write), or deletes 5,000. Sixty pages stay well under the 1,000 subrequests and D1 queries of
 * one invocation (`npm run scale` reports the most any run made) and take a few seconds of CPU.
 */
export const ARCHIVE_PAGES_PER_RUN = 60;
/** D1 queries a run may make: the 1,000 of one invocation, less room for the run's own reads. */
export const ARCHIVE_QUERIES_PER_RUN = 900;

/**
 * D1 queries a page of the archiving makes at most with `shards` shards: its rounds, the leagues'
 * results (two), the day's state, and on every shard the page's players live on (a page of 1,000
 * rounds reaches them all), a read and a write of their summaries.
 */
export function queriesPerPage(shards: number): number {
  return 4 + 2 * shards;
}

/**
 * Pages per run with `shards` shards: ARCHIVE_PAGES_PER_RUN, or fewer where the summaries' reads
 * and writes on every shard would take a run past ARCHIVE_QUERIES_PER_RUN (from 8 shards on).
 */
export function archivePagesPerRun(shards: number): number {
  return Math.min(ARCHIVE_PAGES_PER_RUN, Math.floor(ARCHIVE_QUERIES_PER_RUN / queriesPerPage(shards)));
}

/** Rounds deleted per statement when a day leaves D1. */
export const DELETE_ROWS = 5000;

/**
 * Pages to archive a day of `rounds` rounds, at most: a page per CHUNK_ROWS rounds, plus the
 * short last page of each of the three lists (verified, under review, unranked), and a delete
 * page per DELETE_ROWS rounds plus the last one.
 */
export function pagesToArchive(rounds: number, chunkRows = CHUNK_ROWS): number {
  return Math.floor(rounds / chunkRows) + 3 + Math.floor(rounds / DELETE_ROWS) + 1;
}

/** Runs (minutes) to archive a day of `rounds` rounds, at most. */
export function runsToArchive(rounds: number, pagesPerRun = ARCHIVE_PAGES_PER_RUN): number {
  return Math.ceil(pagesToArchive(rounds) / pagesPerRun);
}
