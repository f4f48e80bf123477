// Moves each player-keyed row to the shard that holds its player (worker/db/shards.ts), and room
// results and link codes to theirs (lib/rebalance-room-link-tables.ts): rows written on shard 0
// before their table moved to the shards, or on a shard that lost buckets when SHARDS doubled.
// Run after the migrations and before the new Worker serves (`npm run deploy` does), and again
// after it for rows written meanwhile.
//
//   node scripts/rebalance-shards.ts --remote                     the deployed databases
//   node scripts/rebalance-shards.ts --local [--persist-to DIR]   a local state folder (default .wrangler/state)
//
// Every statement is D1's (lib/shard-sql.ts: `wrangler d1 execute --remote` for the deployed
// databases, one local D1 through wrangler for a state folder), the same SQL either way. Each shard
// is read by key in pages of (key, player) only; a misplaced row is copied to its shard first and
// deleted from the old one after, so a run that stops half-way leaves a row twice, never nowhere,
// and the next run finishes the move (a copy that is already there changes nothing).
//
// League rows move the same way (worker/leagues/league-shards.ts): a membership and a member's kept
// results to the member's shard, a league's row and its removals to the league's, hashed from its
// id as a player's shard is from theirs. No foreign key ties them (migration 0017): they move in
// the first pass, in any order.
//
// Rounds reference their player and their day's puzzle on the same shard, so the moves go in
// three passes over every shard: the player-keyed tables, with `players` only copied; then the
// rounds, each copy preceded by its puzzle row when the target lacks it; then the players left
// behind are deleted (those with no round there any more). The days' partial counts
// (score_histogram, word_finders) stay where they are: readers sum them over every shard, and the
// sum does not depend on which shard counts a round.
import path from "node:path";
import { shardOfPlayer } from "#worker/db/player-buckets.ts";
import type { MovedTable, Required } from "./lib/moved-table.ts";
import { ROOM_AND_LINK_TABLES } from "./lib/rebalance-room-link-tables.ts";
import { projectRoot } from "./lib/server.ts";
import { LocalShardSql, RemoteShardSql, type Row, type ShardSql, type Value } from "./lib/shard-sql.ts";

const MOVED_TABLES: MovedTable[] = [
  {
    table: "player_summaries",
    key: "player_id",
    player: "player_id",
    columns: ["player_id", "summary", "through_date"],
    // The summary folded furthest wins (the one written on its shard after the move, if any).
    onConflict: "on conflict (player_id) do update set summary = excluded.summary, through_date = excluded.through_date where excluded.through_date > player_summaries.through_date",
  },
  {
    table: "passkeys",
    key: "id",
    player: "player_id",
    columns: ["id", "player_id", "public_key", "counter", "transports", "name", "created_at", "last_used_at"],
    blobs: ["public_key"],
    onConflict: "on conflict do nothing",
  },
  {
    table: "push_subscriptions",
    key: "id",
    player: "player_id",
    // The id is each shard's own sequence: a moved subscription takes a new one there.
    columns: ["endpoint", "player_id", "p256dh", "auth", "lang", "local_hour", "hour_utc", "last_sent", "created_at"],
    onConflict: "on conflict (endpoint) do nothing",
  },
  {
    table: "players",
    key: "id",
    player: "id",
    columns: ["id", "name", "created_at", "token_version"],
    // A revocation is never undone; a name given on the player's shard since stays.
    onConflict: "on conflict (id) do update set token_version = max(players.token_version, excluded.token_version)",
    mode: "copy",
  },
  ...ROOM_AND_LINK_TABLES,
];

/** League rows: each table paged by rowid (their primary keys have two columns, or the league's id). */
const LEAGUE_TABLES: MovedTable[] = [
  { table: "league_members", key: "rowid", player: "player_id", columns: ["league_id", "player_id", "joined_at"], onConflict: "on conflict do nothing" },
  {
    table: "league_results",
    key: "rowid",
    player: "player_id",
    columns: ["player_id", "date", "round_id", "score", "words", "verified", "flags"],
    onConflict: "on conflict do nothing",
  },
  // A row already on the league's shard is the one the Worker has been writing (a rename, a new code): it stays.
  { table: "leagues", key: "id", player: "id", columns: ["id", "code", "name", "owner_id", "created_at", "lang", "embed_key"], onConflict: "on conflict do nothing" },
  { table: "league_removals", key: "rowid", player: "league_id", columns: ["league_id", "player_id", "removed_at"], onConflict: "on conflict do nothing" },
];

const PUZZLE_COLUMNS = ["date", "number", "board", "rules", "attempts", "words", "points", "common_words", "common_points", "solution", "created_at"];

/** Second pass: the rounds, after their players are on the target. */
const ROUNDS: MovedTable = {
  table: "rounds",
  key: "id",
  player: "player_id",
  columns: ["id", "player_id", "puzzle_date", "ranked", "started_at", "ends_at", "found", "score", "words", "pace", "verified", "flags"],
  blobs: ["found", "pace"],
  // A copy already there (or a round of that day the player started there since) is the one
  // the Worker has been writing: it stays.
  onConflict: "on conflict do nothing",
  requires: { table: "puzzles", key: "date", via: "puzzle_date", columns: PUZZLE_COLUMNS },
};

/** Third pass: the players rows left behind, once no round there names them. */
const PLAYERS_LEFT: MovedTable = {
  ...MOVED_TABLES[3]!,
  mode: "delete",
  deleteWhen: "not exists (select 1 from rounds r where r.player_id = players.id)",
};

const PASSES: MovedTable[][] = [[...MOVED_TABLES, ...LEAGUE_TABLES], [ROUNDS], [PLAYERS_LEFT]];
/** What the summary line counts (a player once, when copied). */
const COUNTED = [...MOVED_TABLES, ROUNDS];

/** Keys read per page; rows copied per statement file. */
const PAGE = 5000;
const COPY = 100;

const USAGE = "usage: node scripts/rebalance-shards.ts --remote | --local [--persist-to DIR]";

/** A SQL literal of a value read back from D1 (text quoted, numbers as they are). */
function literal(value: Value): string {
  if (value === null) return "null";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

/** The page of (key, player) of a table after `after` (null: from the start). */
function pageQuery(moved: MovedTable, after: Value): string {
  const from = after === null ? "" : `where ${moved.key} > ${literal(after)} `;
  return `select ${moved.key} as k, ${moved.player} as p from ${moved.table} ${from}order by ${moved.key} limit ${PAGE}`;
}

/** The rows of a table to copy, by their keys (blobs as hex). */
function rowsQuery(moved: MovedTable, keys: readonly Value[]): string {
  const selected = moved.columns.map((c) => (moved.blobs?.includes(c) ? `hex(${c}) as ${c}` : c)).join(", ");
  return `select ${moved.key} as k, ${moved.player} as p, ${selected} from ${moved.table} where ${moved.key} in (${keys.map(literal).join(", ")})`;
}

/** The statement that writes copies of the rows on their new shard. */
function copyStatement(moved: MovedTable, rows: readonly Row[]): string {
  const values = rows.map((row) => `(${moved.columns.map((c) => (moved.blobs?.includes(c) ? `X'${row[c]}'` : literal(row[c]!))).join(", ")})`);
  return `insert into ${moved.table} (${moved.columns.join(", ")}) values ${values.join(", ")} ${moved.onConflict}`;
}

/** The statements that copy the referenced rows (`required`, read from the source) the rows need, unless there. */
function requiredCopies(required: Required, wanted: ReadonlySet<Value>, read: readonly Row[]): string[] {
  const rows = read.filter((row) => wanted.has(row[required.key]!));
  return rows.map((row) => `insert into ${required.table} (${required.columns.join(", ")}) values (${required.columns.map((c) => literal(row[c]!)).join(", ")}) on conflict (${required.key}) do nothing`);
}

/**
 * Copies the misplaced rows of one page of each table (`pages`, in `tables`' order) to their
 * shards, then deletes them here (as each table's mode says): one read, one write per shard they
 * go to, one delete, in chunks of COPY keys a table. How many moved, per table.
 */
async function moveMisplaced(shards: ShardSql, source: number, tables: readonly MovedTable[], pages: readonly (readonly Row[])[]): Promise<number[]> {
  const n = shards.bindings.length;
  const misplaced = pages.map((page) => page.filter((row) => shardOfPlayer(String(row.p), n) !== source).map((row) => row.k));
  const counts = tables.map(() => 0);
  for (let i = 0; misplaced.some((keys) => keys.length > i); i += COPY) {
    const chunks = misplaced.map((keys) => keys.slice(i, i + COPY));
    const open = tables.flatMap((_, t) => (chunks[t]!.length > 0 ? [t] : []));
    const copied = open.filter((t) => tables[t]!.mode !== "delete");
    const read = await shards.query(source, copied.map((t) => rowsQuery(tables[t]!, chunks[t]!)));
    const copies = new Map<number, string[]>();
    for (const [r, t] of copied.entries()) {
      const moved = tables[t]!;
      const byTarget = new Map<number, Row[]>();
      for (const row of read[r]!) {
        const target = shardOfPlayer(String(row.p), n);
        byTarget.set(target, [...(byTarget.get(target) ?? []), row]);
      }
      const required = moved.requires;
      const needed = required === undefined ? [] : [...new Set(read[r]!.map((row) => row[required.via]!))];
      const requiredRows = required === undefined || needed.length === 0 ? [] : (await shards.query(source, [`select ${required.columns.join(", ")} from ${required.table} where ${required.key} in (${needed.map(literal).join(", ")})`]))[0]!;
      for (const [target, rows] of byTarget) {
        const before = required === undefined ? [] : requiredCopies(required, new Set(rows.map((row) => row[required.via]!)), requiredRows);
        copies.set(target, [...(copies.get(target) ?? []), ...before, copyStatement(moved, rows)]);
      }
      counts[t]! += read[r]!.length;
    }
    for (const [target, statements] of copies) await shards.run(target, statements);
    const deletes = open.flatMap((t) => {
      const moved = tables[t]!;
      if (moved.mode === "copy") return [];
      // What was read (or, for a delete-only pass, every misplaced key of the chunk) leaves.
      const keys = moved.mode === "delete" ? chunks[t]! : read[copied.indexOf(t)]!.map((row) => row.k);
      if (keys.length === 0) return [];
      if (moved.mode === "delete") counts[t]! += keys.length;
      const when = moved.deleteWhen === undefined ? "" : ` and ${moved.deleteWhen}`;
      return [`delete from ${moved.table} where ${moved.key} in (${keys.map(literal).join(", ")})${when}`];
    });
    await shards.run(source, deletes);
  }
  return counts;
}

/** Moves every misplaced row of the tables off one shard, a page of each table at a time. Counts per table. */
async function rebalanceShard(shards: ShardSql, source: number, tables: readonly MovedTable[]): Promise<number[]> {
  const totals = tables.map(() => 0);
  let after: (Value | undefined)[] = tables.map(() => null);
  while (after.some((a) => a !== undefined)) {
    const open = tables.flatMap((_, t) => (after[t] !== undefined ? [t] : []));
    const read = await shards.query(source, open.map((t) => pageQuery(tables[t]!, after[t]!)));
    const pages = tables.map((_, t) => (open.includes(t) ? read[open.indexOf(t)]! : []));
    (await moveMisplaced(shards, source, tables, pages)).forEach((count, t) => (totals[t]! += count));
    // A table whose page was short is done (undefined); the others go on after their last key.
    after = pages.map((page, t) => (open.includes(t) && page.length === PAGE ? page[page.length - 1]!.k : undefined));
  }
  return totals;
}

const args = process.argv.slice(2);
const local = args.includes("--local");
const persistAt = args.indexOf("--persist-to");
if (local === args.includes("--remote") || (persistAt !== -1 && (!local || args[persistAt + 1] === undefined))) {
  console.error(USAGE);
  process.exit(2);
}
const persistDir = persistAt === -1 ? path.join(projectRoot, ".wrangler/state") : path.resolve(args[persistAt + 1]!);
const shards: ShardSql = local ? await LocalShardSql.open(persistDir) : new RemoteShardSql();
try {
  const counts = shards.bindings.map(() => new Map<MovedTable, number>());
  for (const tables of PASSES) {
    for (let source = 0; source < shards.bindings.length; source++) {
      (await rebalanceShard(shards, source, tables)).forEach((count, t) => counts[source]!.set(tables[t]!, count));
    }
  }
  for (let source = 0; source < shards.bindings.length; source++) {
    console.log(`${shards.bindings[source]}: ${COUNTED.map((moved) => `${counts[source]!.get(moved) ?? 0} ${moved.table}`).join(", ")} moved to their players' shards`);
    console.log(`${shards.bindings[source]}: ${LEAGUE_TABLES.map((moved) => `${counts[source]!.get(moved) ?? 0} ${moved.table}`).join(", ")} moved to their members' or leagues' shards`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await shards.close();
}
