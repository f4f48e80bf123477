// Review by people: the moderator role (MODERATOR_IDS, test/worker/vitest.config.ts, and a
// passkey), the day's queue, riskiest first, with its evidence (flagged and reported rounds; a new
// person's ordinary top place is not queued, nor is a round with nothing synced), confirm (the round leaves the ranks and the aggregates, its player is told why) and
// clear (the mark goes), the audit log, and players' reports (one per round, rate limited).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allShardD1s, shardCount, shardOfPlayer } from "#worker/db/shards.ts";
import { type Json, type TestPlayer, call, callJson, expectError, newPlayer, newPlayerWhere, play, puzzleOf, solutionWords, startRound, today, withinOneWindow } from "./helpers.ts";
import { playAt } from "./fair-play-helpers.ts";
import { MODERATOR, MODERATOR_WITHOUT_PASSKEY, moderator } from "./moderator.ts";

/** A round whose words the server judged all within a few seconds: flagged for its pace. */
async function fastRound(player: TestPlayer, words: readonly string[]): Promise<Json> {
  return playAt(player, words, words.map((_, i) => 1000 + i * 100));
}

type RoundRow = { verified: number; flags: string; score: number };
/** The round as stored on each shard (null where it is not): a round is on its player's shard only. */
const roundRows = (id: string) => Promise.all(allShardD1s(env).map((d1) => d1.prepare("select verified, flags, score from rounds where id = ?").bind(id).first<RoundRow>()));
const roundRow = async (id: string) => (await roundRows(id)).find((row) => row !== null) ?? null;
/** Each shard's part of today's histogram at a score (shard 0 first); the day's count is their sum. */
const histogramParts = (score: number) => Promise.all(allShardD1s(env).map(async (d1) => (await d1.prepare("select rounds from score_histogram where puzzle_date = ? and score = ?").bind(today(), score).first<number>("rounds")) ?? 0));
const histogramAt = async (score: number) => (await histogramParts(score)).reduce((a, b) => a + b, 0);
/** A new player whose rows are not on shard 0 (so that a read of shard 0 alone would miss them). */
const offHome = (name: string) => newPlayerWhere((shard) => shard !== 0, name);
/** Leaderboard entries (a limit no other call uses: an uncached answer). */
let limit = 40;
const board = async () => (await callJson(`/api/puzzles/today/leaderboard?limit=${++limit}`)).entries as Json[];

describe("the role", () => {
  it("is refused without a token (401), to other players and to a listed moderator without a passkey (403)", async () => {
    const player = await newPlayer("Curious");
    const noPasskey = await moderator(MODERATOR_WITHOUT_PASSKEY, false);
    for (const path of ["/api/moderation/me", "/api/moderation/queue?date=today", "/api/moderation/log"]) {
      await expectError(await call(path), 401, "unauthorized");
      await expectError(await call(path, { token: player.token }), 403, "forbidden");
      const res = await call(path, { token: noPasskey.token });
      await expectError(res.clone(), 403, "passkey-required");
      expect(((await res.json()) as Json).error.message).toMatch(/passkey/);
    }
    const target = await play(await newPlayer("Target"), solutionWords(await puzzleOf(today()), 1).map((w) => w.word));
    await expectError(await call(`/api/moderation/queue/today/rounds/${target.roundId}/confirm`, { json: {}, token: player.token }), 403, "forbidden");
    expect((await roundRow(target.roundId))?.verified).toBe(1);
    expect(await callJson("/api/moderation/me", { token: (await moderator(MODERATOR)).token })).toEqual({ moderator: true });
  });
});

describe("the queue and the decisions", () => {
  it("lists flagged, provisional and reported rounds with evidence; confirm takes a round out of the ranks, clear removes the mark; all in the audit log", async () => {
    const mod = await moderator(MODERATOR);
    const puzzle = await puzzleOf(today());
    const words = solutionWords(puzzle, 25).map((w) => w.word);
    // A bot: 25 words in under three seconds (pace). A human: a few words. A third round, reported.
    const botPlayer = await offHome("Bot Like");
    const bot = await fastRound(botPlayer, words);
    const human = await play(await newPlayer("New Human"), words.slice(0, 3));
    const suspectPlayer = await offHome("Suspect");
    const suspect = await play(suspectPlayer, words.slice(3, 5));
    const reporter = await newPlayer("Reporter");
    expect(await callJson("/api/moderation/reports", { json: { roundId: suspect.roundId }, token: reporter.token }, 201)).toEqual({ reported: true });
    expect((await roundRow(bot.roundId))?.verified).toBe(0);

    const queue = await callJson("/api/moderation/queue?date=today", { token: mod.token });
    const item = (id: string) => queue.items.find((i: Json) => i.roundId === id);
    expect(item(bot.roundId)).toMatchObject({ name: "Bot Like", verified: false, flags: ["pace"] });
    expect(item(bot.roundId).why).toContain("flagged");
    expect(item(bot.roundId).evidence.words).toHaveLength(25);
    expect(item(bot.roundId).evidence.pace).toMatchObject({ bucketSeconds: 5 });
    expect(item(bot.roundId).evidence.pace.words.reduce((a: number, b: number) => a + b, 0)).toBe(25);
    expect(item(bot.roundId).evidence.pointsPerWord).toBeGreaterThan(0);
    // A new person's ordinary round is not a moderator's work: its top place is provisional on the
    // board, but it is not queued (review-risk.ts); the riskiest round comes first.
    expect(item(human.roundId)).toBeUndefined();
    expect((await board()).find((e) => e.roundId === human.roundId)?.provisional).toBe("new");
    expect(queue.items[0].roundId).toBe(bot.roundId);
    expect(queue.items.map((i: Json) => i.risk)).toEqual([...queue.items.map((i: Json) => i.risk)].sort((a, b) => b - a));
    expect(item(suspect.roundId).why).toEqual(expect.arrayContaining(["reported"]));
    expect(item(suspect.roundId).reports).toBe(1);
    expect(item(suspect.roundId).earlier).toEqual([]);

    // Confirm the reported round: it leaves the board and the histogram (its count on its own
    // shard, where it was counted); its player sees why.
    const suspectScore = (await roundRow(suspect.roundId))!.score;
    const before = await histogramAt(suspectScore);
    const partsBefore = await histogramParts(suspectScore);
    const suspectShard = shardOfPlayer(suspectPlayer.playerId, shardCount(env));
    expect((await board()).some((e) => e.roundId === suspect.roundId)).toBe(true);
    expect(await callJson(`/api/moderation/queue/today/rounds/${suspect.roundId}/confirm`, { json: { note: "picks like a solver" }, token: mod.token })).toMatchObject({ decision: "confirm", verified: false });
    expect(await roundRow(suspect.roundId)).toMatchObject({ verified: 0, flags: "confirmed" });
    expect((await roundRows(suspect.roundId)).map((row) => row !== null)).toEqual(allShardD1s(env).map((_, shard) => shard === suspectShard));
    expect(await histogramAt(suspectScore)).toBe(before - 1);
    expect(await histogramParts(suspectScore)).toEqual(partsBefore.map((n, shard) => (shard === suspectShard ? n - 1 : n)));
    expect((await board()).some((e) => e.roundId === suspect.roundId)).toBe(false);
    const review = await callJson(`/api/puzzles/today/leaderboard?review=1&limit=${++limit}`);
    expect(review.entries.some((e: Json) => e.roundId === suspect.roundId)).toBe(true);

    // Clear the flagged bot round (say a moderator judged it a person): verified and counted again.
    const botScore = (await roundRow(bot.roundId))!.score;
    const botBefore = await histogramAt(botScore);
    await callJson(`/api/moderation/queue/today/rounds/${bot.roundId}/clear`, { json: {}, token: mod.token });
    expect(await roundRow(bot.roundId)).toMatchObject({ verified: 1, flags: "cleared" });
    expect(await histogramAt(botScore)).toBe(botBefore + 1);
    // Clear the provisional place: the mark goes from the board.
    expect((await board()).find((e) => e.roundId === human.roundId)?.provisional).toBe("new");
    await callJson(`/api/moderation/queue/today/rounds/${human.roundId}/clear`, { json: {}, token: mod.token });
    expect((await board()).find((e) => e.roundId === human.roundId)?.provisional).toBeNull();

    // Decided rounds leave the queue; the audit log has every action, newest first.
    const after = await callJson("/api/moderation/queue?date=today", { token: mod.token });
    expect(after.items.filter((i: Json) => [bot.roundId, human.roundId, suspect.roundId].includes(i.roundId))).toEqual([]);
    const log = await callJson("/api/moderation/log", { token: mod.token });
    const ours = log.entries.filter((e: Json) => [bot.roundId, human.roundId, suspect.roundId].includes(e.roundId));
    expect(ours.map((e: Json) => [e.action, e.roundId, e.moderatorId])).toEqual([
      ["clear", human.roundId, MODERATOR],
      ["clear", bot.roundId, MODERATOR],
      ["confirm", suspect.roundId, MODERATOR],
    ]);
    expect(ours[2].note).toBe("picks like a solver");
    // The moderator's name, from the moderator's own shard.
    expect(ours.map((e: Json) => e.moderator)).toEqual(["Mod a1", "Mod a1", "Mod a1"]);
  });

  it("the player of a confirmed round is told why", async () => {
    const mod = await moderator(MODERATOR);
    const player = await newPlayer("Told Why");
    const round = await play(player, solutionWords(await puzzleOf(today()), 2).map((w) => w.word));
    await callJson(`/api/moderation/queue/today/rounds/${round.roundId}/confirm`, { json: {}, token: mod.token });
    const me = await callJson("/api/puzzles/today/leaderboard/me", { token: player.token });
    expect(me.you).toMatchObject({ verified: false, rank: null, flags: ["confirmed"] });
    expect(me.you.reason).toMatch(/moderator/);
    await expectError(await call(`/api/moderation/queue/today/rounds/${crypto.randomUUID()}/confirm`, { json: {}, token: mod.token }), 404, "not-found");
  });
});

describe("a round with nothing synced", () => {
  it("is neither ranked nor queued, even reported: there is nothing to review", async () => {
    const mod = await moderator(MODERATOR);
    const empty = await startRound(await newPlayer("Idle Start"));
    const reporter = await newPlayer("Eager Reporter");
    await callJson("/api/moderation/reports", { json: { roundId: empty.roundId }, token: reporter.token }, 201);
    expect((await callJson("/api/moderation/queue?date=today", { token: mod.token })).items.some((i: Json) => i.roundId === empty.roundId)).toBe(false);
    expect((await board()).some((e) => e.roundId === empty.roundId)).toBe(false);
  });
});

describe("reports", () => {
  it("one per round and player; not one's own round; rate limited", async () => {
    const owner = await offHome("Owner");
    const round = await play(owner, solutionWords(await puzzleOf(today()), 1).map((w) => w.word));
    const reporter = await newPlayer("Reporter");
    await callJson("/api/moderation/reports", { json: { roundId: round.roundId }, token: reporter.token }, 201);
    await expectError(await call("/api/moderation/reports", { json: { roundId: round.roundId }, token: reporter.token }), 409, "already-reported");
    await expectError(await call("/api/moderation/reports", { json: { roundId: round.roundId }, token: owner.token }), 400, "invalid-request");
    await expectError(await call("/api/moderation/reports", { json: { roundId: crypto.randomUUID() }, token: reporter.token }), 404, "not-found");
    await expectError(await call("/api/moderation/reports", { json: { roundId: round.roundId } }), 401, "unauthorized");
    // The limiter's window may turn between filling it and the report: tried again then.
    const status = await withinOneWindow(60, async () => {
      const flooder = await newPlayer("Flooder");
      await Promise.all(Array.from({ length: 10 }, () => env.ACCOUNT_LIMITER.limit({ key: `report:${flooder.playerId}` })));
      return call("/api/moderation/reports", { json: { roundId: round.roundId }, token: flooder.token });
    });
    await expectError(status, 429, "rate-limited");
    expect(await env.DB.prepare("select count(*) as n from round_reports where round_id = ?").bind(round.roundId).first<number>("n")).toBe(1);
  });

  it("of a round a moderator has decided is answered 409 already-reviewed, saying which way, and not kept", async () => {
    const mod = await moderator(MODERATOR);
    const words = solutionWords(await puzzleOf(today()), 2).map((w) => w.word);
    const kept = await play(await offHome("Kept"), [words[0]!]);
    const out = await play(await offHome("Out"), [words[1]!]);
    await callJson(`/api/moderation/queue/today/rounds/${kept.roundId}/clear`, { json: { note: "a person" }, token: mod.token });
    await callJson(`/api/moderation/queue/today/rounds/${out.roundId}/confirm`, { json: { note: "a script" }, token: mod.token });
    const reporter = await newPlayer("Late Reporter");
    for (const [round, outcome] of [[kept, /kept it in the ranks/], [out, /took it out of the ranks/]] as const) {
      const res = await call("/api/moderation/reports", { json: { roundId: round.roundId }, token: reporter.token });
      await expectError(res.clone(), 409, "already-reviewed");
      expect(((await res.json()) as Json).error.message).toMatch(outcome);
      expect(await env.DB.prepare("select count(*) as n from round_reports where round_id = ?").bind(round.roundId).first<number>("n")).toBe(0);
    }
  });
});

describe("the board's marks", () => {
  it("marks a place among the best that waits in the queue until a moderator decides; an ordinary place is not marked", async () => {
    const mod = await moderator(MODERATOR);
    const words = solutionWords(await puzzleOf(today()), 4).map((w) => w.word);
    const [reported, ordinary, reporter] = await Promise.all([newPlayer("Queued One"), newPlayer("Plain One"), newPlayer("Rival")]);
    const reportedRound = await play(reported, words);
    const ordinaryRound = await play(ordinary, words.slice(0, 2));
    await callJson("/api/moderation/reports", { token: reporter.token, json: { roundId: reportedRound.roundId } }, 201);
    const entryOf = async (roundId: string) => (await board()).find((e) => e.roundId === roundId)!;
    expect((await entryOf(reportedRound.roundId)).queued).toBe(true);
    expect((await entryOf(ordinaryRound.roundId)).queued).toBe(false);
    // Cleared: the mark goes at once in this isolate (elsewhere within BOARD_MARKS_MS).
    await callJson(`/api/moderation/queue/today/rounds/${reportedRound.roundId}/clear`, { json: {}, token: mod.token });
    expect((await entryOf(reportedRound.roundId)).queued).toBe(false);
  });
});
