// The D1 schema (drizzle). Migrations in ../../migrations are generated from it by drizzle-kit
// (`npm run db:generate`). Times are milliseconds since the epoch; dates are UTC `YYYY-MM-DD`.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const players = sqliteTable("players", {
  id: text("id").primaryKey(),
  name: text("name"),
  createdAt: integer("created_at").notNull(),
});

/** One row per day: the curated board and its full solution, written once (idempotently). */
export const puzzles = sqliteTable("puzzles", {
  date: text("date").primaryKey(),
  number: integer("number").notNull(),
  /** JSON: rows of faces, as the API sends it. */
  board: text("board").notNull(),
  rules: text("rules").notNull(),
  /** How many shakes the curation took (1 = the first board was good enough). */
  attempts: integer("attempts").notNull(),
  words: integer("words").notNull(),
  points: integer("points").notNull(),
  commonWords: integer("common_words").notNull(),
  commonPoints: integer("common_points").notNull(),
  /** JSON: every word with its path, points and `common` flag (never sent before the close). */
  solution: text("solution").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const rounds = sqliteTable(
  "rounds",
  {
    id: text("id").primaryKey(),
    playerId: text("player_id").notNull().references(() => players.id),
    puzzleDate: text("puzzle_date").notNull().references(() => puzzles.date),
    ranked: integer("ranked", { mode: "boolean" }).notNull(),
    startedAt: integer("started_at").notNull(),
    /** Null for an unranked round, which has no time limit. */
    endsAt: integer("ends_at"),
    /** Denormalised from round_words in the same batch as every insert, for the leaderboard. */
    score: integer("score").notNull().default(0),
    words: integer("words").notNull().default(0),
  },
  (t) => [
    // The idempotency of "start my round": one ranked and one unranked round per player and day.
    uniqueIndex("rounds_player_puzzle_ranked").on(t.playerId, t.puzzleDate, t.ranked),
    index("rounds_leaderboard").on(t.puzzleDate, t.ranked, t.score),
  ],
);

export const roundWords = sqliteTable(
  "round_words",
  {
    roundId: text("round_id").notNull().references(() => rounds.id),
    word: text("word").notNull(),
    points: integer("points").notNull(),
    createdAt: integer("created_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  // The idempotency of a word submission: one row per round and word.
  (t) => [primaryKey({ columns: [t.roundId, t.word] })],
);

/**
 * Short one-time codes that carry a player's identity into a place with separate storage (the
 * embed iframe on another site): minted for the signed-in player, redeemed once for their token.
 * Only the SHA-256 of the code is stored.
 */
export const linkCodes = sqliteTable(
  "link_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    playerId: text("player_id").notNull().references(() => players.id),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("link_codes_player").on(t.playerId)],
);

export type Player = typeof players.$inferSelect;
export type PuzzleRow = typeof puzzles.$inferSelect;
export type Round = typeof rounds.$inferSelect;
