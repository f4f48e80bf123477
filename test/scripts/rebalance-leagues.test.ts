// scripts/rebalance-shards.ts and league rows (worker/leagues/league-shards.ts): memberships and kept
// results left on shard 0 (where every league row lived before) move to their member's shard,
// leagues and removals to their league's, with every byte; a copy already on its shard (a move
// that stopped half-way, or a row the Worker wrote there since) stays; a second run moves nothing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { shardOfPlayer } from "#worker/db/player-buckets.ts";
import { projectNode as node, projectRoot as root } from "#scripts/lib/server.ts";
import { ON, onShard, rebalance } from "./rebalance-helpers.ts";

/** League ids on shards 2, 3 and 0 of 4 (hashed as player ids are). */
const LEAGUE = ["00000000-0000-4000-9000-000000000000", "00000000-0000-4000-9000-000000000003", "00000000-0000-4000-9000-000000000002"] as const;

const leagueRow = (i: number, name: string) => ({ id: LEAGUE[i], code: `CODE${i}`, name, owner_id: ON[i], created_at: 10 + i, lang: i === 1 ? "fr" : "en", embed_key: i === 2 ? null : `KEY${i}` });
const member = (league: number, player: number) => ({ league_id: LEAGUE[league], player_id: ON[player], joined_at: 100 * league + player });
const removal = (league: number, player: number) => ({ league_id: LEAGUE[league], player_id: ON[player], removed_at: 500 + player });
const result = (player: number, date: string) => ({ player_id: ON[player], date, round_id: `r-${player}-${date}`, score: 7 + player, words: 2, verified: player === 2 ? 0 : 1, flags: player === 2 ? "it's pace" : "" });

test("--local moves each membership and kept result to its member's shard, each league and removal to its league's, once", { timeout: 1_200_000 }, () => {
  expect(ON.map((id) => shardOfPlayer(id, 4))).toEqual([1, 2, 3, 0]);
  expect(LEAGUE.map((id) => shardOfPlayer(id, 4))).toEqual([2, 3, 0]);
  const dir = mkdtempSync(path.join(tmpdir(), "tumbleword-rebalance-leagues-"));
  try {
    const migrated = spawnSync(node, ["scripts/migrate-shards.ts", "--local", "--persist-to", dir], { cwd: root, encoding: "utf8", timeout: 240_000 });
    expect(migrated.status, migrated.stdout + migrated.stderr).toBe(0);
    const members = [member(0, 0), member(0, 1), member(1, 1), member(1, 2), member(1, 3), member(2, 3)];
    const removals = [removal(0, 2), removal(2, 0)];
    const results = [result(0, "2026-03-01"), result(1, "2026-03-01"), result(1, "2026-03-02-fr"), result(2, "2026-03-01"), result(3, "2026-03-01")];
    // Every league row on shard 0, as before they moved.
    onShard(dir, 0, (db) => {
      const insert = (table: string, row: Record<string, string | number | null>) =>
        db.prepare(`insert into ${table} (${Object.keys(row).join(", ")}) values (${Object.keys(row).map(() => "?").join(", ")})`).run(...Object.values(row));
      for (const [i, name] of ["O'Brien's", "Chats", "Home"].entries()) insert("leagues", leagueRow(i, name));
      for (const row of members) insert("league_members", row);
      for (const row of removals) insert("league_removals", row);
      for (const row of results) insert("league_results", row);
    });
    // A move that stopped half-way, or the Worker's writes since: the league on shard 3 was renamed
    // there, and one membership is on its member's shard already.
    onShard(dir, 3, (db) => db.prepare("insert into leagues (id, code, name, owner_id, created_at, lang, embed_key) values (?, 'CODE1', 'Renamed', ?, 11, 'fr', 'KEY1')").run(LEAGUE[1], ON[1]));
    onShard(dir, 2, (db) => db.prepare("insert into league_members (league_id, player_id, joined_at) values (?, ?, 1)").run(LEAGUE[0], ON[1]));

    const first = rebalance("--local", "--persist-to", dir);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain("DB: 4 league_members, 4 league_results, 2 leagues, 1 league_removals moved to their members' or leagues' shards");

    const byPlayer = (row: { player_id: string }) => shardOfPlayer(row.player_id, 4);
    const byLeague = (row: { league_id: string }) => shardOfPlayer(row.league_id, 4);
    for (let shard = 0; shard < 4; shard++) {
      onShard(dir, shard, (db) => {
        const read = (sql: string) => db.prepare(sql).all().map((row) => ({ ...row }));
        const leagues = LEAGUE.flatMap((id, i) => (shardOfPlayer(id, 4) === shard ? [i === 1 ? { ...leagueRow(1, "Chats"), name: "Renamed" } : leagueRow(i, ["O'Brien's", "Chats", "Home"][i]!)] : []));
        expect(read("select id, code, name, owner_id, created_at, lang, embed_key from leagues order by id"), `shard ${shard}`).toEqual(leagues.sort((a, b) => (a.id < b.id ? -1 : 1)));
        // The membership already on shard 2 kept its own joined_at.
        const wanted = members
          .filter((m) => byPlayer(m) === shard)
          .map((m) => (shard === 2 && m.league_id === LEAGUE[0] ? { ...m, joined_at: 1 } : m))
          .sort((a, b) => (a.league_id < b.league_id ? -1 : a.league_id > b.league_id ? 1 : 0));
        expect(read("select league_id, player_id, joined_at from league_members order by league_id, player_id"), `shard ${shard}`).toEqual(wanted);
        expect(read("select league_id, player_id, removed_at from league_removals order by league_id"), `shard ${shard}`).toEqual(removals.filter((r) => byLeague(r) === shard));
        expect(read("select player_id, date, round_id, score, words, verified, flags from league_results order by player_id, date"), `shard ${shard}`).toEqual(results.filter((r) => byPlayer(r) === shard));
      });
    }

    const second = rebalance("--local", "--persist-to", dir);
    expect(second.status, second.stdout + second.stderr).toBe(0);
    expect(second.stdout.match(/: 0 league_members, 0 league_results, 0 leagues, 0 league_removals moved/g)).toHaveLength(4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
