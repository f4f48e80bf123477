// The migration from one row per found word (round_words) to one row per round (the `found`
// bitset), on a database holding rows written the old way: nothing stored is lost.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { ranksOf } from "#worker/results/found-set.ts";

const db = env.MIGRATION_DB;
const migrations = env.TEST_MIGRATIONS;
/** The migration that turns round_words into bitsets (found by what it does, not its number). */
const bitsetMigration = migrations.findIndex((m) => m.queries.some((q) => /DROP TABLE `round_words`/.test(q)));
const before = migrations.slice(0, bitsetMigration);
const DAY = "2026-05-01";
const OTHER_DAY = "2026-05-02";

/** A solution of `n` words w000, w001, ... (alphabetical, so word i has rank i), points 1..3. */
function solution(n: number) {
  return Array.from({ length: n }, (_, i) => ({ word: `w${String(i).padStart(3, "0")}`, path: [[0, 0]], points: (i % 3) + 1, common: i % 2 === 0 }));
}
const points = (word: string) => (Number(word.slice(1)) % 3) + 1;

async function resetDatabase(): Promise<void> {
  const tables = await db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'").all<{ name: string }>();
  // One transaction: foreign keys are checked at its end, when every table is gone.
  await db.batch([db.prepare("pragma defer_foreign_keys = on"), ...tables.results.map(({ name }) => db.prepare(`drop table "${name}"`))]);
}

async function insertLegacy(rounds: { id: string; player: string; date: string; ranked: boolean; words: string[] }[]): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (const [date, size] of [[DAY, 40], [OTHER_DAY, 12]] as const) {
    statements.push(
      db.prepare("insert into puzzles (date, number, board, rules, attempts, words, points, common_words, common_points, solution, created_at) values (?, 1, '[]', 'classic', 1, ?, 0, 0, 0, ?, 0)")
        .bind(date, size, JSON.stringify(solution(size))),
    );
  }
  for (const player of new Set(rounds.map((r) => r.player))) {
    statements.push(db.prepare("insert into players (id, name, created_at) values (?, null, 0)").bind(player));
  }
  for (const r of rounds) {
    const score = r.words.reduce((s, w) => s + points(w), 0);
    statements.push(
      db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, score, words) values (?, ?, ?, ?, 1000, ?, ?, ?)")
        .bind(r.id, r.player, r.date, r.ranked ? 1 : 0, r.ranked ? 181_000 : null, score, r.words.length),
    );
    r.words.forEach((word, i) => {
      statements.push(db.prepare("insert into round_words (round_id, word, points, created_at) values (?, ?, ?, ?)").bind(r.id, word, points(word), 5000 - i));
    });
  }
  await db.batch(statements);
}

beforeEach(async () => {
  await resetDatabase();
  expect(bitsetMigration).toBeGreaterThan(0);
  await applyD1Migrations(db, before);
});

describe("the found-words migration", () => {
  it("turns every round's stored words into its bitset, keeps scores, and counts the day's aggregates", async () => {
    const rounds = [
      // Ranks 0, 9 and 39: three bytes apart, with an empty byte between.
      { id: "r1", player: "p1", date: DAY, ranked: true, words: ["w039", "w000", "w009"] },
      { id: "r2", player: "p2", date: DAY, ranked: true, words: ["w009", "w011"] },
      { id: "r3", player: "p3", date: DAY, ranked: true, words: [] },
      // Unranked rounds keep their words but count in no aggregate.
      { id: "r4", player: "p1", date: DAY, ranked: false, words: ["w000", "w001"] },
      { id: "r5", player: "p2", date: OTHER_DAY, ranked: true, words: ["w011", "w007"] },
    ];
    await insertLegacy(rounds);
    const oldRows = await db.prepare("select round_id, word, points, created_at from round_words order by round_id, created_at, word").all();

    await applyD1Migrations(db, migrations);

    const stored = await db.prepare("select id, found, score, words from rounds order by id").all<{ id: string; found: number[]; score: number; words: number }>();
    for (const r of rounds) {
      const row = stored.results.find((s) => s.id === r.id)!;
      expect(ranksOf(Uint8Array.from(row.found)), r.id).toEqual(r.words.map((w) => Number(w.slice(1))).sort((a, b) => a - b));
      expect(row.score, r.id).toBe(r.words.reduce((s, w) => s + points(w), 0));
      expect(row.words, r.id).toBe(r.words.length);
    }
    // Canonical bytes: rank 39 is the last bit of byte 4, with byte 2 and 3 empty.
    expect(stored.results.find((s) => s.id === "r1")!.found).toEqual([1, 2, 0, 0, 128]);
    expect(stored.results.find((s) => s.id === "r3")!.found).toEqual([]);

    const finders = await db.prepare("select puzzle_date, word_rank, finders from word_finders order by puzzle_date, word_rank").all();
    expect(finders.results).toEqual([
      { puzzle_date: DAY, word_rank: 0, finders: 1 },
      { puzzle_date: DAY, word_rank: 9, finders: 2 },
      { puzzle_date: DAY, word_rank: 11, finders: 1 },
      { puzzle_date: DAY, word_rank: 39, finders: 1 },
      { puzzle_date: OTHER_DAY, word_rank: 7, finders: 1 },
      { puzzle_date: OTHER_DAY, word_rank: 11, finders: 1 },
    ]);
    const histogram = await db.prepare("select puzzle_date, score, rounds from score_histogram order by puzzle_date, score").all();
    expect(histogram.results).toEqual([
      { puzzle_date: DAY, score: 0, rounds: 1 },
      { puzzle_date: DAY, score: points("w009") + points("w011"), rounds: 1 },
      { puzzle_date: DAY, score: points("w039") + points("w000") + points("w009"), rounds: 1 },
      { puzzle_date: OTHER_DAY, score: points("w011") + points("w007"), rounds: 1 },
    ].sort((a, b) => a.puzzle_date.localeCompare(b.puzzle_date) || a.score - b.score));

    // The old rows themselves, word, points and time, in the order they were found.
    const legacy = await db.prepare("select round_id, words from legacy_round_words order by round_id").all<{ round_id: string; words: string }>();
    const kept = legacy.results.flatMap((row) =>
      (JSON.parse(row.words) as { word: string; points: number; createdAt: number }[]).map((w) => ({ round_id: row.round_id, word: w.word, points: w.points, created_at: w.createdAt })),
    );
    expect(kept).toEqual(oldRows.results);

    const tables = await db.prepare("select name from sqlite_master where type = 'table'").all<{ name: string }>();
    const names = tables.results.map((t) => t.name);
    expect(names).not.toContain("round_words");
    expect(names.filter((n) => n.startsWith("_") && !n.startsWith("_cf"))).toEqual([]);
    const plan = await db.prepare("explain query plan select id from rounds where puzzle_date = ? and ranked = 1 and verified = 1 order by score desc, started_at, id limit 5").bind(DAY).all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toContain("rounds_leaderboard");
    expect(plan.results.map((r) => r.detail).join(" ")).not.toContain("TEMP B-TREE");
  });

  it("stops, changing nothing, when a stored word is not in its day's solution", async () => {
    await insertLegacy([{ id: "r1", player: "p1", date: DAY, ranked: true, words: ["w001"] }]);
    await db.prepare("insert into round_words (round_id, word, points, created_at) values ('r1', 'zebra', 2, 1)").run();
    await expect(applyD1Migrations(db, migrations)).rejects.toThrow(/NOT NULL/);
    const words = await db.prepare("select word from round_words order by word").all<{ word: string }>();
    expect(words.results.map((w) => w.word)).toEqual(["w001", "zebra"]);
    const columns = await db.prepare("select name from pragma_table_info('rounds')").all<{ name: string }>();
    expect(columns.results.map((c) => c.name)).not.toContain("found");
  });

  it("migrates an empty database", async () => {
    await applyD1Migrations(db, migrations);
    expect((await db.prepare("select count(*) as n from score_histogram").first<{ n: number }>())?.n).toBe(0);
  });
});

describe("the fair-play migration", () => {
  const fairPlay = migrations.findIndex((m) => m.queries.some((q) => /ADD `verified`/.test(q)));

  beforeEach(resetDatabase);

  it("keeps every round as it was, verified with an empty pace and no flags", async () => {
    expect(fairPlay).toBeGreaterThan(0);
    await applyD1Migrations(db, migrations.slice(0, fairPlay));
    await db.batch([
      db.prepare("insert into puzzles (date, number, board, rules, attempts, words, points, common_words, common_points, solution, created_at) values (?, 1, '[]', 'classic', 1, 12, 0, 0, 0, ?, 0)")
        .bind(DAY, JSON.stringify(solution(12))),
      db.prepare("insert into players (id, name, created_at) values ('p1', 'Ana', 0)"),
      db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words) values ('r1', 'p1', ?, 1, 1000, 181000, x'0902', 4, 3)").bind(DAY),
      db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words) values ('r2', 'p1', ?, 0, 2000, null, x'01', 1, 1)").bind(DAY),
    ]);
    const columns = "id, player_id, puzzle_date, ranked, started_at, ends_at, hex(found) as found, score, words";
    const before = await db.prepare(`select ${columns} from rounds order by id`).all();
    await applyD1Migrations(db, migrations);
    const after = await db.prepare(`select ${columns}, verified, hex(pace) as pace, flags from rounds order by id`).all();
    expect(after.results).toEqual(before.results.map((r) => ({ ...r, verified: 1, pace: "", flags: "" })));
  });
});

describe("the passkeys' move to their player's shard", () => {
  const move = migrations.findIndex((m) => m.queries.some((q) => /CREATE TABLE `__new_passkeys`/.test(q)));

  beforeEach(resetDatabase);

  it("keeps every passkey as it was, and then takes one whose player lives on another shard", async () => {
    expect(move).toBeGreaterThan(0);
    await applyD1Migrations(db, migrations.slice(0, move));
    await db.batch([
      db.prepare("insert into players (id, name, created_at) values ('p1', 'Ana', 0)"),
      db.prepare("insert into passkeys (id, player_id, public_key, counter, transports, name, created_at, last_used_at) values ('k1', 'p1', x'0102', 7, '[\"internal\"]', 'Laptop', 5, 9)"),
    ]);
    // Before: a passkey needs its player in the same database.
    await expect(db.prepare("insert into passkeys (id, player_id, public_key, name, created_at) values ('k2', 'elsewhere', x'00', 'Phone', 6)").run()).rejects.toThrow(/FOREIGN KEY/);
    const columns = "id, player_id, hex(public_key) as key, counter, transports, name, created_at, last_used_at";
    const before = await db.prepare(`select ${columns} from passkeys`).all();
    await applyD1Migrations(db, migrations);
    expect((await db.prepare(`select ${columns} from passkeys`).all()).results).toEqual(before.results);
    await db.prepare("insert into passkeys (id, player_id, public_key, name, created_at) values ('k2', 'elsewhere', x'00', 'Phone', 6)").run();
    expect(await db.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'passkeys' and name = 'passkeys_player'").first("name")).toBe("passkeys_player");
  });
});

describe("leagues and link codes without their foreign keys to players", () => {
  const move = migrations.findIndex((m) => m.queries.some((q) => /CREATE TABLE `__kept_league_members`/.test(q)));

  beforeEach(resetDatabase);

  it("keeps every league, member, removal and link code, and then takes players who live on another shard", async () => {
    expect(move).toBeGreaterThan(0);
    await applyD1Migrations(db, migrations.slice(0, move));
    await db.batch([
      db.prepare("insert into players (id, name, created_at) values ('p1', 'Ana', 0), ('p2', 'Bo', 0)"),
      db.prepare("insert into leagues (id, code, name, owner_id, created_at, lang, embed_key) values ('l1', 'CODE1', 'Cats', 'p1', 3, 'fr', 'KEY1')"),
      db.prepare("insert into league_members (league_id, player_id, joined_at) values ('l1', 'p1', 3), ('l1', 'p2', 4)"),
      db.prepare("insert into league_removals (league_id, player_id, removed_at) values ('l1', 'p3', 5)"),
      db.prepare("insert into link_codes (code_hash, player_id, expires_at, created_at) values ('h1', 'p2', 9, 8)"),
    ]);
    // Before: each of them needs its player in the same database.
    await expect(db.prepare("insert into link_codes (code_hash, player_id, expires_at, created_at) values ('h2', 'elsewhere', 9, 8)").run()).rejects.toThrow(/FOREIGN KEY/);
    await expect(db.prepare("insert into league_members (league_id, player_id, joined_at) values ('l1', 'elsewhere', 6)").run()).rejects.toThrow(/FOREIGN KEY/);
    const tables = ["leagues", "league_members", "league_removals", "link_codes"];
    const read = async () => Promise.all(tables.map(async (t) => (await db.prepare(`select * from ${t} order by 1, 2`).all()).results));
    const before = await read();
    await applyD1Migrations(db, migrations.slice(0, move + 1));
    // The rebuild of `leagues` did not cascade into its members and removals.
    expect(await read()).toEqual(before);
    await db.batch([
      db.prepare("insert into leagues (id, code, name, owner_id, created_at, lang, embed_key) values ('l2', 'CODE2', 'Dogs', 'elsewhere', 7, 'en', 'KEY2')"),
      db.prepare("insert into league_members (league_id, player_id, joined_at) values ('l2', 'elsewhere', 7)"),
      db.prepare("insert into link_codes (code_hash, player_id, expires_at, created_at) values ('h2', 'elsewhere', 9, 8)"),
    ]);
    // The league's own keys still hold: a member of no league is refused, a deleted league takes its members along.
    await expect(db.prepare("insert into league_members (league_id, player_id, joined_at) values ('nope', 'p1', 7)").run()).rejects.toThrow(/FOREIGN KEY/);
    await db.prepare("delete from leagues where id = 'l2'").run();
    expect(await db.prepare("select count(*) as n from league_members where league_id = 'l2'").first("n")).toBe(0);
    const indexes = await db.prepare("select name from sqlite_master where type = 'index' and tbl_name in ('leagues', 'league_members', 'link_codes') and name not like 'sqlite_%' order by name").all<{ name: string }>();
    expect(indexes.results.map((r) => r.name)).toEqual(["league_members_player", "leagues_code_unique", "leagues_embed_key_unique", "link_codes_player"]);
  });
});

describe("rounds without a rowid", () => {
  const rebuild = migrations.findIndex((m) => m.queries.some((q) => /CREATE TABLE `__new_rounds`/.test(q)));

  beforeEach(resetDatabase);

  it("keeps every round as it was, and a new round then writes one row less", async () => {
    expect(rebuild).toBeGreaterThan(0);
    await applyD1Migrations(db, migrations.slice(0, rebuild));
    await db.batch([
      db.prepare("insert into players (id, name, created_at) values ('p1', 'Ana', 0), ('p2', null, 0), ('p3', 'Cy', 0)"),
      db.prepare("insert into puzzles (date, number, board, rules, attempts, words, points, common_words, common_points, solution, created_at) values (?, 1, '[]', 'classic', 1, 3, 4, 0, 0, '[]', 0)").bind(DAY),
      db.prepare(
        "insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, score, words, found, pace, verified, flags) values " +
          "('r1', 'p1', ?1, 1, 10, 190, 7, 3, x'0b', x'0201', 1, ''), ('r2', 'p1', ?1, 0, 20, null, 2, 1, x'04', x'', 1, ''), ('r3', 'p2', ?1, 1, 30, 210, 9, 4, x'0f', x'04', 0, 'pace')",
      ).bind(DAY),
    ]);
    const read = async () => (await db.prepare("select id, player_id, puzzle_date, ranked, started_at, ends_at, score, words, hex(found) as found, hex(pace) as pace, verified, flags from rounds order by id").all()).results;
    const insertRound = (id: string, player: string) =>
      db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at) values (?, ?, ?, 1, 40, 220)").bind(id, player, DAY).run();
    const before = await read();
    // Before: the row, its primary key's index, and the two other indexes.
    expect((await insertRound("r4", "p3")).meta.rows_written).toBe(4);
    await db.prepare("delete from rounds where id = 'r4'").run();
    await applyD1Migrations(db, migrations);
    expect(await read()).toEqual(before);
    expect((await insertRound("r4", "p3")).meta.rows_written).toBe(3);
    // The table's keys still hold: one ranked round a player and day, a known player and puzzle.
    await expect(insertRound("r5", "p3")).rejects.toThrow(/UNIQUE/);
    await expect(insertRound("r6", "nobody")).rejects.toThrow(/FOREIGN KEY/);
    const shape = await db.prepare("select sql from sqlite_master where type = 'table' and name = 'rounds'").first<string>("sql");
    expect(shape).toMatch(/WITHOUT ROWID$/);
    const indexes = await db.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'rounds' and name not like 'sqlite_%' order by name").all<{ name: string }>();
    expect(indexes.results.map((r) => r.name)).toEqual(["rounds_leaderboard", "rounds_player_puzzle_ranked"]);
  });
});

describe("league memberships and removals without their foreign key to leagues", () => {
  const move = migrations.findIndex((m) => m.queries.some((q) => /CREATE TABLE `__new_league_members`/.test(q)) && m.queries.some((q) => /CREATE TABLE `__new_league_removals`/.test(q)));

  beforeEach(resetDatabase);

  it("keeps every league, member and removal, and then takes a membership of a league held on another shard", async () => {
    expect(move).toBeGreaterThan(0);
    await applyD1Migrations(db, migrations.slice(0, move));
    await db.batch([
      db.prepare("insert into leagues (id, code, name, owner_id, created_at, lang, embed_key) values ('l1', 'CODE1', 'Cats', 'p1', 3, 'fr', 'KEY1')"),
      db.prepare("insert into league_members (league_id, player_id, joined_at) values ('l1', 'p1', 3), ('l1', 'p2', 4)"),
      db.prepare("insert into league_removals (league_id, player_id, removed_at) values ('l1', 'p3', 5)"),
    ]);
    // Before: a membership or removal needs its league in the same database.
    await expect(db.prepare("insert into league_members (league_id, player_id, joined_at) values ('elsewhere', 'p1', 6)").run()).rejects.toThrow(/FOREIGN KEY/);
    await expect(db.prepare("insert into league_removals (league_id, player_id, removed_at) values ('elsewhere', 'p1', 6)").run()).rejects.toThrow(/FOREIGN KEY/);
    const tables = ["leagues", "league_members", "league_removals"];
    const read = async () => Promise.all(tables.map(async (t) => (await db.prepare(`select * from ${t} order by 1, 2`).all()).results));
    const before = await read();
    await applyD1Migrations(db, migrations);
    expect(await read()).toEqual(before);
    await db.batch([
      db.prepare("insert into league_members (league_id, player_id, joined_at) values ('elsewhere', 'p1', 6)"),
      db.prepare("insert into league_removals (league_id, player_id, removed_at) values ('elsewhere', 'p2', 6)"),
    ]);
    // Their own keys still hold: one membership a player and league.
    await expect(db.prepare("insert into league_members (league_id, player_id, joined_at) values ('l1', 'p1', 9)").run()).rejects.toThrow(/UNIQUE/);
    const indexes = await db.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'league_members' and name not like 'sqlite_%'").all<{ name: string }>();
    expect(indexes.results.map((r) => r.name)).toEqual(["league_members_player"]);
  });
});
