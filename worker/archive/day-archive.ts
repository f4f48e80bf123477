// A settled day's results in R2, in a layout that serves every answer D1 served: each shard's
// ranked rounds in leaderboard order (verified ones, and those under review) cut into chunks of
// CHUNK_ROWS, and one `day.json` with the day's score histogram, word finder counts (summed over
// every shard) and each shard's chunk index (each chunk's last key). A leaderboard page after any
// cursor reads day.json and one or two chunks of each shard, merged in leaderboard order.
//
//   days/<date>/day.json
//   days/<date>/verified/<n>.json            shard 0's chunks: rows [roundId, playerId, name, score, words, startedAt]
//   days/<date>/verified/s<shard>/<n>.json   shard 1's and on
//   days/<date>/review/...
//
// `name` is null in rows written since names are read when a page is (archive/archived-names.ts:
// a rename or an account deletion reaches every archived day); older rows' names are never shown.
//
// Shard 0 keeps the names of the one-database layout, so a day archived before the shards each
// archived their own rounds (day.json with `chunks`, no `shards`) reads as a one-shard day.
import type { ArchiveChunks } from "../db/schema.ts";
import { mergePages } from "../results/fan-out.ts";
import type { LeaderboardRow, PageCursor } from "../results/queries.ts";
import { decodeCursor, encodeCursor } from "../results/standings.ts";
import { isolateCache } from "../isolate-memory.ts";

/** Rounds per chunk (and per page of the archiving: archive-pace.ts, which has no bindings behind it). */
export { CHUNK_ROWS } from "./archive-pace.ts";

export type ArchivedRow = [roundId: string, playerId: string, name: string | null, score: number, words: number, startedAt: number];

export interface ArchivedDay {
  date: string;
  settledAt: number;
  histogram: { score: number; rounds: number }[];
  /** [word rank, finders] for every word found by a verified ranked round. */
  finders: [number, number][];
  /** Every shard's chunks, by shard index. */
  shards?: ArchiveChunks[];
  /** Days archived from one database: its chunks (as shard 0's). */
  chunks?: ArchiveChunks;
}

export type ListName = keyof ArchiveChunks;

export const dayKey = (date: string) => `days/${date}/day.json`;
export const chunkKey = (date: string, list: ListName, n: number, shard = 0) =>
  `days/${date}/${list}/${shard === 0 ? "" : `s${shard}/`}${String(n).padStart(5, "0")}.json`;

/** The chunks of every shard, by shard index, in either layout. */
export const shardChunks = (day: ArchivedDay): ArchiveChunks[] => day.shards ?? [day.chunks ?? { verified: [], review: [] }];

export const toArchivedRow = (r: Omit<LeaderboardRow, "name" | "deleted">): ArchivedRow => [r.roundId, r.playerId, null, r.score, r.words, r.startedAt];
/** A row as archived: its name (null, or frozen in an older archive) is replaced by the current one on read. */
const fromArchivedRow = ([roundId, playerId, name, score, words, startedAt]: ArchivedRow): LeaderboardRow => ({ roundId, playerId, name, deleted: false, score, words, startedAt });
export const keyOf = (r: Pick<LeaderboardRow, "score" | "startedAt" | "roundId">) => encodeCursor(r);

/** Leaderboard order: score descending, then who started first, then round id. Negative: a first. */
export function compareKeys(a: PageCursor, b: PageCursor): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.startedAt !== b.startedAt) return a.startedAt - b.startedAt;
  return a.roundId < b.roundId ? -1 : a.roundId > b.roundId ? 1 : 0;
}

async function readJson<T>(bucket: R2Bucket, key: string): Promise<T> {
  const object = await bucket.get(key);
  if (object === null) throw new Error(`archive object missing: ${key}`);
  return object.json<T>();
}

export async function writeJson(bucket: R2Bucket, key: string, value: unknown): Promise<void> {
  await bucket.put(key, JSON.stringify(value), { httpMetadata: { contentType: "application/json" } });
}

// A settled day never changes: what an isolate has read stays right.
const days = isolateCache<string, Promise<ArchivedDay | null>>();

/** The day's archive summary, or null when the day has not been archived. */
export function archivedDay(bucket: R2Bucket, date: string): Promise<ArchivedDay | null> {
  let day = days.get(date);
  if (day === undefined) {
    day = bucket.get(dayKey(date)).then((o) => (o === null ? null : o.json<ArchivedDay>()));
    // A miss is not remembered: the day may be archived a minute later.
    day.then((d) => d === null && days.delete(date)).catch(() => days.delete(date));
    days.set(date, day);
    if (days.size > 64) days.delete(days.keys().next().value!);
  }
  return day;
}

/** The rows of one shard's archived list after `after` (or from the top), at most `limit`, in leaderboard order. */
async function shardPage(bucket: R2Bucket, date: string, shard: number, chunks: ArchiveChunks, list: ListName, limit: number, after?: PageCursor): Promise<LeaderboardRow[]> {
  const index = chunks[list];
  // The first chunk whose last key lies after the cursor holds the page's first row.
  let n = after === undefined ? 0 : index.findIndex((c) => compareKeys(decodeCursor(c.last)!, after) > 0);
  if (n < 0) return [];
  const rows: LeaderboardRow[] = [];
  for (; n < index.length && rows.length < limit; n++) {
    const chunk = await readJson<ArchivedRow[]>(bucket, chunkKey(date, list, n, shard));
    for (const row of chunk) {
      const entry = fromArchivedRow(row);
      // A round that found nothing is not ranked (results/queries.ts); it comes last in a chunk.
      if (entry.score <= 0) return rows;
      if (after !== undefined && compareKeys(entry, after) <= 0) continue;
      rows.push(entry);
      if (rows.length === limit) break;
    }
  }
  return rows;
}

/**
 * The rows of an archived list after `after` (or from the top), at most `limit`: as D1's
 * leaderboardPage over every shard (results/fan-out.ts), each shard's page merged in leaderboard order.
 */
export async function archivedPage(bucket: R2Bucket, day: ArchivedDay, list: ListName, limit: number, after?: PageCursor): Promise<LeaderboardRow[]> {
  const pages = await Promise.all(shardChunks(day).map((chunks, shard) => shardPage(bucket, day.date, shard, chunks, list, limit, after)));
  return mergePages(pages, limit);
}

/**
 * A round's row in an archived day, found by its score (its start time is not known): only the
 * chunks of the round's shard whose key range spans that score are read (one or two).
 */
export async function archivedRowOf(bucket: R2Bucket, day: ArchivedDay, shard: number, list: ListName, roundId: string, score: number): Promise<ArchivedRow | undefined> {
  const index = shardChunks(day)[shard]?.[list] ?? [];
  for (let n = 0; n < index.length; n++) {
    // Chunk n holds the keys after chunk n - 1's last, down to its own last: scores descend.
    const lowest = decodeCursor(index[n]!.last)!.score;
    const highest = n === 0 ? Infinity : decodeCursor(index[n - 1]!.last)!.score;
    if (score < lowest || score > highest) continue;
    const found = (await readJson<ArchivedRow[]>(bucket, chunkKey(day.date, list, n, shard))).find((row) => row[0] === roundId);
    if (found !== undefined) return found;
  }
  return undefined;
}
