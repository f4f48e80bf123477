// The D1 schema (drizzle). Migrations in ../../migrations are generated from it by drizzle-kit
// (`npm run db:generate`). Times are milliseconds since the epoch; dates are UTC `YYYY-MM-DD`.
import { type SQL, sql } from "drizzle-orm";
import { customType, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { FoundWord, LanguageCode } from "#engine";

/**
 * A BLOB read and written as bytes. D1 hands BLOBs back as arrays of numbers and takes typed
 * arrays as parameters.
 */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => "blob",
  toDriver: (value) => value,
  fromDriver: (value) => (value instanceof Uint8Array ? value : Array.isArray(value) ? Uint8Array.from(value) : new Uint8Array(value)),
});

export const players = sqliteTable("players", {
  id: text("id").primaryKey(),
  name: text("name"),
  createdAt: integer("created_at").notNull(),
  /** Tokens carry the version they were issued under; incrementing it revokes every older token. */
  tokenVersion: integer("token_version").notNull().default(0),
  /**
   * Set on the stand-in row that keeps a deleted player's past rounds in the day's counts and
   * ranks (players/account-deletion.ts): shown as "a deleted player", never tied to anyone.
   */
  deletedAt: integer("deleted_at"),
});

/** One row per day: the curated board and its full solution, written once (idempotently). */
export const puzzles = sqliteTable("puzzles", {
  date: text("date").primaryKey(),
  number: integer("number").notNull(),
  /** JSON: rows of faces, as the API sends it. */
  board: text("board", { mode: "json" }).$type<string[][]>().notNull(),
  rules: text("rules").notNull(),
  /** How many shakes the curation took (1 = the first board was good enough). */
  attempts: integer("attempts").notNull(),
  words: integer("words").notNull(),
  points: integer("points").notNull(),
  commonWords: integer("common_words").notNull(),
  commonPoints: integer("common_points").notNull(),
  /** JSON: every word with its path, points and `common` flag (never sent before the close). */
  solution: text("solution", { mode: "json" }).$type<FoundWord[]>().notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * A round of a player's day. The table is WITHOUT ROWID (migration 0016, which drizzle-kit does not
 * model: a migration that rebuilds `rounds` must keep it): clustered on its id, so a new round
 * writes no separate primary-key index entry, one row less to pay for each round start.
 */
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
    /**
     * The words found, as a bitset over the day's solution (bit i = the i-th word of the stored,
     * alphabetical solution; byte i >> 3, bit i & 7; no trailing zero bytes, so equal sets are
     * equal bytes). Only ever OR-merged, which makes every sync idempotent.
     */
    found: bytes("found").notNull().default(sql`x''`),
    /** The points and number of the words in `found`, written with it. */
    score: integer("score").notNull().default(0),
    words: integer("words").notNull().default(0),
    /**
     * Words first judged in each 5-second bucket since the start (one byte per bucket, capped at
     * 255): the fair-play pace, grown only by newly found words, so redeliveries leave it alone.
     */
    pace: bytes("pace").notNull().default(sql`x''`),
    /** False once fair play has put the round under review: it then counts in no aggregate. */
    verified: integer("verified", { mode: "boolean" }).notNull().default(true),
    /** The fair-play rules the round failed, comma-separated (sticky: only ever added to). */
    flags: text("flags").notNull().default(""),
  },
  (t) => [
    // The idempotency of "start my round": one ranked and one unranked round per player and day.
    uniqueIndex("rounds_player_puzzle_ranked").on(t.playerId, t.puzzleDate, t.ranked),
    // Leaderboard pages (verified) and the under-review list (not) are ranges of this index, in
    // its order (ties: who started first).
    index("rounds_leaderboard").on(t.puzzleDate, t.ranked, t.verified, sql`${t.score} desc`, t.startedAt, t.id),
  ],
);

/** Per day, how many ranked rounds have each score: ranks and percentiles without counting rounds. */
export const scoreHistogram = sqliteTable(
  "score_histogram",
  {
    puzzleDate: text("puzzle_date").notNull(),
    score: integer("score").notNull(),
    rounds: integer("rounds").notNull(),
  },
  (t) => [primaryKey({ columns: [t.puzzleDate, t.score] })],
);

/** Per day and word of the solution (by its rank in the solution), how many ranked rounds found it. */
export const wordFinders = sqliteTable(
  "word_finders",
  {
    puzzleDate: text("puzzle_date").notNull(),
    wordRank: integer("word_rank").notNull(),
    finders: integer("finders").notNull(),
  },
  (t) => [primaryKey({ columns: [t.puzzleDate, t.wordRank] })],
);

/**
 * The per-word rows of rounds played before found words became bitsets, kept as they were
 * (word, points, time found: one JSON array per round) so that nothing stored is lost. Read by
 * nothing; new rounds never write here.
 */
export const legacyRoundWords = sqliteTable("legacy_round_words", {
  roundId: text("round_id").primaryKey(),
  /** JSON: one entry per word, in the order they were found. */
  words: text("words", { mode: "json" }).$type<{ word: string; points: number; createdAt: number }[]>().notNull(),
});

/**
 * Short one-time codes that carry a player's identity into a place with separate storage (the
 * embed iframe on another site): minted for the signed-in player, redeemed once for their token.
 * Only the SHA-256 of the code is stored.
 */
export const linkCodes = sqliteTable(
  "link_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    /** No foreign key: the player's row is on their shard, link codes on shard 0 (db/shards.ts). */
    playerId: text("player_id").notNull(),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("link_codes_player").on(t.playerId)],
);

export type Player = typeof players.$inferSelect;
export type PuzzleRow = typeof puzzles.$inferSelect;
/** A row to insert: its solution may also be SQL (the solution's JSON text, made ahead). */
export type NewPuzzleRow = Omit<PuzzleRow, "solution"> & { solution: FoundWord[] | SQL };
export type Round = typeof rounds.$inferSelect;

/**
 * One row per player and finished room round (written by the room's Durable Object when the round
 * ends), so a player's stats can list the rooms they played. `playerId` is set when the player
 * joined with a player token.
 */
export const roomResults = sqliteTable(
  "room_results",
  {
    /** `CODE/createdAt/round`: codes are reused once a room is cleaned up. */
    roundKey: text("round_key").notNull(),
    seatId: text("seat_id").notNull(),
    roomCode: text("room_code").notNull(),
    round: integer("round").notNull(),
    playerId: text("player_id"),
    name: text("name").notNull(),
    score: integer("score").notNull(),
    words: integer("words").notNull(),
    struck: integer("struck").notNull(),
    rank: integer("rank").notNull(),
    players: integer("players").notNull(),
    size: integer("size").notNull(),
    rules: text("rules").notNull(),
    finishedAt: integer("finished_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundKey, t.seatId] }), index("room_results_player").on(t.playerId, t.finishedAt)],
);

export type RoomResultRow = typeof roomResults.$inferSelect;

/**
 * A day's way out of D1 (archive/retention.ts). `probeSentAt`/`probeSeenAt`: the settle probe
 * sent through the sync queue after the day's sync deadline, and when the consumer took it (every
 * message of the day sent before it has been taken by then, unless it is retrying); `retrying`:
 * the day's messages the queue is retrying now. Settled when the probe was seen, nothing retries
 * and nothing of the day waits in `stranded_syncs`. Then its results move to R2 in steps
 * (`phase`, `cursor`, `chunks`) and its rounds leave D1.
 */
export const dayStates = sqliteTable("day_states", {
  date: text("date").primaryKey(),
  probeSentAt: integer("probe_sent_at"),
  probeSeenAt: integer("probe_seen_at"),
  retrying: integer("retrying").notNull().default(0),
  settledAt: integer("settled_at"),
  /** null until settled; then "verified", "review", "unranked", "leagues", "finish", and "archived" at last. */
  phase: text("phase"),
  /** Where the current phase goes on (a leaderboard cursor, or a round id for unranked rounds). */
  cursor: text("cursor"),
  /** JSON: per list, the archive's chunks written so far (their last keys and sizes). */
  chunks: text("chunks", { mode: "json" }).$type<ArchiveChunks>().notNull().default(sql`'{"verified":[],"review":[]}'`),
  archivedAt: integer("archived_at"),
});

/** The last key (`score.startedAt.roundId`) and length of each archived chunk, per list. */
export interface ArchiveChunks {
  verified: { last: string; count: number }[];
  review: { last: string; count: number }[];
}

/** Sync messages that failed every retry (from the dead-letter queue), kept until a replay merges them. */
export const strandedSyncs = sqliteTable(
  "stranded_syncs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    puzzleDate: text("puzzle_date").notNull(),
    /** JSON: the SyncMessage as it was sent. */
    body: text("body").notNull(),
    strandedAt: integer("stranded_at").notNull(),
    replays: integer("replays").notNull().default(0),
  },
  (t) => [index("stranded_syncs_date").on(t.puzzleDate)],
);

/**
 * A player's whole history in one row (players/player-summary.ts), so stats and streaks never
 * need rounds that left D1: folded in when a day is archived. JSON: see PlayerSummary.
 */
export const playerSummaries = sqliteTable("player_summaries", {
  playerId: text("player_id").primaryKey(),
  summary: text("summary", { mode: "json" }).$type<PlayerSummaryData>().notNull(),
  /** The last day folded in: folding the same day again changes nothing. */
  throughDate: text("through_date").notNull(),
});

export interface PlayerSummaryData {
  /** Ranked days played, as runs of consecutive days: [first day number, length]. */
  runs: [number, number][];
  ranked: number;
  totalPoints: number;
  totalWords: number;
  bestScore: number;
  /** The last 30 rounds played (ranked and unranked), newest first: [date, ranked 0/1, score, words, verified 0/1, flags, round id]. */
  days: [string, 0 | 1, number, number, 0 | 1, string, string][];
  /** The best 10 words ever found in ranked rounds: [word, points, date]. */
  bestWords: [string, number, string][];
  /**
   * Achievements a round earned by itself (players/achievements.ts), each with the day it was
   * first earned (YYYY-MM-DD). Absent in summaries written before achievements existed.
   */
  earned?: Partial<Record<string, string>>;
  /** The first day of a ranked round in each language played (the every-language achievement). */
  languages?: Partial<Record<string, string>>;
}

/**
 * WebAuthn credentials (passkeys) of a player: several per player, each able to sign that player
 * in on any device. `id` is the credential id (base64url) the authenticator names; the public key
 * verifies its signatures, `counter` its signature counter (0 for most synced passkeys).
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    /** No foreign key: a passkey lives on its player's shard, the player row on shard 0 (db/shards.ts). */
    playerId: text("player_id").notNull(),
    publicKey: bytes("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON: the transports the authenticator reported (usb, internal, hybrid...). */
    transports: text("transports", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Shown in the player's list (the browser and system it was made on). */
    name: text("name").notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("passkeys_player").on(t.playerId)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * WebAuthn challenges handed out and not yet answered: each works once (taken with a delete)
 * and for a few minutes. `playerId` is set for a registration (the player it is for).
 */
export const passkeyChallenges = sqliteTable(
  "passkey_challenges",
  {
    id: text("id").primaryKey(),
    challenge: text("challenge").notNull(),
    /** "register" or "login". */
    purpose: text("purpose").notNull(),
    playerId: text("player_id"),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("passkey_challenges_expiry").on(t.expiresAt)],
);

/**
 * Leagues (leagues/leagues.ts): a named group of players with its own tables of the English
 * daily board. `code` is the invite (`/league/CODE`): unguessable, replaced when the owner
 * rotates it. Deleted when its last member leaves.
 */
export const leagues = sqliteTable("leagues", {
  id: text("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  /** No foreign key: the player's row is on their shard, the league's on the league's (leagues/league-shards.ts). */
  ownerId: text("owner_id").notNull(),
  createdAt: integer("created_at").notNull(),
  /** The daily board the league plays (chosen when it is made): its tables read that language's boards. */
  lang: text("lang").$type<LanguageCode>().notNull().default("en"),
  /**
   * The read-only key of the league's embed (/embed?league=KEY): it shows the tables and cannot
   * join, so a page embedding a league does not hand its readers the invite. Set for every league
   * (migration 0010 gave older leagues one).
   */
  embedKey: text("embed_key").unique(),
});

/**
 * Members the owner removed: the invite link no longer lets them in until the owner invites them
 * again (which deletes the row). Deleted with the league (on the league's shard, like it).
 */
export const leagueRemovals = sqliteTable(
  "league_removals",
  {
    /** No foreign key: a league's rows and its memberships are on different shards (leagues/league-shards.ts). */
    leagueId: text("league_id").notNull(),
    playerId: text("player_id").notNull(),
    removedAt: integer("removed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.playerId] })],
);

/** A membership: on the member's shard, the league's row on the league's (leagues/league-shards.ts). */
export const leagueMembers = sqliteTable(
  "league_members",
  {
    /** No foreign key: the league's row is on the league's shard, which is not the member's. */
    leagueId: text("league_id").notNull(),
    playerId: text("player_id").notNull(),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [
    // A league's table: its members in one range, each joined to their round of the day by
    // rounds' (player, day, ranked) index: reads grow with the members, not the day's players.
    primaryKey({ columns: [t.leagueId, t.playerId] }),
    // A player's leagues, the 20-league limit, and retention's "is this player in a league?".
    index("league_members_player").on(t.playerId),
  ],
);

/**
 * The ranked result of a day for every player in at least one league, written when the day's
 * rounds are folded into the player summaries (archive/retention.ts) and kept for good: a
 * league's past days once the day's rounds have left D1.
 */
export const leagueResults = sqliteTable(
  "league_results",
  {
    playerId: text("player_id").notNull(),
    date: text("date").notNull(),
    roundId: text("round_id").notNull(),
    score: integer("score").notNull(),
    words: integer("words").notNull(),
    verified: integer("verified", { mode: "boolean" }).notNull(),
    flags: text("flags").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.date] })],
);

export type League = typeof leagues.$inferSelect;

/**
 * Leases of background work that must not run twice at once (archive/archive-tick.ts: the
 * archiving, run every minute, whose runs could otherwise overlap). `holder` is the run's id.
 */
export const workLeases = sqliteTable("work_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  until: integer("until").notNull(),
});

/**
 * Moderators' decisions on ranked rounds (moderation/review.ts): "confirmed" (the round left the
 * ranks: it plays like a solver) or "cleared" (its mark went: a person's play). One per round, the
 * latest decision; every decision is also kept in moderation_log.
 */
export const roundReviews = sqliteTable("round_reviews", {
  roundId: text("round_id").primaryKey(),
  decision: text("decision").$type<"confirmed" | "cleared">().notNull(),
  moderatorId: text("moderator_id").notNull(),
  decidedAt: integer("decided_at").notNull(),
  note: text("note").notNull().default(""),
});

/** Players' reports of a ranked round (one per round and player): they put it in the review queue. */
export const roundReports = sqliteTable(
  "round_reports",
  {
    roundId: text("round_id").notNull(),
    reporterId: text("reporter_id").notNull(),
    puzzleDate: text("puzzle_date").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.reporterId] }), index("round_reports_day").on(t.puzzleDate)],
);

/**
 * Players' reports of another player's name (offensive, or passing for someone): one per name and
 * reporter, on the home shard beside the round reports; they go once a moderator has decided.
 */
export const nameReports = sqliteTable(
  "name_reports",
  {
    playerId: text("player_id").notNull(),
    reporterId: text("reporter_id").notNull(),
    /** The name as reported: a rename meanwhile does not hide what was reported. */
    name: text("name").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.reporterId] })],
);

/** Moderators' decisions on names (kept, renamed or hidden): the audit log's part for names. */
export const nameDecisions = sqliteTable(
  "name_decisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(),
    moderatorId: text("moderator_id").notNull(),
    playerId: text("player_id").notNull(),
    action: text("action").$type<"keep" | "rename" | "hide">().notNull(),
    /** The name decided on, and the one it became (null: hidden). */
    oldName: text("old_name").notNull(),
    newName: text("new_name"),
    note: text("note").notNull().default(""),
  },
  (t) => [index("name_decisions_at").on(t.at)],
);

/** The audit log: every moderator action, never changed or deleted by the Worker. */
export const moderationLog = sqliteTable(
  "moderation_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(),
    moderatorId: text("moderator_id").notNull(),
    action: text("action").$type<"confirm" | "clear">().notNull(),
    roundId: text("round_id").notNull(),
    puzzleDate: text("puzzle_date").notNull(),
    note: text("note").notNull().default(""),
  },
  (t) => [index("moderation_log_at").on(t.at)],
);

/**
 * Web Push subscriptions for the daily reminder (reminders/reminders.ts): one row per browser's
 * push endpoint, with the player it reminds, the page's language, and the hour (UTC, from the
 * player's local hour) at which a day still unplayed gets its one reminder.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    /** Small and increasing: the hourly fan-out pages through an hour's subscriptions by it. */
    id: integer("id").primaryKey({ autoIncrement: true }),
    endpoint: text("endpoint").notNull().unique(),
    playerId: text("player_id").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    lang: text("lang").notNull(),
    /** The hour the player picked, on their clock (shown back to them). */
    localHour: integer("local_hour").notNull(),
    /** The same hour in UTC: when the reminder goes. */
    hourUtc: integer("hour_utc").notNull(),
    /** The last day (YYYY-MM-DD) a reminder went: at most one a day. */
    lastSent: text("last_sent").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("push_subscriptions_hour").on(t.hourUtc, t.id), index("push_subscriptions_player").on(t.playerId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
