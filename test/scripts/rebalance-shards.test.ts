// scripts/rebalance-shards.ts (what `npm run deploy` runs with --remote, through the same wrangler
// calls): rows of the tables that live on their player's shard, left on another shard, move to
// theirs with every byte (players and their rounds too, with the day's puzzle row where it is
// missing; the days' partial counts stay); a newer copy already there wins; a second run moves nothing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "vitest";
import { shardOfPlayer } from "#worker/db/player-buckets.ts";
import { projectNode as node, projectRoot as root } from "#scripts/lib/server.ts";
import { ON, onShard, rebalance } from "./rebalance-helpers.ts";

const DAY = "2026-03-01";
const BOARD = JSON.stringify([["a", "b"], ["c", "d"]]);
const SOLUTION = JSON.stringify([{ word: "it's", path: [0, 1], points: 1, common: true }]);

function insertPuzzle(db: DatabaseSync): void {
  db.prepare("insert into puzzles (date, number, board, rules, attempts, words, points, common_words, common_points, solution, created_at) values (?, 7, ?, 'classic', 1, 1, 1, 1, 1, ?, 3)").run(DAY, BOARD, SOLUTION);
}

test("a bad call is one usage line and exit code 2", () => {
  for (const args of [[], ["--local", "--remote"], ["--remote", "--persist-to", "/tmp/x"], ["--local", "--persist-to"]]) {
    const result = rebalance(...args);
    expect(result.status, args.join(" ")).toBe(2);
    expect(result.stderr.trim()).toBe("usage: node scripts/rebalance-shards.ts --remote | --local [--persist-to DIR]");
  }
});

// Each test spawns a migration and two rebalances (dozens of wrangler runs): about 4 minutes on a
// loaded 2-core machine (252 s seen), hence the room.
test("--local moves each summary, passkey, push subscription, player and round to its player's shard, once", { timeout: 1_200_000 }, () => {
  expect(ON.map((id) => shardOfPlayer(id, 4))).toEqual([1, 2, 3, 0]);
  const dir = mkdtempSync(path.join(tmpdir(), "tumbleword-rebalance-"));
  try {
    const migrated = spawnSync(node, ["scripts/migrate-shards.ts", "--local", "--persist-to", dir], { cwd: root, encoding: "utf8", timeout: 240_000 });
    expect(migrated.status, migrated.stdout + migrated.stderr).toBe(0);
    // Written on shard 0 as before the tables moved, one row of each player's already at home.
    onShard(dir, 0, (db) => {
      for (const [i, id] of ON.entries()) {
        db.prepare("insert into player_summaries (player_id, summary, through_date) values (?, ?, ?)").run(id, `{"old":${i},"it's":"quoted"}`, "2026-03-01");
        db.prepare("insert into passkeys (id, player_id, public_key, counter, transports, name, created_at, last_used_at) values (?, ?, ?, 3, '[\"usb\"]', ?, 10, null)").run(`key-${i}`, id, Uint8Array.from([0, 255, i]), `Ana's key ${i}`);
        db.prepare("insert into push_subscriptions (endpoint, player_id, p256dh, auth, lang, local_hour, hour_utc, created_at) values (?, ?, 'k', 'a', 'fr', 8, 7, 20)").run(`https://push.example/${i}`, id);
      }
      // Players and their rounds of a day whose puzzle row is only here, and the day's counts.
      insertPuzzle(db);
      for (const [i, id] of ON.entries()) {
        db.prepare("insert into players (id, name, created_at, token_version) values (?, ?, 5, 1)").run(id, `O'Player ${i}`);
        db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words, pace, verified, flags) values (?, ?, ?, 1, 100, 280100, ?, ?, 2, ?, ?, ?)").run(
          `round-${i}`, id, DAY, Uint8Array.from([5, i]), 10 + i, Uint8Array.from([1, 0, 1]), i === 2 ? 0 : 1, i === 2 ? "pace" : "",
        );
        db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words, verified, flags) values (?, ?, ?, 0, 200, null, x'', 0, 0, 1, '')").run(`practice-${i}`, id, DAY);
      }
      db.prepare("insert into score_histogram (puzzle_date, score, rounds) values (?, 10, 1), (?, 11, 1), (?, 13, 1)").run(DAY, DAY, DAY);
    });
    // A move that stopped half-way: shard 2's player was copied already (then revoked there); shard 2 has the puzzle.
    onShard(dir, 2, (db) => {
      insertPuzzle(db);
      db.prepare("insert into players (id, name, created_at, token_version) values (?, 'Renamed', 5, 3)").run(ON[1]);
    });
    // Shard 1's player already has a newer summary there (folded after the move): it stays.
    // Shard 2's has an older one: the one from shard 0 replaces it.
    onShard(dir, 1, (db) => db.prepare("insert into player_summaries (player_id, summary, through_date) values (?, '{\"new\":1}', '2026-04-01')").run(ON[0]));
    onShard(dir, 2, (db) => db.prepare("insert into player_summaries (player_id, summary, through_date) values (?, '{\"older\":2}', '2026-02-01')").run(ON[1]));

    const first = rebalance("--local", "--persist-to", dir);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain("DB: 3 player_summaries, 3 passkeys, 3 push_subscriptions, 3 players, 0 room_results, 0 link_codes, 6 rounds moved to their players' shards");

    for (let shard = 0; shard < 4; shard++) {
      onShard(dir, shard, (db) => {
        const mine = ON.filter((id) => shardOfPlayer(id, 4) === shard);
        const i = ON.indexOf(mine[0]!);
        expect(db.prepare("select player_id from player_summaries").all().map((r) => r.player_id), `shard ${shard}`).toEqual(mine);
        expect(db.prepare("select summary from player_summaries").get()).toEqual({ summary: shard === 1 ? '{"new":1}' : `{"old":${i},"it's":"quoted"}` });
        expect(db.prepare("select id, player_id, hex(public_key) as key, counter, transports, name, created_at, last_used_at from passkeys").all()).toEqual([
          { id: `key-${i}`, player_id: mine[0], key: `00FF0${i}`, counter: 3, transports: '["usb"]', name: `Ana's key ${i}`, created_at: 10, last_used_at: null },
        ]);
        expect(db.prepare("select endpoint, player_id, lang, hour_utc from push_subscriptions").all()).toEqual([{ endpoint: `https://push.example/${i}`, player_id: mine[0], lang: "fr", hour_utc: 7 }]);
        expect(db.prepare("select id, name, created_at, token_version from players").all()).toEqual([
          shard === 2 ? { id: mine[0], name: "Renamed", created_at: 5, token_version: 3 } : { id: mine[0], name: `O'Player ${i}`, created_at: 5, token_version: 1 },
        ]);
        expect(db.prepare("select id, player_id, puzzle_date, ranked, hex(found) as found, score, hex(pace) as pace, verified, flags, ends_at from rounds order by ranked desc").all()).toEqual([
          { id: `round-${i}`, player_id: mine[0], puzzle_date: DAY, ranked: 1, found: `050${i}`, score: 10 + i, pace: "010001", verified: i === 2 ? 0 : 1, flags: i === 2 ? "pace" : "", ends_at: 280100 },
          { id: `practice-${i}`, player_id: mine[0], puzzle_date: DAY, ranked: 0, found: "", score: 0, pace: "", verified: 1, flags: "", ends_at: null },
        ]);
        // The puzzle row came along (every byte), once; the day's counts stayed where they were.
        expect(db.prepare("select date, number, board, solution from puzzles").all()).toEqual([{ date: DAY, number: 7, board: BOARD, solution: SOLUTION }]);
        expect(db.prepare("select count(*) as n from score_histogram").get()).toEqual({ n: shard === 0 ? 3 : 0 });
      });
    }

    const second = rebalance("--local", "--persist-to", dir);
    expect(second.status, second.stdout + second.stderr).toBe(0);
    expect(second.stdout.match(/: 0 player_summaries, 0 passkeys, 0 push_subscriptions, 0 players, 0 room_results, 0 link_codes, 0 rounds moved/g)).toHaveLength(4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The first key of a fixed sequence (`prefix` and a number) that falls on `shard` of 4. */
function keyOn(shard: number, prefix: string): string {
  for (let i = 0; ; i++) if (shardOfPlayer(`${prefix}${i}`, 4) === shard) return `${prefix}${i}`;
}

test("--local moves room results to their player's shard (a guest's to its round key's) and link codes to their hash's, once", { timeout: 1_200_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tumbleword-rebalance-"));
  const result = "insert into room_results (round_key, seat_id, room_code, round, player_id, name, score, words, struck, rank, players, size, rules, finished_at) values (?, ?, 'WXYZ', 2, ?, ?, ?, 3, 1, ?, 5, 4, 'classic', 77)";
  // A guest's round key and link code hashes that fall on shards 2, and 0 to 3.
  const guestRound = keyOn(2, "WXYZ/5/");
  const hashes = [0, 1, 2, 3].map((shard) => keyOn(shard, "hash-"));
  try {
    const migrated = spawnSync(node, ["scripts/migrate-shards.ts", "--local", "--persist-to", dir], { cwd: root, encoding: "utf8", timeout: 240_000 });
    expect(migrated.status, migrated.stdout + migrated.stderr).toBe(0);
    onShard(dir, 0, (db) => {
      for (const [i, id] of ON.entries()) db.prepare(result).run("WXYZ/1/2", `seat-${i}`, id, `O'Seat ${i}`, 10 + i, 4 - i);
      db.prepare(result).run(guestRound, "guest", null, "Guest", 1, 5);
      for (const [i, hash] of hashes.entries()) db.prepare("insert into link_codes (code_hash, player_id, expires_at, created_at) values (?, ?, 900, 800)").run(hash, ON[i]);
    });
    // A move that stopped half-way: shard 1's row was copied already.
    onShard(dir, 1, (db) => db.prepare(result).run("WXYZ/1/2", "seat-0", ON[0], "O'Seat 0", 10, 4));

    const first = rebalance("--local", "--persist-to", dir);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain("DB: 0 player_summaries, 0 passkeys, 0 push_subscriptions, 0 players, 4 room_results, 3 link_codes, 0 rounds moved");

    for (let shard = 0; shard < 4; shard++) {
      onShard(dir, shard, (db) => {
        const i = ON.findIndex((id) => shardOfPlayer(id, 4) === shard);
        const seats = db.prepare("select round_key, seat_id, player_id, name, score, rank, finished_at from room_results order by seat_id").all();
        const guest = shard === 2 ? [{ round_key: guestRound, seat_id: "guest", player_id: null, name: "Guest", score: 1, rank: 5, finished_at: 77 }] : [];
        expect(seats, `shard ${shard}`).toEqual([...guest, { round_key: "WXYZ/1/2", seat_id: `seat-${i}`, player_id: ON[i], name: `O'Seat ${i}`, score: 10 + i, rank: 4 - i, finished_at: 77 }]);
        expect(db.prepare("select code_hash, player_id, expires_at, created_at from link_codes").all()).toEqual([{ code_hash: hashes[shard], player_id: ON[shard], expires_at: 900, created_at: 800 }]);
      });
    }

    const second = rebalance("--local", "--persist-to", dir);
    expect(second.status, second.stdout + second.stderr).toBe(0);
    expect(second.stdout.match(/: 0 player_summaries, 0 passkeys, 0 push_subscriptions, 0 players, 0 room_results, 0 link_codes, 0 rounds moved/g)).toHaveLength(4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
