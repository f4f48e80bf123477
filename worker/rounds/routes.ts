// A round's words (one at a time, or in batches as the site sends them) and receipt syncs. All
// are authenticated by the round's ticket (from the round start), not by a bearer token: none
// reads the database, and a sync may come from navigator.sendBeacon, which cannot set an
// Authorization header.
import { type Context, Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../env.ts";
import { privateAnswer } from "../http/edge-cache.ts";
import { ApiError } from "../http/errors.ts";
import { enforceLimit, limitKeys } from "../http/rate-limit.ts";
import { uuid } from "../http/schemas.ts";
import { validate } from "../http/validate.ts";
import { getPuzzle } from "../puzzles/puzzles.ts";
import { type RoundTicket, verifyTicket } from "./tickets-and-receipts.ts";
import { MAX_RECEIPTS_PER_SYNC, MAX_WORDS_PER_BATCH, batchDelayMs } from "#game/round.ts";
import { type WordResult, judgeWord, judgeWords, roundMs } from "./rounds.ts";
import { type SyncAnswer, checkReceipts } from "./sync-producer.ts";

const ticket = z.string().min(1, "the round's ticket is missing").max(400, "the ticket is too long");

const typedWord = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "the word is empty")
  .max(40, "the word is too long")
  // Letters of any language (accents are folded by the board's language when judged).
  .regex(/^\p{L}+$/u, "a word has letters only");

const wordBody = z.object({
  ticket,
  word: typedWord,
  // The client's path is optional and only checked for shape: the server traces words itself.
  path: z
    .array(z.tuple([z.number().int().min(0).max(63), z.number().int().min(0).max(63)]))
    .max(40)
    .optional(),
});

const batchBody = z.object({
  ticket,
  words: z
    .array(
      z.object({
        word: typedWord,
        // How long ago the player found it, by the device's clock (a duration); capped when judged.
        age: z.number().int().min(0, "a word's age is not negative").max(86_400_000, "a word's age is at most a day").optional(),
      }),
    )
    .min(1, "no words")
    .max(MAX_WORDS_PER_BATCH, `at most ${MAX_WORDS_PER_BATCH} words per batch`),
  // The accepted words are stored at once (as a receipt sync would store them): a page that can
  // keep no receipts (a frame without storage), or that is going away, asks for it.
  store: z.boolean().optional(),
});

const receiptsBody = z.object({
  ticket,
  receipts: z.array(z.string().max(120)).min(1, "no receipts").max(MAX_RECEIPTS_PER_SYNC, `at most ${MAX_RECEIPTS_PER_SYNC} receipts per sync`),
});

/** The round the ticket proves; it must be the round of the path. */
async function roundOf(c: Context<AppEnv>, text: string, roundId: string): Promise<RoundTicket> {
  const proven = await verifyTicket(c.env, text);
  if (proven === null) throw new ApiError(401, "unauthorized", "the round's ticket is malformed or invalid");
  if (proven.roundId !== roundId) throw new ApiError(403, "forbidden", "this ticket is for another round");
  return proven;
}

/**
 * What judging words starts with, one word or a batch: the round its ticket proves, one unit of
 * the player's word limit, the day's puzzle (from the isolate's memory on the hot path), and an
 * answer kept private (it carries receipts).
 */
async function wordsOpening(c: Context<AppEnv>, ticket: string, roundId: string) {
  const round = await roundOf(c, ticket, roundId);
  await enforceLimit(c, c.env.WORD_LIMITER, limitKeys.word(round.playerId), "words");
  const now = Date.now();
  const puzzle = await getPuzzle(c.env, c.get("db"), round.date, { now });
  privateAnswer(c);
  return { round, puzzle, now };
}

/**
 * Queues the accepted words of a batch for D1, as a sync of their receipts would; null when the
 * player's syncs are over their limit (the page keeps the receipts and syncs them later).
 */
async function storeAccepted(c: Context<AppEnv>, round: RoundTicket, verdicts: readonly WordResult[], now: number): Promise<SyncAnswer | null> {
  const receipts = verdicts.flatMap((v) => (v.accepted ? [v.receipt] : []));
  if (receipts.length === 0) return { queued: 0, refused: [] };
  if (!(await c.env.SYNC_LIMITER.limit({ key: limitKeys.sync(round.playerId) })).success) return null;
  const { message, answer } = await checkReceipts(c.env, round, receipts, now);
  if (message !== null) await c.env.SYNC_QUEUE.send(message, { contentType: "json" });
  return answer;
}

export const rounds = new Hono<AppEnv>()
  // Judged at once from the day's solution; an accepted word comes with its receipt.
  .post("/:roundId/words", validate("param", z.object({ roundId: uuid })), validate("json", wordBody), async (c) => {
    const body = c.req.valid("json");
    const { round, puzzle, now } = await wordsOpening(c, body.ticket, c.req.valid("param").roundId);
    return c.json(await judgeWord(c.env, round, puzzle, body.word, now));
  })
  // A batch of words (the site sends its words this way: a few requests a round instead of one a
  // word), judged like single words; one verdict per word, in order. One rate-limit unit a batch.
  .post("/:roundId/words/batch", validate("param", z.object({ roundId: uuid })), validate("json", batchBody), async (c) => {
    const body = c.req.valid("json");
    const { round, puzzle, now } = await wordsOpening(c, body.ticket, c.req.valid("param").roundId);
    const verdicts = await judgeWords(c.env, round, puzzle, body.words, now);
    const stored = body.store ? await storeAccepted(c, round, verdicts, now) : null;
    // batchDelayMs: how long the site waits before its next batch (derived from the round's length).
    return c.json({ verdicts, batchDelayMs: batchDelayMs(roundMs(c.env)), stored });
  })
  // The receipts of a round, queued for D1. 202: stored within seconds; the refused ones say why.
  // Any content type: navigator.sendBeacon may send it as text/plain, and the signed ticket and
  // receipts in the body (not a cookie or header) are what authenticate it.
  .post("/:roundId/receipts", validate("param", z.object({ roundId: uuid })), validate("json", receiptsBody, { anyContentType: true }), async (c) => {
    const body = c.req.valid("json");
    const round = await roundOf(c, body.ticket, c.req.valid("param").roundId);
    await enforceLimit(c, c.env.SYNC_LIMITER, limitKeys.sync(round.playerId), "syncs");
    const { message, answer } = await checkReceipts(c.env, round, body.receipts, Date.now());
    if (message !== null) await c.env.SYNC_QUEUE.send(message, { contentType: "json" });
    privateAnswer(c);
    return c.json(answer, 202);
  });
