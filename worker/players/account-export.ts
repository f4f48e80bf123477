// "Download my data" (GET /api/players/me/export): everything the service holds about a player in
// one JSON document. Every shard is asked for every table that names the player
// (players/player-data.ts, one batch a shard), with the moderators' decisions on their rounds;
// and for the archived days among their last rounds, their rows of the R2 archive.
import { PLAYER_TABLES, type Row, keyOf, playerRowsHere, reviewsOfRounds } from "./player-data.ts";
import { allShardD1s, shardOfPlayer } from "../db/shards.ts";
import { summaryByPlayer } from "./sharded-summaries.ts";
import type { Env } from "../env.ts";
import { type ArchivedRow, type ListName, archivedDay, archivedRowOf, shardChunks } from "../archive/day-archive.ts";

export const EXPORT_FORMAT = "tumbleword-export/1";

export interface ArchivedRound {
  /** The board's key (date, with the language's suffix for fr, es and de). */
  date: string;
  list: ListName;
  roundId: string;
  playerId: string;
  /** Only in days archived before names were read live (null since). */
  name: string | null;
  score: number;
  words: number;
  startedAt: string;
}

export interface PlayerExport {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  playerId: string;
  /** What each table holds and why. */
  tables: { table: string; purpose: string }[];
  /** Every row naming the player, by table, each with the shard it is on (bytes as base64). */
  rows: Record<string, (Row & { shard: number })[]>;
  /** Moderators' decisions on the player's rounds still in the database. */
  reviews: Row[];
  /** The player's rows in the archive of settled days (the days among their last 30 rounds). */
  archive: { rounds: ArchivedRound[]; note: string };
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** A D1 value as JSON can carry it: BLOBs (ArrayBuffer, or arrays of numbers from older D1) as base64. */
export function exportableValue(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return base64(new Uint8Array(value));
  if (ArrayBuffer.isView(value)) return base64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) return base64(Uint8Array.from(value));
  return value;
}

const exportable = (row: Row, shard: number) => ({ shard, ...Object.fromEntries(Object.entries(row).map(([k, v]) => [k, exportableValue(v)])) });

async function archivedRounds(env: Env, playerId: string): Promise<ArchivedRound[]> {
  const summary = await summaryByPlayer(env, playerId);
  const ranked = (summary?.summary.days ?? []).filter(([, isRanked]) => isRanked === 1);
  const found = await Promise.all(
    ranked.map(async ([date, , score, , verified, , roundId]): Promise<ArchivedRound | undefined> => {
      const day = await archivedDay(env.ARCHIVE, date);
      if (day === null) return undefined;
      // The shard that archived it: the player's at the day's shard count.
      const shard = shardOfPlayer(playerId, shardChunks(day).length);
      const lists: ListName[] = verified === 1 ? ["verified", "review"] : ["review", "verified"];
      for (const list of lists) {
        const row: ArchivedRow | undefined = await archivedRowOf(env.ARCHIVE, day, shard, list, roundId, score);
        if (row !== undefined) return { date, list, roundId: row[0], playerId: row[1], name: row[2], score: row[3], words: row[4], startedAt: new Date(row[5]).toISOString() };
      }
      return undefined;
    }),
  );
  return found.filter((r) => r !== undefined);
}

export async function exportPlayer(env: Env, playerId: string, now = Date.now()): Promise<PlayerExport> {
  const [perShard, archived] = await Promise.all([Promise.all(allShardD1s(env).map((d1) => playerRowsHere(d1, playerId))), archivedRounds(env, playerId)]);
  const rows: PlayerExport["rows"] = {};
  for (const key of PLAYER_TABLES.map(keyOf)) rows[key] = perShard.flatMap((tables, shard) => tables[key]!.map((row) => exportable(row, shard)));
  const reviews = await reviewsOfRounds(env.DB, rows.rounds!.map((r) => String(r.id)));
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date(now).toISOString(),
    playerId,
    tables: PLAYER_TABLES.map((t) => ({ table: keyOf(t), purpose: t.purpose })),
    rows,
    reviews,
    archive: {
      rounds: archived,
      note: "Each settled day's ranked rounds are archived with the round id, the player id, the score, the number of words and the start time; older archived days than your last 30 rounds are counted in player_summaries.",
    },
  };
}
