// Every row of D1 that names a player, table by table: what the data export reads and the account
// deletion erases or detaches (players/account-export.ts, players/account-deletion.ts). One list
// for both, so an export never misses what a deletion touches. Each shard is asked about every
// table (a row left on an old shard by a rebalance in progress is still found), one batch a shard.

/** A table and the column that holds the player's id in it. */
export interface PlayerTable {
  table: string;
  column: string;
  /** The export's (and the privacy page's) name for these rows: the table's, unless two of its columns name the player. */
  key?: string;
  /** What the export shows of a row: all of it unless it names someone else (who reported, who decided). */
  columns?: string;
  /** What deleting the account does to its rows: see players/account-deletion.ts. */
  onDelete: "delete" | "detach";
  /** Why the row is kept, for the export's readers. */
  purpose: string;
}

export const PLAYER_TABLES: readonly PlayerTable[] = [
  { table: "players", column: "id", onDelete: "delete", purpose: "your id, name, when you started and your token version" },
  { table: "rounds", column: "player_id", onDelete: "detach", purpose: "your rounds of the days still in the database: words found (a bitset over the day's solution), score, pace" },
  { table: "player_summaries", column: "player_id", onDelete: "delete", purpose: "your history once days are archived: streaks, totals, last 30 rounds, best words, achievements" },
  { table: "passkeys", column: "player_id", onDelete: "delete", purpose: "your passkeys' public keys, to sign you in" },
  { table: "passkey_challenges", column: "player_id", onDelete: "delete", purpose: "a passkey registration under way (minutes)" },
  { table: "push_subscriptions", column: "player_id", onDelete: "delete", purpose: "where and when to send your daily reminder" },
  { table: "link_codes", column: "player_id", onDelete: "delete", purpose: "one-time codes to continue elsewhere (10 minutes)" },
  { table: "league_members", column: "player_id", onDelete: "delete", purpose: "the leagues you are in" },
  { table: "league_results", column: "player_id", onDelete: "delete", purpose: "your ranked result of each day, kept for your leagues' past tables" },
  { table: "league_removals", column: "player_id", onDelete: "delete", purpose: "leagues whose owner removed you" },
  { table: "leagues", column: "owner_id", onDelete: "detach", purpose: "the leagues you own" },
  { table: "room_results", column: "player_id", onDelete: "delete", purpose: "your results in live rooms" },
  { table: "round_reports", column: "reporter_id", onDelete: "detach", purpose: "rounds you reported for review" },
  { table: "round_reviews", column: "moderator_id", onDelete: "detach", purpose: "your decisions as a moderator" },
  { table: "moderation_log", column: "moderator_id", onDelete: "detach", purpose: "your actions as a moderator" },
  { table: "name_reports", column: "reporter_id", onDelete: "detach", purpose: "names you reported for review" },
  {
    table: "name_reports",
    column: "player_id",
    key: "name_reports_of_you",
    columns: "player_id, name, created_at",
    onDelete: "delete",
    purpose: "reports of your name by other players (who reported it is not shown)",
  },
  {
    table: "name_decisions",
    column: "player_id",
    columns: "id, at, player_id, action, old_name, new_name, note",
    onDelete: "delete",
    purpose: "moderators' decisions on your name (who decided is not shown)",
  },
  { table: "name_decisions", column: "moderator_id", key: "name_decisions_taken", onDelete: "detach", purpose: "your decisions on names as a moderator" },
];

/** The name of a table's rows in the export and on the privacy page. */
export const keyOf = (t: PlayerTable): string => t.key ?? t.table;

export type Row = Record<string, unknown>;

/** Every row of this shard that names the player, by table (by key where it has one; empty tables included). */
export async function playerRowsHere(d1: D1Database, playerId: string): Promise<Record<string, Row[]>> {
  const answers = await d1.batch<Row>(PLAYER_TABLES.map(({ table, column, columns }) => d1.prepare(`select ${columns ?? "*"} from ${table} where ${column} = ?`).bind(playerId)));
  return Object.fromEntries(PLAYER_TABLES.map((t, i) => [keyOf(t), answers[i]!.results]));
}

/** The moderators' decisions on these rounds (the round's player sees why), without who decided. */
export async function reviewsOfRounds(d1: D1Database, roundIds: readonly string[]): Promise<Row[]> {
  if (roundIds.length === 0) return [];
  const out: Row[] = [];
  // One bound parameter per id: D1 allows 100 a statement.
  for (let i = 0; i < roundIds.length; i += 90) {
    const part = roundIds.slice(i, i + 90);
    const { results } = await d1
      .prepare(`select round_id, decision, decided_at, note from round_reviews where round_id in (${part.map(() => "?").join(", ")})`)
      .bind(...part)
      .all<Row>();
    out.push(...results);
  }
  return out;
}
