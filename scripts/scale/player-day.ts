// A typical player-day, measured: Worker requests, queue messages, D1 rows read and written per player.
import { DEFAULT_ROUND_SECONDS, MAX_WORDS_PER_BATCH, batchDelayMs } from "#game/round.ts";
import { PAGE } from "./settings.ts";
import { call, requestCount } from "./meter.ts";
import { playerOfRound } from "./operations.ts";
import type { SolutionWord } from "./seed.ts";

export interface PlayerDay {
  /** Requests that reach the Worker (static assets, which never do, are not counted). */
  requests: number;
  /** Of them, requests carrying words. */
  wordRequests: number;
  /** Words each player found (DAY_WORDS, or the whole solution of a board that has fewer). */
  wordsFound: number;
  messages: number;
  rowsRead: number;
  rowsWritten: number;
  /** Of the rows written, the new player's creation (a returning player's day has none). */
  newPlayerRowsWritten: number;
}
export const TYPICAL_PLAYERS = 100;
export const DAY_WORDS = 40;
const ROUND_MS = DEFAULT_ROUND_SECONDS * 1000;
/** Receipts per sync request, as the site sends them (receipt-upload.ts). */
const RECEIPTS_PER_SYNC = 50;

/**
 * The words player `p` finds: DAY_WORDS different words of the solution, each player starting at
 * another place in it (a board with fewer words gives every player all of them), so that every
 * board gives the same number of words, whatever its solution's length.
 */
export function playerWords<W extends { word: string }>(solution: readonly W[], p: number): string[] {
  return Array.from({ length: Math.min(DAY_WORDS, solution.length) }, (_, i) => solution[(p * 7 + i) % solution.length].word);
}

/**
 * The site's batching rule (site/src/islands/daily/submit-queue.ts) applied to words found at `foundAt`
 * (ms into the round): a word found after a quiet spell goes at once, later ones when the server's
 * delay since the last batch is over, and none later than the round's end; at most
 * MAX_WORDS_PER_BATCH a batch. Returns each batch's send time and the indexes of its words.
 */
export function clientBatches(foundAt: readonly number[], delayMs: number, roundMs: number): { at: number; words: number[] }[] {
  const batches: { at: number; words: number[] }[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < foundAt.length; ) {
    const t = foundAt[i];
    const at = Math.min(Math.max(t, last + delayMs), Math.max(t, roundMs));
    const words: number[] = [];
    while (i < foundAt.length && foundAt[i] <= at && words.length < MAX_WORDS_PER_BATCH) words.push(i++);
    batches.push({ at, words });
    last = at;
  }
  return batches;
}

/**
 * A typical day of play for 100 new players at once: create the player, load the day's puzzle,
 * start the ranked round, find 40 words spread evenly over the 3-minute round and send them in
 * batches as the site does (clientBatches: judged and receipted, no D1), sync them at the round's
 * end (one sync per 50 receipts, none while the round runs: one queue message), the consumer's
 * merge of the 100 messages as one batch, then a few reads (the round again, your standing, your
 * stats; a leaderboard page and the solution, shared answers served from the edge cache).
 * Requests, rows written and queue messages per player. The sync is counted, not sent: the
 * local queue's consumer would merge it unmetered before the metered merge could. Definitions and
 * pages are static assets: no Worker request.
 */
export async function typicalPlayerDay(date: string, solution: SolutionWord[]): Promise<PlayerDay> {
  const json = (body: unknown) => JSON.stringify(body);
  const requestsBefore = requestCount();
  let rowsWritten = 0;
  let rowsRead = 0;
  let messages = 0;
  let wordRequests = 0;
  let newPlayerRowsWritten = 0;
  let syncRequests = 0;
  const found = Array.from({ length: DAY_WORDS }, (_, i) => Math.round(((i + 0.5) * ROUND_MS) / DAY_WORDS));
  const batches = clientBatches(found, batchDelayMs(ROUND_MS), ROUND_MS);
  const syncs: { roundId: string; playerId: string; date: string; ranked: boolean; words: string[]; at: number[] }[] = [];
  for (let p = 0; p < TYPICAL_PLAYERS; p++) {
    const ip = { "CF-Connecting-IP": `10.8.${p >> 8}.${p & 255}` };
    const created = await call("/api/players", { method: "POST", body: "{}", headers: ip });
    const auth = { Authorization: `Bearer ${created.body.token}` };
    const puzzle = await call(`/api/puzzles/${date}`);
    const round = await call(`/api/puzzles/${date}/rounds`, { method: "POST", headers: auth });
    const candidates = playerWords(solution, p);
    const words: string[] = [];
    const at: number[] = [];
    for (const batch of batches) {
      const sent = batch.words.filter((i) => i < candidates.length).map((i) => ({ word: candidates[i], age: batch.at - found[i] }));
      if (sent.length === 0) continue;
      const answer = await call(`/api/rounds/${round.body.roundId}/words/batch`, { method: "POST", body: json({ ticket: round.body.ticket, words: sent }) });
      wordRequests++;
      rowsRead += answer.d1[1];
      rowsWritten += answer.d1[2];
      for (const [i, verdict] of (answer.body.verdicts as { accepted: boolean; word: string }[]).entries()) {
        if (!verdict.accepted) continue;
        words.push(verdict.word);
        at.push(Date.now() - sent[i].age);
      }
    }
    messages += Math.ceil(words.length / RECEIPTS_PER_SYNC);
    syncRequests += Math.ceil(words.length / RECEIPTS_PER_SYNC);
    syncs.push({ roundId: round.body.roundId, playerId: created.body.playerId, date, ranked: true, words, at });
    newPlayerRowsWritten += created.d1[2];
    for (const r of [created, puzzle, round]) {
      rowsRead += r.d1[1];
      rowsWritten += r.d1[2];
    }
  }
  const perPlayerRequests = requestCount() - requestsBefore + syncRequests;
  const merged = await call("/api/__scale/merge", { method: "POST", body: json(syncs) });
  const [, mergeRead, mergeWritten] = (merged.body.d1 as string).split(" ").map(Number);
  rowsRead += mergeRead;
  rowsWritten += mergeWritten;
  // A few reads after the round: none of them writes. Each is one request of every player.
  const token = (await call(`/api/__scale/token/${playerOfRound(syncs[0].roundId)}`)).body.token as string;
  const auth = { Authorization: `Bearer ${token}` };
  // The solution opens once the round is over: asked as a seeded player whose round is.
  const over = (await call(`/api/__scale/cursor?date=${date}&offset=0`)).body.cursor as string;
  const overAuth = { Authorization: `Bearer ${(await call(`/api/__scale/token/${playerOfRound(over.split(".")[2])}`)).body.token}` };
  // Per-player reads cost each player; a shared answer (a leaderboard page, the solution) is
  // built once and then served from the edge cache (as production does): its first request
  // counts once, the cached repeat for every other player.
  const reads: { shared: boolean; send: () => ReturnType<typeof call> }[] = [
    { shared: false, send: () => call(`/api/puzzles/${date}/rounds`, { method: "POST", headers: auth }) },
    { shared: false, send: () => call(`/api/puzzles/${date}/leaderboard/me`, { headers: auth }) },
    { shared: false, send: () => call("/api/players/me/stats", { headers: auth }) },
    { shared: true, send: () => call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}`) },
    { shared: true, send: () => call(`/api/puzzles/${date}/solution`, { headers: overAuth }) },
  ];
  for (const read of reads) {
    const first = await read.send();
    const rest = read.shared ? await read.send() : first;
    rowsRead += first.d1[1] + rest.d1[1] * (TYPICAL_PLAYERS - 1);
    rowsWritten += first.d1[2] + rest.d1[2] * (TYPICAL_PLAYERS - 1);
  }
  const per = (x: number) => x / TYPICAL_PLAYERS;
  return { requests: per(perPlayerRequests) + reads.length, wordRequests: per(wordRequests), wordsFound: Math.min(DAY_WORDS, solution.length), messages: per(messages), rowsRead: per(rowsRead), rowsWritten: per(rowsWritten), newPlayerRowsWritten: per(newPlayerRowsWritten) };
}
