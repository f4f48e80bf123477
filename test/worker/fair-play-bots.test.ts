// The scripted bots of issue 18, through the real write path (receipts judged by the Worker at
// chosen server times, synced, merged by the queue consumer) and the real leaderboard: a script
// at machine speed, one paced under the 10-second limit that takes every word, and one that
// paces itself and picks the best-scoring words just under every threshold. None may hold a
// top place unnoticed: the first two go under review; the third stays verified (it breaks no
// rule) and its top place is marked provisional "picks": its words pick like a solver
// (results/word-choice.ts), a mark a new person does not get, and it is in the moderators'
// queue. Human-paced replays from players with a record hold top places unmarked. The numbers each bot reached are printed (see docs/fair-play.md).
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import {
  MAX_RARE_SHARE,
  MAX_SOLUTION_SHARE,
  MAX_WORDS_PER_MINUTE,
  MAX_WORDS_PER_WINDOW,
  PACE_WINDOW_MS,
  SUSTAINED_WINDOW_MS,
} from "#worker/results/fair-play.ts";
import { TOP_PLACES } from "#worker/results/provisional.ts";
import { BEST_PICK_FLOOR, bestPoints, rareShareFloor, shapeOf } from "#worker/results/word-choice.ts";
import { playAt } from "./fair-play-helpers.ts";
import { MODERATOR, moderator } from "./moderator.ts";
import { callJson, newPlayer, seededRandom, playerShard, puzzleOf, rowsEverywhere, startRound, today, type Json, type TestPlayer } from "./helpers.ts";

type Word = { word: string; points: number; common: boolean };

/** The words each round was played with, by round id. */
const played = new Map<string, readonly string[]>();

/** Plays today's ranked round with each word judged at `startedAt + offsets[i]` (playAt) and keeps its words; the round's id. */
async function playRound(player: TestPlayer, words: readonly string[], offsets: readonly number[]): Promise<string> {
  const round = await playAt(player, words, offsets);
  played.set(round.roundId, words);
  return round.roundId;
}

/** `count` judging times, evenly at `perMinute` words a minute (a script's timer). */
const paced = (count: number, perMinute: number) => Array.from({ length: count }, (_, i) => 1_000 + Math.floor((i * 60_000) / perMinute));

/**
 * `count` judging times at `perMinute` words a minute on average, at random moments (as people
 * find words: in bursts; moderation/review-risk.ts tells a timer's evenness apart). Seeded: the same
 * moments on every run.
 */
function humanPaced(count: number, perMinute: number, seed: number): number[] {
  const span = Math.floor((count * 60_000) / perMinute);
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => 1_000 + Math.floor(span * random())).sort((a, b) => a - b);
}

/** Earlier verified ranked days (replays of past days, marked ranked as if played on the day). */
async function giveRecord(player: TestPlayer, scores: readonly number[]): Promise<void> {
  for (const [k, score] of scores.entries()) {
    const date = addDays(today(), -(k + 2));
    await puzzleOf(date);
    const round = await startRound(player, date);
    await playerShard(player.playerId).prepare("update rounds set ranked = 1, ends_at = started_at + 1, score = ?, words = ? where id = ?").bind(score, Math.ceil(score / 2), round.roundId).run();
  }
}

async function roundRow(roundId: string) {
  return (await rowsEverywhere<{ verified: number; flags: string; score: number; words: number }>("select verified, flags, score, words from rounds where id = ?", roundId))[0]!;
}

async function board(): Promise<Json[]> {
  const path = `/api/puzzles/${today()}/leaderboard?limit=100`;
  await caches.default.delete(new Request(`https://tumbleword.test${path}`));
  return (await callJson(path)).entries;
}

describe("scripted bots against the global board", () => {
  const rounds = new Map<string, string>();
  const players = new Map<string, TestPlayer>();
  const measured: string[] = [];
  const shapes = new Map<string, ReturnType<typeof shapeOf>>();
  /** The board's rare-share floor (the fixed one, lower on a board with few rare words). */
  let rareFloor = 1;

  it("measures the three bots and two human-paced replays", async () => {
    const puzzle = await puzzleOf(today());
    const all: Word[] = puzzle.words.map((w) => ({ word: w.word, points: w.points, common: w.common }));
    const rare = all.filter((w) => !w.common);
    const total = all.reduce((s, w) => s + w.points, 0);
    measured.push(`board: ${all.length} words (${rare.length} rare), ${total} points`);

    // 1. Machine speed: the whole solution within a couple of seconds.
    const machine = await newPlayer("Machine");
    rounds.set("machine", await playRound(machine, all.map((w) => w.word), all.map((_, i) => 500 + i * 5)));

    // 2. Paced at 1.9 words a second (19 per 10 s, under the pace limit): every word, or on a board
    // too rich to take whole at that pace, as many as the round holds (over the sweep rule's share).
    const steady = await newPlayer("Steady");
    const steadyWords = all.slice(0, Math.min(all.length, Math.floor((114 * 175) / 60)));
    expect(steadyWords.length).toBeGreaterThanOrEqual(MAX_SOLUTION_SHARE * all.length);
    rounds.set("steady", await playRound(steady, steadyWords.map((w) => w.word), paced(steadyWords.length, 114)));

    // 3. Paced and choosing words just under every threshold: the best-scoring words while
    // staying under the sweep and rare-sweep shares, at the most the sustained limit allows.
    const chooser = (name: string) => {
      const maxWords = Math.ceil(MAX_SOLUTION_SHARE * all.length) - 1;
      const maxRare = Math.ceil(MAX_RARE_SHARE * rare.length) - 1;
      const perMinute = Math.min(MAX_WORDS_PER_MINUTE, (MAX_WORDS_PER_WINDOW * SUSTAINED_WINDOW_MS) / PACE_WINDOW_MS);
      const fits = Math.min(maxWords, Math.floor((perMinute * 175) / 60));
      const picked: Word[] = [];
      let rareTaken = 0;
      for (const w of [...all].sort((a, b) => b.points - a.points)) {
        if (picked.length >= fits) break;
        if (!w.common && rareTaken >= maxRare) continue;
        if (!w.common) rareTaken++;
        picked.push(w);
      }
      return { name, words: picked.map((w) => w.word), offsets: paced(picked.length, perMinute) };
    };
    const sly = chooser("Sly");
    const slyPlayer = await newPlayer(sly.name);
    rounds.set("sly", await playRound(slyPlayer, sly.words, sly.offsets));
    players.set("sly", slyPlayer);
    // The same script on an account that played a few quiet days first.
    const patient = await newPlayer("Patient");
    await giveRecord(patient, [12, 15, 10]);
    rounds.set("patient", await playRound(patient, sly.words, sly.offsets));
    players.set("patient", patient);

    // Human-paced replays from players with a record: everyday words, seconds apart (the best
    // everyday words of the board: a strong player at their best; no rare word).
    // Their records are days like this one on their own boards (a rich board's everyday words score
    // far more than a poor one's): scaled from the round they play, no jump.
    const common = all.filter((w) => w.common).sort((a, b) => b.points - a.points);
    const like = (words: readonly Word[], shares: readonly number[]) => shares.map((f) => Math.round(f * words.reduce((s, w) => s + w.points, 0)));
    const strong = await newPlayer("Strong");
    const strongWords = common.slice(0, 40);
    await giveRecord(strong, like(strongWords, [0.7, 0.95, 0.85]));
    rounds.set("strong", await playRound(strong, strongWords.map((w) => w.word), humanPaced(40, 14, 7)));
    players.set("strong", strong);
    const steadyHuman = await newPlayer("Regular");
    const regularWords = common.slice(10, 35);
    await giveRecord(steadyHuman, like(regularWords, [0.7, 0.85, 1.1, 1]));
    rounds.set("regular", await playRound(steadyHuman, regularWords.map((w) => w.word), humanPaced(25, 9, 11)));

    const byWord = new Map(all.map((w) => [w.word, w]));
    const best = bestPoints(all);
    rareFloor = rareShareFloor(all);
    measured.push(`board: ${(total / all.length).toFixed(2)} points per word, rare share ${(rare.length / all.length).toFixed(2)}; solver-like from best-pick share ${BEST_PICK_FLOOR} and rare share ${rareShareFloor(all).toFixed(2)}`);
    for (const [who, roundId] of rounds) {
      const row = await roundRow(roundId);
      const shape = shapeOf(played.get(roundId)!.map((w) => byWord.get(w)!), best);
      shapes.set(who, shape);
      measured.push(
        `${who}: ${row.words} words, ${row.score} points, ${row.verified ? "verified" : `under review (${row.flags})`}; points per word ${(row.score / row.words).toFixed(2)}, best-pick share ${shape.bestPick.toFixed(2)}, rare share ${shape.rareShare.toFixed(2)}`,
      );
    }
    console.log(`fair-play bots on ${today()}:\n  ${measured.join("\n  ")}`);
  }, 60_000);

  it("puts the machine-speed and the 100 % bots under review", async () => {
    expect((await roundRow(rounds.get("machine")!)).flags.split(",")).toEqual(expect.arrayContaining(["pace", "sustained", "sweep"]));
    const steady = await roundRow(rounds.get("steady")!);
    expect(steady.verified).toBe(0);
    expect(steady.flags.split(",")).toEqual(expect.arrayContaining(["sustained", "sweep"]));
    expect(steady.flags).not.toContain("pace");
    const ranked = new Set((await board()).map((e) => e.roundId));
    expect(ranked.has(rounds.get("machine")!)).toBe(false);
    expect(ranked.has(rounds.get("steady")!)).toBe(false);
  });

  it("marks the top places of the bot under every threshold as picking like a solver, new account or not", async () => {
    const entries = await board();
    const sly = entries.find((e) => e.roundId === rounds.get("sly"));
    const patient = entries.find((e) => e.roundId === rounds.get("patient"));
    // It breaks no rule, so it is ranked, at the top...
    expect(sly.rank).toBe(1);
    expect(patient.rank).toBe(1);
    // ...but not unnoticed, and with a mark a new person's top place does not get ("new").
    for (const who of ["sly", "patient"]) {
      const shape = shapes.get(who)!;
      expect(shape.bestPick).toBeGreaterThanOrEqual(BEST_PICK_FLOOR);
      expect(shape.rareShare).toBeGreaterThanOrEqual(rareFloor);
    }
    expect(sly.provisional).toBe("picks");
    expect(patient.provisional).toBe("picks");
  });

  it("puts the solver-like top places in the moderators' queue, and not the human-paced ones", async () => {
    const mod = await moderator(MODERATOR);
    const queue = await callJson("/api/moderation/queue?date=today", { token: mod.token });
    const item = (who: string) => queue.items.find((i: Json) => i.roundId === rounds.get(who));
    for (const who of ["sly", "patient"]) {
      expect(item(who)).toMatchObject({ provisional: "picks", verified: true });
      expect(item(who).why).toEqual(expect.arrayContaining(["solver-like", "provisional"]));
      expect(item(who).evidence.rareShare).toBeGreaterThanOrEqual(rareFloor);
    }
    expect(item("strong"), JSON.stringify(item("strong")?.evidence)).toBeUndefined();
    expect(item("regular")).toBeUndefined();
  });

  it("shows human-paced replays of players with a record in the top places, unmarked", async () => {
    const entries = await board();
    for (const who of ["strong", "regular"]) {
      expect(shapes.get(who)!.rareShare).toBeLessThan(rareFloor);
      expect(shapes.get(who)!.bestPick).toBeLessThan(BEST_PICK_FLOOR);
      const entry = entries.find((e) => e.roundId === rounds.get(who));
      expect(entry.rank).toBeLessThanOrEqual(TOP_PLACES);
      expect(entry.provisional).toBeNull();
    }
    // Every top place is either confirmed or marked.
    for (const entry of entries.filter((e) => e.rank <= TOP_PLACES)) expect(entry.provisional === null || ["picks", "new", "jump"].includes(entry.provisional)).toBe(true);
    // Below the top places nothing is marked.
    for (const entry of entries.filter((e) => e.rank > TOP_PLACES)) expect(entry.provisional).toBeNull();
  });

  it("tells each player whether their own top place is provisional, as the board shows it", async () => {
    const mark = async (who: string) => ((await callJson(`/api/puzzles/today/leaderboard/me`, { token: players.get(who)!.token })) as { you: { provisional: string | null } }).you.provisional;
    expect(await mark("sly")).toBe("picks");
    expect(await mark("patient")).toBe("picks");
    expect(await mark("strong")).toBeNull();
  });
});
