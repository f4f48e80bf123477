// The per-operation table: each operation of the product measured on the seeded day (D1
// statements, rows read, rows written from the metered binding; the median time).
import { DEEP_PAGE, PAGE, REPEAT } from "./settings.ts";
import { type Measure, call, measure } from "./meter.ts";
import type { SolutionWord } from "./seed.ts";

export async function measureAll(date: string, solution: SolutionWord[], n: number, targets: readonly string[]): Promise<Map<string, Measure>> {
  const out = new Map<string, Measure>();
  const json = (body: unknown) => JSON.stringify(body);
  // A player of the seeded day whose ranked round is over (for "your rank" and the solution).
  const seeded = (await call(`/api/__scale/cursor?date=${date}&offset=${Math.floor(n / 2)}`)).body.cursor as string;
  const seededRound = seeded.split(".")[2];

  // Round start: a new player's first request of the day (insert), then the same again (resume).
  // Each new player from an address of its own (the limit on new players per address).
  let address = 0;
  const newRound = async () => {
    const ip = `10.9.${address >> 8}.${address & 255}`;
    address++;
    const player = (await call("/api/players", { method: "POST", body: "{}", headers: { "CF-Connecting-IP": ip } })).body;
    return { player, round: await call(`/api/puzzles/${date}/rounds`, { method: "POST", headers: { Authorization: `Bearer ${player.token}` } }) };
  };
  out.set("round start (new round)", await measure(async () => (await newRound()).round));
  const { player, round } = await newRound();
  out.set("round start (resume)", await measure(() => call(`/api/puzzles/${date}/rounds`, { method: "POST", headers: { Authorization: `Bearer ${player.token}` } })));

  // A word: judged from the cached solution, answered with a receipt.
  const ticket = round.body.ticket as string;
  const words = solution.slice(0, REPEAT + 3).map((w) => w.word);
  let k = 0;
  out.set("word (accepted, with receipt)", await measure(() => call(`/api/rounds/${round.body.roundId}/words`, { method: "POST", body: json({ ticket, word: words[k++] }) })));
  // A batch of words, as the site sends them: judged the same way, one receipt each.
  const batchWords = solution.slice(REPEAT + 3, REPEAT + 3 + 4 * REPEAT).map((w) => ({ word: w.word, age: 1000 }));
  let b = 0;
  out.set("word batch (4 words, with receipts)", await measure(() => call(`/api/rounds/${round.body.roundId}/words/batch`, { method: "POST", body: json({ ticket, words: batchWords.slice(4 * b, 4 * ++b) }) })));
  const receipts: string[] = [];
  for (const word of words.slice(0, 3)) receipts.push((await call(`/api/rounds/${round.body.roundId}/words`, { method: "POST", body: json({ ticket, word }) })).body.receipt);
  out.set("sync request (3 receipts, queued)", await measure(() => call(`/api/rounds/${round.body.roundId}/receipts`, { method: "POST", body: json({ ticket, receipts }) })));

  // The consumer's merge, as at a round's end: one sync message of 3 words for a round that holds
  // none yet, and a batch of 100 such messages. The rounds were seeded for the purpose (started,
  // nothing found, no sync of theirs queued), so every word merged is new to its round: the first
  // run writes, whatever the seeded rounds or the day's board. (A repeat finds them stored.)
  const merge = async (messages: unknown[]) => {
    const started = performance.now();
    const res = await call("/api/__scale/merge", { method: "POST", body: json(messages) });
    return { d1: (res.body.d1 as string).split(" ").map(Number) as [number, number, number], ms: performance.now() - started };
  };
  const message = (roundId: string, first: number) => ({ roundId, playerId: playerOfRound(roundId), date, ranked: true, words: [0, 1, 2].map((i) => solution[(first + i) % solution.length].word) });
  const single = message(targets[0], 0);
  out.set("sync merge (consumer, 1 message)", await measure(() => merge([single])));
  const messages = targets.slice(1, 101).map((roundId, i) => message(roundId, 3 * i));
  const batch = await measure(() => merge(messages));
  out.set("sync merge (consumer, 100 messages, per message)", { statements: batch.statements / 100, rowsRead: batch.rowsRead / 100, rowsWritten: batch.rowsWritten / 100, ms: batch.ms / 100 });

  // Reads, built (cache off), then page 1 from the edge cache.
  // The first build reckons the day's queue for the marks of the best places (moderation/review.ts
  // queuedOnBoard): once per isolate every 30 s, whatever the readers; the builds after it read
  // the marks from memory.
  out.set(`leaderboard page 1 (${PAGE} rows), the queue's marks reckoned`, await measure(() => call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}`, { cacheOff: true })));
  out.set(`leaderboard page 1 (${PAGE} rows)`, await measure(() => call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}`, { cacheOff: true })));
  const deep = (await call(`/api/__scale/cursor?date=${date}&offset=${(DEEP_PAGE - 1) * PAGE - 1}`)).body.cursor as string;
  out.set(`leaderboard page ${DEEP_PAGE} (by cursor)`, await measure(() => call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}&cursor=${encodeURIComponent(deep)}`, { cacheOff: true })));
  await call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}`);
  out.set("leaderboard page 1, from the edge cache", await measure(() => call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}`)));
  const seededToken = await playerTokenOf(seededRound);
  out.set("your rank and percentile", await measure(() => call(`/api/puzzles/${date}/leaderboard/me`, { headers: { Authorization: `Bearer ${seededToken}` } })));
  out.set("solution with shares", await measure(() => call(`/api/puzzles/${date}/solution`, { cacheOff: true, headers: { Authorization: `Bearer ${seededToken}` } })));
  out.set("archive (30 days)", await measure(() => call("/api/puzzles?limit=30")));
  return out;
}

/** The player of a round (set by the run once the local D1 exists). */
let lookupPlayer: (roundId: string) => string = () => "";
export const playerOfRound = (roundId: string): string => lookupPlayer(roundId);
export function setPlayerOfRound(lookup: (roundId: string) => string): void {
  lookupPlayer = lookup;
}
export async function playerTokenOf(roundId: string): Promise<string> {
  return (await call(`/api/__scale/token/${playerOfRound(roundId)}`)).body.token;
}
