// Syncing a round's receipts to the server. Every accepted word comes with a receipt (the
// server's signed proof); receipts are saved with the game and sent in batches: once when a
// ranked round ends (none while it runs: each sync is a queue message and D1 writes, and the
// receipts are safe in storage), every minute while an unranked round has some waiting, with
// navigator.sendBeacon whenever the page is hidden or goes away, and on the next visit to any
// game page. A receipt counts as synced once a sync of it is
// accepted; if the server's round later lacks its word, it is sent again (syncs are idempotent).
import { ApiError, api, receiptsPath } from "./api.ts";
import { type GameState, loadGame, saveGame, savedDates } from "./game-store.ts";

/**
 * How often an unranked round's waiting receipts are sent. Every sync is a queue message and a few
 * D1 rows written (docs/scale.md counts them per player-day), so a ranked round sends none until
 * it ends.
 */
export const SYNC_INTERVAL_MS = 60_000;
/** The server takes at most 60 receipts per sync (its 4 KB body limit). */
const PER_SYNC = 50;

function waiting(state: GameState): string[] {
  return state.receipts.filter((r) => !r.synced).map((r) => r.receipt);
}

function chunks(items: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < items.length; i += PER_SYNC) out.push(items.slice(i, i + PER_SYNC));
  return out;
}

/** What became of a sync: how many receipts went out, and the words the server refused. */
export interface SyncResult {
  sent: number;
  refused: { word: string; reason: string }[];
}

/**
 * Sends the game's waiting receipts; marks the accepted ones synced (saving the game) and drops
 * the refused ones (they can never count). A failure leaves them waiting for the next attempt.
 */
export async function syncReceipts(state: GameState): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, refused: [] };
  if (!state.roundId || !state.ticket) return result;
  for (const batch of chunks(waiting(state))) {
    const answer = await api.syncReceipts(state.roundId, state.ticket, batch);
    const refused = new Set(answer.refused.map((r) => r.receipt));
    for (const entry of state.receipts) {
      if (!batch.includes(entry.receipt)) continue;
      entry.synced = true;
      const why = answer.refused.find((r) => r.receipt === entry.receipt);
      if (why) result.refused.push({ word: entry.word, reason: why.reason });
    }
    state.receipts = state.receipts.filter((r) => !refused.has(r.receipt));
    result.sent += batch.length;
    saveGame(state);
  }
  return result;
}

/** When the page goes away: hands the waiting receipts to the browser, which sends them even after the page is gone. */
export function beaconReceipts(state: GameState): void {
  if (!state.roundId || !state.ticket || typeof navigator.sendBeacon !== "function") return;
  for (const batch of chunks(waiting(state))) {
    const body = new Blob([JSON.stringify({ ticket: state.ticket, receipts: batch })], { type: "application/json" });
    // Not marked synced: nobody reads the answer. The next visit sends them again, harmlessly.
    navigator.sendBeacon(receiptsPath(state.roundId), body);
  }
}

/** After the server's view of the round arrives: receipts of words it lacks go out again. */
export function resendMissing(state: GameState, storedWords: readonly string[]): void {
  const stored = new Set(storedWords);
  for (const entry of state.receipts) if (!stored.has(entry.word)) entry.synced = false;
}

/** On any game page: games of other days still holding unsynced receipts (a crash, an offline spell) sync them now. */
export async function syncOtherGames(except: string): Promise<void> {
  for (const date of savedDates()) {
    if (date === except) continue;
    const state = loadGame(date);
    if (waiting(state).length === 0) continue;
    try {
      await syncReceipts(state);
    } catch (error) {
      if (!(error instanceof ApiError && error.transient)) {
        // Refused outright (a round the server no longer knows): they can never count.
        state.receipts = state.receipts.filter((r) => r.synced);
        saveGame(state);
      }
    }
  }
}
