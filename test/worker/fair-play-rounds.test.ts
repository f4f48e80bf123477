// Fair play through the real write path: words judged by the Worker, receipts synced through
// POST /api/rounds/:id/receipts, the queue consumer merging them. Three bots (machine speed, a
// human-paced sweep of the whole board, human replays), the day's aggregates against a recount
// over verified rounds, and redeliveries of a flagged round.
//
// Judging times are the server's clock, signed into each receipt: rounds at a human pace are
// played by issuing receipts at chosen times with the test secret, as the Worker would have.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mergeSyncs } from "#worker/results/merge-syncs.ts";
import { MAX_RECEIPTS_PER_SYNC } from "#game/round.ts";
import { ranksOf } from "#worker/results/found-set.ts";
import { MAX_WORDS_PER_MINUTE, MAX_WORDS_PER_WINDOW, PACE_BUCKET_MS, SUSTAINED_WINDOW_MS, paceOf, peakWindow } from "#worker/results/fair-play.ts";
import { TOP_PLACES } from "#worker/results/provisional.ts";
import { playAt } from "./fair-play-helpers.ts";
import { call, callJson, newPlayer, puzzleOf, rowsEverywhere, startRound, submit, sync, today, type Json, waitForStored } from "./helpers.ts";

interface FairPlayRow {
  verified: number;
  flags: string;
  score: number;
  words: number;
}

async function fairPlayOf(roundId: string): Promise<FairPlayRow> {
  const [row] = await rowsEverywhere<FairPlayRow>("select verified, flags, score, words from rounds where id = ?", roundId);
  if (row === undefined) throw new Error(`no round ${roundId}`);
  return row;
}

/** Evenly spaced over `span` ms. */
function spaced(count: number, span: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.floor(((i + 1) * span) / (count + 1)));
}

async function aggregatesOf(date: string) {
  // Each shard counts its own rounds: the day's counts are the sums.
  const sums = async (sql: string) => {
    const total = new Map<number, number>();
    for (const { key, n } of await rowsEverywhere<{ key: number; n: number }>(sql, date)) total.set(key, (total.get(key) ?? 0) + n);
    return [...total].filter(([, n]) => n !== 0).sort(([a], [b]) => a - b);
  };
  const histogram = (await sums("select score as key, rounds as n from score_histogram where puzzle_date = ?")).map(([score, rounds]) => ({ score, rounds }));
  const finders = (await sums("select word_rank as key, finders as n from word_finders where puzzle_date = ?")).map(([rank, finders]) => ({ rank, finders }));
  return { histogram, finders };
}

/** The aggregates as they should be: counted again from the day's verified ranked rounds. */
async function recountOf(date: string) {
  const rows = await rowsEverywhere<{ score: number; found: number[] }>("select score, found from rounds where puzzle_date = ? and ranked = 1 and verified = 1", date);
  const scores = new Map<number, number>();
  const finders = new Map<number, number>();
  for (const row of rows) {
    scores.set(row.score, (scores.get(row.score) ?? 0) + 1);
    for (const rank of ranksOf(Uint8Array.from(row.found))) finders.set(rank, (finders.get(rank) ?? 0) + 1);
  }
  return {
    histogram: [...scores].sort((a, b) => a[0] - b[0]).map(([score, rounds]) => ({ score, rounds })),
    finders: [...finders].sort((a, b) => a[0] - b[0]).map(([rank, n]) => ({ rank, finders: n })),
  };
}

async function leaderboardIds(review: boolean): Promise<string[]> {
  const path = `/api/puzzles/${today()}/leaderboard?limit=100${review ? "&review=1" : ""}`;
  await caches.default.delete(new Request(`https://tumbleword.test${path}`));
  const body = await callJson(path);
  return body.entries.map((e: { roundId: string }) => e.roundId);
}

describe("fair play of ranked rounds", () => {
  // Shared by the tests below, in order: the rounds of one day.
  const flagged: string[] = [];
  const humans: string[] = [];

  it("flags a scripted bot that submits words at machine speed, through the real word endpoint", async () => {
    const puzzle = await puzzleOf(today());
    const words = puzzle.words.filter((w) => w.common).slice(0, MAX_WORDS_PER_WINDOW + 5).map((w) => w.word);
    expect(words).toHaveLength(MAX_WORDS_PER_WINDOW + 5);
    const bot = await newPlayer("Speedy");
    const round = await startRound(bot);
    const receipts: string[] = [];
    for (const word of words) receipts.push((await submit(round, word)).receipt);
    await sync(round, receipts);
    await waitForStored(round.roundId, words.length);

    expect(await fairPlayOf(round.roundId)).toMatchObject({ verified: 0, flags: "pace", words: words.length });
    flagged.push(round.roundId);

    // Shown to its player, with the reason, but not ranked.
    const me = await callJson(`/api/puzzles/today/leaderboard/me`, { token: bot.token });
    expect(me.you).toMatchObject({ roundId: round.roundId, verified: false, rank: null, percentile: null, flags: ["pace"], words: words.length });
    expect(me.you.reason).toMatch(/under review/i);
    expect(me.you.reason).toMatch(/10 seconds/);
  });

  it("flags a bot pacing itself like a fast human that finds every word, the rarest included", async () => {
    const puzzle = await puzzleOf(today());
    // Everyday words first, as a person would find them; the rare ones later.
    const all = [...puzzle.words.filter((w) => w.common), ...puzzle.words.filter((w) => !w.common)].map((w) => w.word);
    // The board is big enough for the share rules, with enough rare words.
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(puzzle.words.filter((w) => !w.common).length).toBeGreaterThanOrEqual(20);
    const bot = await newPlayer("Steady");
    // Evenly over the 3 minutes: under MAX_WORDS_PER_WINDOW in any 10 seconds on a board of up
    // to about 340 words.
    expect(all.length).toBeGreaterThan(MAX_RECEIPTS_PER_SYNC);
    let counted = false;
    const offsets = spaced(all.length, 175_000);
    const round = await playAt(bot, all, offsets, async (roundId, batch) => {
      if (batch !== 0) return;
      // After its first sync it still looks like a strong player, and counts like one, unless the
      // minute it spans is already faster than anyone keeps up (the sustained-pace rule): on a
      // board of more than about 130 words, even words evenly over the round are.
      const firstMinutes = paceOf(0, offsets.slice(0, MAX_RECEIPTS_PER_SYNC));
      const sustained = peakWindow(firstMinutes, SUSTAINED_WINDOW_MS / PACE_BUCKET_MS) > MAX_WORDS_PER_MINUTE;
      expect(await fairPlayOf(roundId)).toMatchObject({ verified: sustained ? 0 : 1, words: MAX_RECEIPTS_PER_SYNC });
      if (sustained) expect(await leaderboardIds(false)).not.toContain(roundId);
      else expect(await leaderboardIds(false)).toContain(roundId);
      counted = true;
    });
    expect(counted).toBe(true);
    const row = await fairPlayOf(round.roundId);
    expect(row.verified).toBe(0);
    expect(row.flags.split(",")).toEqual(expect.arrayContaining(["sweep", "rare-sweep"]));
    if ((all.length * 10) / 175 < MAX_WORDS_PER_WINDOW - 1) expect(row.flags).not.toContain("pace");
    flagged.push(round.roundId);
  });

  it("does not flag replays of human-paced rounds", async () => {
    const puzzle = await puzzleOf(today());
    const common = puzzle.words.filter((w) => w.common).map((w) => w.word);
    const rare = puzzle.words.filter((w) => !w.common).map((w) => w.word);
    const replays: { words: string[]; offsets: number[] }[] = [
      // A steady player: a word every 8 seconds or so, mostly everyday words.
      { words: [...common.slice(0, 18), ...rare.slice(0, 2)], offsets: spaced(20, 175_000) },
      // A strong player who finds a burst of words at the start, then slows down.
      {
        words: [...common.slice(5, 40), ...rare.slice(2, 6)],
        offsets: [...Array.from({ length: 10 }, (_, i) => 1_500 + i * 700), ...spaced(29, 160_000).map((t) => 15_000 + t)],
      },
      // A slow start and a sprint at the end, inside the grace.
      { words: common.slice(20, 32), offsets: [...spaced(4, 120_000), ...Array.from({ length: 8 }, (_, i) => 172_000 + i * 1_000)] },
      // Few words.
      { words: common.slice(3, 6), offsets: [30_000, 60_000, 90_000] },
    ];
    for (const [i, replay] of replays.entries()) {
      expect(replay.words.length).toBe(replay.offsets.length);
      const round = await playAt(await newPlayer(`Human ${i}`), replay.words, replay.offsets);
      expect(await fairPlayOf(round.roundId), `replay ${i}`).toMatchObject({ verified: 1, flags: "" });
      humans.push(round.roundId);
    }
    // Nor does their word choice look like a solver's (results/word-choice.ts): in the top places
    // they are new players' ("new"), never "picks".
    const path = `/api/puzzles/${today()}/leaderboard?limit=100`;
    await caches.default.delete(new Request(`https://tumbleword.test${path}`));
    const entries: { roundId: string; rank: number; provisional: string | null }[] = (await callJson(path)).entries;
    for (const id of humans) {
      const entry = entries.find((e) => e.roundId === id)!;
      expect(entry.provisional, `replay ${humans.indexOf(id)}`).toBe(entry.rank <= TOP_PLACES ? "new" : null);
    }
  });

  it("lists flagged rounds apart, never ranked, and keeps them out of the day's aggregates", async () => {
    const ranked = await leaderboardIds(false);
    const review = await leaderboardIds(true);
    for (const id of flagged) {
      expect(ranked).not.toContain(id);
      expect(review).toContain(id);
    }
    for (const id of humans) {
      expect(ranked).toContain(id);
      expect(review).not.toContain(id);
    }
    // The histogram and finder counts are exactly a recount over the verified rounds: the sweep
    // bot's first batches, counted while it still looked plausible, were withdrawn.
    expect(await aggregatesOf(today())).toEqual(await recountOf(today()));
    const board = await callJson(`/api/puzzles/${today()}/leaderboard?limit=100`);
    expect(board.total).toBe(humans.length);
  });

  it("changes nothing when a flagged round's sync is redelivered or sent again", async () => {
    const puzzle = await puzzleOf(today());
    const [roundId] = flagged;
    const before = { round: await fairPlayOf(roundId), aggregates: await aggregatesOf(today()) };
    const [row] = await rowsEverywhere<{ found: number[] }>("select found from rounds where id = ?", roundId);
    const words = ranksOf(Uint8Array.from(row!.found)).map((rank) => puzzle.words[rank].word);
    const at = words.map(() => Date.now());
    const outcome = await mergeSyncs(env, [{ roundId, date: today(), ranked: true, words, at }]);
    expect(outcome.roundsChanged).toBe(0);
    expect({ round: await fairPlayOf(roundId), aggregates: await aggregatesOf(today()) }).toEqual(before);

    // A word it had not found yet changes the round itself, never the aggregates again.
    const extra = puzzle.words.find((w) => !words.includes(w.word))!;
    await mergeSyncs(env, [{ roundId, date: today(), ranked: true, words: [extra.word], at: [Date.now()] }]);
    const after = await fairPlayOf(roundId);
    expect(after).toMatchObject({ verified: 0, flags: "pace", words: before.round.words + 1 });
    expect(await aggregatesOf(today())).toEqual(before.aggregates);
  });

  it("says a verified round is verified in the player's own standing", async () => {
    const player = await newPlayer("Plain");
    await playAt(player, [(await puzzleOf(today())).words[0].word], [20_000]);
    const res = await call(`/api/puzzles/today/leaderboard/me`, { token: player.token });
    const me = await res.json<Json>();
    expect(me.you).toMatchObject({ verified: true, rank: expect.any(Number), percentile: expect.any(Number) });
  });
});
