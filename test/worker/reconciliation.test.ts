// After any interleaving of words, syncs, duplicate syncs, queue redeliveries and tabs closed
// before their last sync (resynced later from the receipts they kept), every round holds exactly
// its receipted words, its score is theirs, and the day's aggregates equal a recount of the rounds.
import { env } from "cloudflare:workers";
import { allShardD1s } from "#worker/db/shards.ts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeSyncs } from "#worker/results/merge-syncs.ts";
import { ranksOf } from "#worker/results/found-set.ts";
import { type TestPlayer, NOT_A_WORD, newPlayer, puzzleOf, startRound, submit, sync, today, waitForStored, wordNotOnBoard } from "./helpers.ts";

type Kind = "valid" | "invalid" | "repeat" | "sync" | "duplicate-sync" | "redeliver" | "close-tab";

interface Action {
  player: number;
  kind: Kind;
  pick: number;
}

const PLAYERS = 4;

describe("reconciliation", () => {
  it("keeps rounds and aggregates equal to the receipted words under random concurrent play", async () => {
    const puzzle = await puzzleOf(today());
    const valid = puzzle.words.map((w) => w.word);
    const invalid = ["at", NOT_A_WORD, wordNotOnBoard(puzzle), "qqq"];
    const action = fc.record({
      player: fc.nat({ max: PLAYERS - 1 }),
      kind: fc.constantFrom<Kind>("valid", "valid", "valid", "invalid", "repeat", "sync", "duplicate-sync", "redeliver", "close-tab"),
      pick: fc.nat(),
    });

    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(action, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }), async (waves) => {
        const players: TestPlayer[] = await Promise.all(Array.from({ length: PLAYERS }, () => newPlayer()));
        const rounds = await Promise.all(players.map((p) => startRound(p)));
        const accepted = players.map(() => new Map<string, string>()); // word -> a receipt
        const unsynced = players.map(() => [] as string[]);
        const synced = players.map(() => [] as string[]);
        const sent = players.map(() => [] as string[]);
        for (const wave of waves) {
          // Each wave's actions run concurrently.
          await Promise.all(
            wave.map(async ({ player, kind, pick }) => {
              const round = rounds[player];
              if (kind === "valid" || kind === "invalid" || kind === "repeat") {
                const mine = sent[player];
                const word = kind === "valid" ? valid[pick % valid.length] : kind === "invalid" ? invalid[pick % invalid.length] : (mine[pick % Math.max(mine.length, 1)] ?? valid[0]);
                mine.push(word);
                const answer = await submit(round, word);
                expect(answer.accepted).toBe(valid.includes(word));
                if (answer.accepted) {
                  expect(answer.points).toBe(puzzle.byWord.get(word)?.points);
                  accepted[player].set(word, answer.receipt);
                  unsynced[player].push(answer.receipt);
                }
              } else if (kind === "sync" || kind === "duplicate-sync") {
                const batch = kind === "sync" ? unsynced[player].splice(0) : synced[player].slice(0, 1 + (pick % 5));
                if (batch.length === 0) return;
                const answer = await sync(round, batch);
                expect(answer.refused).toEqual([]);
                if (kind === "sync") synced[player].push(...batch);
              } else if (kind === "redeliver") {
                // The queue delivering again what it already delivered (at least once).
                const words = [...accepted[player].keys()].filter((w) => synced[player].includes(accepted[player].get(w)!));
                if (words.length > 0) await mergeSyncs(env, [{ roundId: round.roundId, date: round.date, ranked: true, words }]);
              } else {
                // A tab closed before its last sync: what it had not sent is gone from memory,
                // its receipts stay in its storage (accepted) for the next visit.
                unsynced[player].length = 0;
              }
            }),
          );
        }
        // The next visit: every tab syncs whatever it holds, and the queue drains.
        for (const [i, round] of rounds.entries()) {
          const all = [...accepted[i].values()];
          for (let k = 0; k < all.length; k += 60) await sync(round, all.slice(k, k + 60));
        }
        for (const [i, round] of rounds.entries()) {
          const stored = await waitForStored(round.roundId, accepted[i].size);
          const words = ranksOf(Uint8Array.from(stored.found)).map((rank) => puzzle.words[rank].word);
          expect(new Set(words)).toEqual(new Set(accepted[i].keys()));
          expect(stored.words).toBe(accepted[i].size);
          expect(stored.score).toBe([...accepted[i].keys()].reduce((s, w) => s + (puzzle.byWord.get(w)?.points ?? Number.NaN), 0));
        }
      }),
      { numRuns: 6 },
    );

    // Compare each shard's aggregates with a recount of its ranked rounds of the day, all read in
    // one batch (one transaction): a merge still landing from the queue changes a shard's rounds
    // and aggregates together, so each shard's snapshot agrees whenever it is taken.
    let total = 0;
    for (const d1 of allShardD1s(env)) {
      const [rounds, storedFinders, storedScores] = (await d1.batch([
        d1.prepare("select found, score from rounds where puzzle_date = ? and ranked = 1").bind(today()),
        d1.prepare("select word_rank, finders from word_finders where puzzle_date = ? and finders != 0").bind(today()),
        d1.prepare("select score, rounds from score_histogram where puzzle_date = ? and rounds != 0").bind(today()),
      ])) as [D1Result<{ found: number[]; score: number }>, D1Result<{ word_rank: number; finders: number }>, D1Result<{ score: number; rounds: number }>];
      const finders = new Map<number, number>();
      const scores = new Map<number, number>();
      for (const r of rounds.results) {
        for (const rank of ranksOf(Uint8Array.from(r.found))) finders.set(rank, (finders.get(rank) ?? 0) + 1);
        scores.set(r.score, (scores.get(r.score) ?? 0) + 1);
      }
      expect(new Map(storedFinders.results.map((r) => [r.word_rank, r.finders]))).toEqual(finders);
      expect(new Map(storedScores.results.map((r) => [r.score, r.rounds]))).toEqual(scores);
      total += rounds.results.length;
    }
    expect(total).toBe(6 * PLAYERS);
  });
});
