// After any sequence of requests, every leaderboard score equals the sum of the round's stored
// words, every stored word is a word of the solution with its points, and exactly the words
// answered `accepted` are stored.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type TestPlayer, NOT_A_WORD, call, callJson, newPlayer, puzzleOf, startRound, today, wordNotOnBoard } from "./helpers.ts";

interface Action {
  player: number;
  kind: "valid" | "invalid" | "repeat";
  pick: number;
}

describe("reconciliation", () => {
  it("keeps scores equal to the stored words under random concurrent play", async () => {
    const puzzle = await puzzleOf(today());
    const valid = puzzle.words.map((w) => w.word);
    const invalid = ["at", NOT_A_WORD, wordNotOnBoard(puzzle), "qqq"];
    const action = fc.record({
      player: fc.nat({ max: 3 }),
      kind: fc.constantFrom<Action["kind"]>("valid", "valid", "invalid", "repeat"),
      pick: fc.nat(),
    });

    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(action, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }), async (waves) => {
        const players: TestPlayer[] = await Promise.all([0, 1, 2, 3].map(() => newPlayer()));
        const rounds: string[] = (await Promise.all(players.map((p) => startRound(p)))).map((r) => r.roundId);
        const accepted = players.map(() => new Set<string>());
        const sent = players.map(() => [] as string[]);
        for (const wave of waves) {
          // Each wave's requests run concurrently.
          await Promise.all(
            wave.map(async ({ player, kind, pick }) => {
              const mine = sent[player];
              const word =
                kind === "valid" ? valid[pick % valid.length] : kind === "invalid" ? invalid[pick % invalid.length] : (mine[pick % Math.max(mine.length, 1)] ?? valid[0]);
              mine.push(word);
              const res = await callJson(`/api/rounds/${rounds[player]}/words`, { json: { word }, token: players[player].token });
              expect(res.accepted).toBe(valid.includes(word));
              if (res.accepted) {
                accepted[player].add(word);
                expect(res.points).toBe(puzzle.byWord.get(word)?.points);
              }
            }),
          );
        }
        for (const [i, roundId] of rounds.entries()) {
          const stored = await env.DB.prepare("select word, points from round_words where round_id = ?").bind(roundId).all<{ word: string; points: number }>();
          expect(new Set(stored.results.map((w) => w.word))).toEqual(accepted[i]);
          expect(stored.results).toHaveLength(accepted[i].size);
          for (const w of stored.results) expect(w.points).toBe(puzzle.byWord.get(w.word)?.points);
          const sum = stored.results.reduce((s, w) => s + w.points, 0);
          const again = await callJson(`/api/puzzles/today/rounds`, { method: "POST", token: players[i].token });
          expect(again).toMatchObject({ roundId, score: sum, found: accepted[i].size, words: expect.arrayContaining([...accepted[i]]) });
        }
      }),
      { numRuns: 8 },
    );

    // The whole day: every leaderboard entry's score is the sum of its round's stored words.
    const board = await callJson("/api/puzzles/today/leaderboard?limit=100");
    const sums = await env.DB.prepare(
      `select r.id, r.score, r.words, coalesce(sum(w.points), 0) as total, count(w.word) as n
       from rounds r left join round_words w on w.round_id = r.id
       where r.puzzle_date = ? and r.ranked = 1 group by r.id order by total desc`,
    )
      .bind(today())
      .all<{ score: number; words: number; total: number; n: number }>();
    expect(board.total).toBe(sums.results.length);
    expect(board.entries.map((e: { score: number }) => e.score)).toEqual(sums.results.map((r) => r.total));
    for (const r of sums.results) expect([r.score, r.words]).toEqual([r.total, r.n]);
    const strays = await env.DB.prepare("select count(*) as n from round_words w left join rounds r on r.id = w.round_id where r.id is null").first<{ n: number }>();
    expect(strays?.n).toBe(0);
    expect((await call("/api/health")).status).toBe(200);
  });
});
