// The moderators' queue on a simulated day (issue 38): 2,000 human-paced rounds and 20 scripted
// ones of five kinds on the tests' board, judged by the Worker's own rules (fair-play.ts,
// word-choice.ts) and weighed by review-risk.ts the way moderation.ts builds the queue (the
// flagged, the reported and the day's best BOARD_PLACES verified rounds are its candidates).
// Every script that would reach the top 100 must be at the head of the queue, above every
// person, and at most 2 % of the people may be queued. The table is printed (docs/fair-play.md).
//
// The people are a model, and the numbers hold for it: each finds a number of words over the
// 3-minute round drawn from a wide spread (median 18, a strong few past 60), at random moments,
// choosing everyday words far more than rare ones and longer words as their skill allows; a
// third are new, the rest have a record; one in 200 is reported once by a rival.
import { describe, expect, it } from "vitest";
import { DEFAULT_ROUND_SECONDS } from "#game/round.ts";
import { MAX_RARE_SHARE, MAX_SOLUTION_SHARE, MAX_WORDS_PER_MINUTE, MAX_WORDS_PER_WINDOW, type SolutionWordFacts, judgeRound, paceOf } from "#worker/results/fair-play.ts";
import type { PlayerPast } from "#worker/results/provisional.ts";
import { BOARD_PLACES, roundRisk } from "#worker/moderation/review-risk.ts";
import { SHAPE_SAMPLE_LIMIT, type WordChoiceShape, bestPoints, picksLikeASolver, shapeBounds, shapeOf } from "#worker/results/word-choice.ts";
import { puzzleOf, seededRandom, today } from "./helpers.ts";

type Kind = "human" | "machine" | "steady" | "sly" | "stealth" | "mimic";
const SCRIPT_KINDS: readonly Exclude<Kind, "human">[] = ["machine", "steady", "sly", "stealth", "mimic"];
const HUMANS = 2000;
const ROUND_MS = DEFAULT_ROUND_SECONDS * 1000;

interface Word {
  points: number;
  common: boolean;
}

interface Played {
  kind: Kind;
  found: number[];
  at: number[];
  past: PlayerPast;
  reports: number;
}

function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** `count` of the board's words drawn without replacement, each with probability proportional to its weight. */
function drawWords(rand: () => number, weights: readonly number[], count: number): number[] {
  const keys = weights.map((w, i) => ({ i, key: w > 0 ? Math.pow(rand(), 1 / w) : -1 }));
  return keys.sort((a, b) => b.key - a.key).slice(0, count).map((k) => k.i);
}

function human(rand: () => number, board: readonly Word[], lengths: readonly number[]): Played {
  const count = Math.max(1, Math.min(Math.floor(0.5 * board.length), Math.round(Math.exp(Math.log(18) + 0.55 * normal(rand)))));
  const rareAffinity = 0.02 + 0.25 * rand();
  const lengthBias = 0.6 + 0.5 * rand();
  const found = drawWords(rand, board.map((w, i) => (w.common ? 1 : rareAffinity) * Math.pow(lengthBias, lengths[i]! - 3)), count);
  const at = found.map(() => Math.floor(rand() * ROUND_MS)).sort((a, b) => a - b);
  const isNew = rand() < 1 / 3;
  const days = isNew ? Math.floor(rand() * 3) : 3 + Math.floor(rand() * 60);
  const best = days === 0 ? 0 : Math.round(count * 1.6 * (1 + 0.5 * rand()));
  return { kind: "human", found, at, past: { days, best }, reports: rand() < 1 / 200 ? 1 : 0 };
}

/** Words at `perMinute` a minute, evenly, from 1 s in. */
const evenly = (count: number, perMinute: number) => Array.from({ length: count }, (_, i) => 1000 + Math.floor((i * 60_000) / perMinute));

/** The board's words, best-scoring first. */
const bestFirst = (board: readonly Word[]) => board.map((_, i) => i).sort((a, b) => board[b]!.points - board[a]!.points || a - b);

function script(kind: Exclude<Kind, "human">, board: readonly Word[], bounds: { bestPick: number; rareShare: number }, patient: boolean): Played {
  const all = bestFirst(board);
  const rareOnBoard = board.filter((w) => !w.common).length;
  const past = patient ? { days: 3, best: 15 } : { days: 0, best: 0 };
  // Under the sweep rules: fewer than 75 % of the words, 60 % of the rare ones.
  const underSweep = (order: readonly number[], rareLimit: number, limit: number) => {
    const out: number[] = [];
    let rare = 0;
    for (const i of order) {
      if (out.length >= limit) break;
      if (!board[i]!.common) {
        if (rare + 1 >= rareLimit) continue;
        rare++;
      }
      out.push(i);
    }
    return out;
  };
  const maxWords = Math.ceil(MAX_SOLUTION_SHARE * board.length) - 1;
  const perMinuteUnder = MAX_WORDS_PER_MINUTE - 1;
  const roundWords = Math.min(maxWords, Math.floor((perMinuteUnder * ROUND_MS) / 60_000) - 2);
  switch (kind) {
    case "machine":
      return { kind, found: all, at: all.map((_, i) => 1000 + 5 * i), past, reports: 0 };
    case "steady":
      return { kind, found: all, at: evenly(all.length, 1.9 * 60), past, reports: 0 };
    case "sly": {
      const found = underSweep(all, MAX_RARE_SHARE * rareOnBoard, maxWords);
      return { kind, found, at: evenly(found.length, perMinuteUnder), past, reports: 0 };
    }
    case "stealth": {
      // Under every published threshold at once: the pace rules, the sweep rules, and the word
      // choice (a rare share and a best-pick share just under the day's bounds).
      const rareCap = Math.min(MAX_RARE_SHARE * rareOnBoard, 0.95 * bounds.rareShare * roundWords);
      let found = underSweep(all, rareCap, roundWords);
      const best = bestPoints(board);
      const pick = (set: readonly number[]) => shapeOf(set.map((i) => board[i]!), best).bestPick;
      // Trade its best words for lower ones until its best-pick share is under the bound.
      const spare = all.filter((i) => !found.includes(i) && board[i]!.common);
      while (pick(found) >= 0.95 * bounds.bestPick && spare.length > 0) found = [...found.slice(1), spare.pop()!];
      return { kind, found, at: evenly(found.length, perMinuteUnder).map((t) => Math.min(t, ROUND_MS - 1000)), past, reports: 0 };
    }
    case "mimic": {
      // A strong person's picture, scaled up: everyday words only, the best of them, at 30 a minute.
      const found = all.filter((i) => board[i]!.common).slice(0, Math.min(90, maxWords));
      return { kind, found, at: evenly(found.length, 30), past, reports: 0 };
    }
  }
}

describe("the moderators' queue on a simulated day", () => {
  it("puts every script that would reach the top 100 above every person, and queues at most 2 % of the people", async () => {
    const puzzle = await puzzleOf(today());
    const board: Word[] = puzzle.words.map((w) => ({ points: w.points, common: w.common }));
    const lengths = puzzle.words.map((w) => w.word.length);
    const best = bestPoints(board);
    const rand = seededRandom(38);
    const humans = Array.from({ length: HUMANS }, () => human(rand, board, lengths));

    // The day's verified people fix the finder shares (rare-sweep) and the word-choice bounds.
    const shapeOfRound = (p: Played): WordChoiceShape => shapeOf(p.found.map((i) => board[i]!), best);
    const score = (p: Played) => p.found.reduce((s, i) => s + board[i]!.points, 0);
    const finders = new Map<number, number>();
    for (const p of humans) for (const i of p.found) finders.set(i, (finders.get(i) ?? 0) + 1);
    const solution: SolutionWordFacts[] = board.map((w, i) => ({ common: w.common, finders: finders.get(i) ?? 0 }));
    const sample = [...humans].sort((a, b) => score(b) - score(a)).slice(0, SHAPE_SAMPLE_LIMIT).map(shapeOfRound);
    const bounds = shapeBounds(sample, board);
    const scripts = SCRIPT_KINDS.flatMap((kind) => [false, false, true, true].map((patient) => script(kind, board, bounds, patient)));

    const rounds = [...humans, ...scripts].map((p) => {
      const pace = paceOf(0, p.at);
      const verdict = judgeRound({ pace, found: p.found, solution, players: HUMANS });
      return { ...p, pace, score: score(p), shape: shapeOfRound(p), flags: verdict.flags, verified: verdict.verified };
    });
    // Places among the verified; a flagged round's place is where its score would have put it.
    const verifiedScores = rounds.filter((r) => r.verified).map((r) => r.score).sort((a, b) => b - a);
    const placeOf = (s: number) => verifiedScores.filter((v) => v > s).length + 1;
    const judged = rounds.map((r) => {
      const solverLike = r.verified && picksLikeASolver(r.shape, bounds);
      const place = r.verified ? placeOf(r.score) : null;
      const risk = roundRisk({ pace: r.pace, shape: r.shape, bounds, solutionWords: board.length, score: r.score, flags: r.flags, solverLike, past: r.past, reports: r.reports, place });
      const candidate = !r.verified || r.reports > 0 || (place !== null && place <= BOARD_PLACES);
      return { ...r, place, wouldBe: placeOf(r.score), solverLike, ...risk, queued: candidate && risk.queued };
    });
    const queue = judged.filter((r) => r.queued).sort((a, b) => b.risk - a.risk || b.score - a.score);
    const position = (r: (typeof judged)[number]) => queue.indexOf(r) + 1;

    const rows = (["human", ...SCRIPT_KINDS] as const).map((kind) => {
      const mine = judged.filter((r) => r.kind === kind);
      const top = mine.filter((r) => r.wouldBe <= BOARD_PLACES);
      const queued = mine.filter((r) => r.queued);
      const places = mine.map((r) => r.wouldBe).sort((a, b) => a - b);
      const positions = queued.map(position).sort((a, b) => a - b);
      return { kind, rounds: mine.length, top100: top.length, queued: queued.length, ruled: mine.filter((r) => !r.verified).length, solverLike: mine.filter((r) => r.solverLike).length, best: places[0], positions };
    });
    console.log(`Board of ${today()}: ${board.length} words, ${board.filter((w) => !w.common).length} rare; bounds: best-pick ${bounds.bestPick.toFixed(2)}, rare share ${bounds.rareShare.toFixed(2)}`);
    console.log("| rounds | how many | would reach the top 100 | under review (rules) | solver-like | queued | best place | queue positions |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of rows) console.log(`| ${r.kind} | ${r.rounds} | ${r.top100} | ${r.ruled} | ${r.solverLike} | ${r.queued} | ${r.best} | ${r.positions.length > 6 ? `${r.positions.slice(0, 3).join(", ")} … ${r.positions.at(-1)}` : r.positions.join(", ") || "-"} |`);
    const scriptRisks = judged.filter((r) => r.kind !== "human").map((r) => `${r.kind}${r.past.days > 0 ? " (patient)" : ""}: risk ${r.risk}, evasion ${r.evasion}, ${r.shape.words} words, ${r.score} points, place ${r.wouldBe}`);
    console.log(scriptRisks.join("\n"));
    const people = judged.filter((r) => r.kind === "human");
    const reportedPeople = people.filter((r) => r.queued && r.reports > 0).length;
    const riskiest = Math.max(...people.filter((r) => r.reports === 0).map((r) => r.risk));
    console.log(`People queued: ${people.filter((r) => r.queued).length} of ${HUMANS} (${reportedPeople} of them reported by a rival); the riskiest unreported person: ${riskiest}`);

    // The scripts that would reach the top 100: all queued, all above every person.
    const threats = judged.filter((r) => r.kind !== "human" && r.wouldBe <= BOARD_PLACES);
    expect(threats.length).toBeGreaterThan(0);
    const firstHuman = queue.findIndex((r) => r.kind === "human");
    for (const r of threats) {
      expect(r.queued, `${r.kind} (risk ${r.risk})`).toBe(true);
      if (firstHuman !== -1) expect(position(r), `${r.kind} (risk ${r.risk}) against a person at ${firstHuman + 1}`).toBeLessThan(firstHuman + 1);
    }
    // At most 2 % of the people queued; a person's ordinary round is not a moderator's work.
    const humansQueued = judged.filter((r) => r.kind === "human" && r.queued).length;
    expect(humansQueued).toBeLessThanOrEqual(0.02 * HUMANS);
    // The model's people reach the top 100 beside the scripts: the test would mean nothing if the scripts had it to themselves.
    expect(judged.filter((r) => r.kind === "human" && r.wouldBe <= BOARD_PLACES).length).toBeGreaterThan(BOARD_PLACES / 2);
  });
});

describe("a round's risk", () => {
  const shape = (words: number): WordChoiceShape => ({ words, bestPick: 0.5, rareShare: 0.1 });
  const bounds = { bestPick: 0.9, rareShare: 0.5 };
  const base = { bounds, solutionWords: 200, score: 30, flags: [], solverLike: false, past: { days: 0, best: 0 }, reports: 0, place: 5 };
  // 40 words over 3 minutes: at random moments (a person) or on a timer (a script).
  const randomPace = [1, 3, 0, 2, 4, 0, 1, 2, 0, 3, 1, 0, 2, 5, 1, 0, 2, 1, 3, 0, 1, 2, 0, 4, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const timerPace = Array.from({ length: 36 }, (_, i) => (i < 20 ? 2 : 0));

  it("is nothing for a round with nothing synced, reported or not", () => {
    expect(roundRisk({ ...base, pace: [], shape: shape(0), score: 0, reports: 3 })).toEqual({ risk: 0, evasion: 0, queued: false });
  });

  it("queues a reported round whatever its conduct, and an ordinary one not at all", () => {
    expect(roundRisk({ ...base, pace: randomPace, shape: shape(40) }).queued).toBe(false);
    expect(roundRisk({ ...base, pace: randomPace, shape: shape(40), reports: 1 }).queued).toBe(true);
  });

  it("counts a timer's evenness twice, and a record halves the conduct's weight", () => {
    const person = roundRisk({ ...base, pace: randomPace, shape: shape(40) });
    const timed = roundRisk({ ...base, pace: timerPace, shape: shape(40) });
    expect(person.evasion).toBe(0);
    expect(timed.evasion).toBe(2);
    expect(timed.queued).toBe(true);
    expect(roundRisk({ ...base, pace: timerPace, shape: shape(40), past: { days: 5, best: 40 } }).risk).toBe(1);
  });
});
