// A player's own record read where their rows are (worker/db/shards.ts): the stats' rounds still
// in D1 and the past that the provisional marks weigh (players/player-past.ts) come from the
// player's shard, never from shard 0 alone.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import { pastOf } from "#worker/players/player-past.ts";
import { callJson, newPlayer, newPlayerWhere, play, playerShard, puzzleOf, solutionWords, startRound, today } from "./helpers.ts";

describe("a player's stats", () => {
  it("count the rounds on the player's shard", async () => {
    const player = await newPlayerWhere((shard) => shard !== 0, "Far Away");
    const words = solutionWords(await puzzleOf(today()), 2);
    await play(player, words.map((w) => w.word));
    const stats = await callJson("/api/players/me/stats", { token: player.token });
    expect(stats).toMatchObject({ played: 1, streak: 1, bestScore: words[0]!.points + words[1]!.points });
    expect(stats.history.map((h: { date: string; ranked: boolean }) => [h.date, h.ranked])).toEqual([[today(), true]]);
  });
});

describe("a player's past before a day", () => {
  it("counts the verified ranked days on the player's shard, and each player's own only", async () => {
    const player = await newPlayerWhere((shard) => shard !== 0, "Regular");
    const other = await newPlayer("Newcomer");
    const days = [addDays(today(), -3), addDays(today(), -2), addDays(today(), -1)];
    const scores = [12, 30, 18];
    for (const [i, date] of days.entries()) {
      await puzzleOf(date);
      const round = await startRound(player, date);
      // Earlier ranked days (ranked rounds start only today); the last one is under review.
      await playerShard(player.playerId).prepare("update rounds set ranked = 1, score = ?, verified = ? where id = ?").bind(scores[i], i === 2 ? 0 : 1, round.roundId).run();
    }
    const past = await pastOf(env, [player.playerId, other.playerId], today());
    expect(past.get(player.playerId)).toEqual({ days: 2, best: 30 });
    expect(past.get(other.playerId)).toEqual({ days: 0, best: 0 });
    // Before the second day, only the first counts.
    expect((await pastOf(env, [player.playerId], days[1]!)).get(player.playerId)).toEqual({ days: 1, best: 12 });
  });
});
