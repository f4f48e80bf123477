// "A league week won" (worker/leagues/league-weeks.ts): awarded once a language's Sunday board
// has been folded, from league_results (what retention keeps), kept in the winner's summary with
// the Sunday's date, so it stays after the player leaves the league and through the passkey merge.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { summaryByPlayer } from "#worker/players/sharded-summaries.ts";
import { endsLeagueWeek, leagueWeekStep } from "#worker/leagues/league-weeks.ts";
import { emptySummary, mergeSummaries, statsOf } from "#worker/players/player-summary.ts";
import { type TestPlayer, callJson, newPlayer, newPlayerOnAnotherShard, playerShard } from "./helpers.ts";

// A past week, Monday 2026-01-05 to Sunday 2026-01-11, of French boards.
const MONDAY = "2026-01-05";
const SUNDAY = "2026-01-11";
const day = (n: number) => `2026-01-${String(5 + n).padStart(2, "0")}-fr`;

async function league(owner: TestPlayer, members: readonly TestPlayer[]): Promise<string> {
  const { code } = await callJson("/api/leagues", { json: { name: "Semaine", lang: "fr" }, token: owner.token }, 201);
  for (const m of members) await callJson(`/api/leagues/${code}/members`, { method: "POST", token: m.token }, 201);
  return code;
}

/** Results of the week as retention keeps them in league_results, on each player's shard: [player, day of the week, score]. */
async function keep(results: readonly [TestPlayer, number, number][]): Promise<void> {
  for (const [p, n, score] of results) {
    await playerShard(p.playerId).prepare("insert into league_results (player_id, date, round_id, score, words, verified, flags) values (?, ?, ?, ?, 1, 1, '')").bind(p.playerId, day(n), crypto.randomUUID(), score).run();
  }
}

/** Every step of the Sunday board's awards, as retention's "leagues" phase runs them. */
async function award(board: string): Promise<void> {
  let after: string | null = "";
  while (after !== null) after = await leagueWeekStep(env, board, after);
}

const earned = async (p: TestPlayer) => (await summaryByPlayer(env, p.playerId))?.summary.earned ?? {};

describe("a league week won", () => {
  it("goes to the week's first on daily rank points, on the Sunday, and to nobody alone in a league", async () => {
    expect([MONDAY, SUNDAY].map((d) => endsLeagueWeek(`${d}-fr`))).toEqual([false, true]);
    // Bea's summary (where the award goes) is on another shard than Ann's.
    const ann = await newPlayer("Ann");
    const [bea, cal, dee] = [await newPlayerOnAnotherShard(ann.playerId, "Bea"), await newPlayer("Cal"), await newPlayer("Dee")];
    await league(ann, [bea, cal]);
    // Dee plays alone in her own league: a week with no one to beat is not won.
    await league(dee, []);
    // Monday: Ann 1st of 2 (2 points), Bea 1 point. Tuesday: Bea 1st (2), Ann 1. Wednesday: Bea alone (1).
    // Ann 3, Bea 4: Bea wins though Ann scored more in all. Cal never played.
    await keep([
      [ann, 0, 40],
      [bea, 0, 10],
      [ann, 1, 30],
      [bea, 1, 31],
      [bea, 2, 5],
      [dee, 0, 99],
      [dee, 6, 99],
    ]);

    // A Saturday's board awards nothing: the week is not over.
    await award(day(5));
    expect(await earned(bea)).toEqual({});

    await award(`${SUNDAY}-fr`);
    expect(await earned(bea)).toEqual({ "league-week": SUNDAY });
    expect(await earned(ann)).toEqual({});
    expect(await earned(cal)).toEqual({});
    expect(await earned(dee)).toEqual({});
    // The English Sunday board is another language's week: Bea's French week is not read again.
    await award(SUNDAY);
    expect(await earned(ann)).toEqual({});

    // Shown on the stats, and kept after Bea leaves every league.
    expect((await callJson("/api/players/me/stats", { token: bea.token })).achievements).toMatchObject({ "league-week": SUNDAY });
    await playerShard(bea.playerId).prepare("delete from league_members where player_id = ?").bind(bea.playerId).run();
    expect((await callJson("/api/players/me/stats", { token: bea.token })).achievements).toMatchObject({ "league-week": SUNDAY });

    // Through the passkey merge, into a summary that had none.
    const kept = (await summaryByPlayer(env, bea.playerId))!.summary;
    const merged = mergeSummaries(emptySummary(), kept, [])!.summary;
    expect(statsOf(merged, [], "2026-02-01").achievements).toMatchObject({ "league-week": SUNDAY });
  });

  it("ties for first both win; an award given again keeps its first day", async () => {
    const eli = await newPlayer("Eli");
    const fox = await newPlayerOnAnotherShard(eli.playerId, "Fox");
    await league(eli, [fox]);
    await keep([
      [eli, 3, 12],
      [fox, 3, 12],
    ]);
    await award(`${SUNDAY}-fr`);
    expect([await earned(eli), await earned(fox)]).toEqual([{ "league-week": SUNDAY }, { "league-week": SUNDAY }]);
    await award(`${SUNDAY}-fr`);
    expect(await earned(eli)).toEqual({ "league-week": SUNDAY });
  });
});
