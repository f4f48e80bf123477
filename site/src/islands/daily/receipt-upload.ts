// Uploading a round's receipts to the server (the client's side of the sync; the Worker queues
// each upload and merges it into D1). Every accepted word comes with a receipt (the server's
// signed proof); receipts are saved with the game (GameStore) and uploaded in batches: once when
// a ranked round ends (none while it runs: each upload is a queue message and D1 writes, and the
// receipts are safe in storage), every minute while an unranked round has some waiting, with
// navigator.sendBeacon whenever the page is hidden or goes away, and on the next visit to any
// game page. A receipt counts as uploaded once an upload of it is accepted; if the server's round
// later lacks its word, it is sent again (uploads are idempotent).
import { ApiError, api, receiptsPath } from "../../core/api.ts";
import { GameStore, savedDates } from "./game-store.ts";
import { MAX_RECEIPTS_PER_SYNC } from "#game/round.ts";

/**
 * How often an unranked round's waiting receipts are sent. Every upload is a queue message and a
 * few D1 rows written (docs/scale.md counts them per player-day), so a ranked round sends none
 * until it ends.
 */
export const UPLOAD_INTERVAL_MS = 60_000;

function chunks(items: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < items.length; i += MAX_RECEIPTS_PER_SYNC) out.push(items.slice(i, i + MAX_RECEIPTS_PER_SYNC));
  return out;
}

/** What became of an upload: how many receipts went out, and the words the server refused. */
export interface UploadResult {
  sent: number;
  refused: { word: string; reason: string }[];
}

/**
 * Sends the game's waiting receipts; the game marks the accepted ones uploaded and drops the
 * refused ones (they can never count). A failure leaves them waiting for the next attempt.
 */
export async function uploadReceipts(game: GameStore): Promise<UploadResult> {
  const result: UploadResult = { sent: 0, refused: [] };
  const { roundId, ticket } = game.view;
  if (!roundId || !ticket) return result;
  for (const batch of chunks(game.waitingReceipts())) {
    const answer = await api.syncReceipts(roundId, ticket, batch);
    result.refused.push(...game.receiptsUploaded(batch, answer.refused));
    result.sent += batch.length;
  }
  return result;
}

/** When the page goes away: hands the waiting receipts to the browser, which sends them even after the page is gone. */
export function beaconReceipts(game: GameStore): void {
  const { roundId, ticket } = game.view;
  if (!roundId || !ticket || typeof navigator.sendBeacon !== "function") return;
  for (const batch of chunks(game.waitingReceipts())) {
    const body = new Blob([JSON.stringify({ ticket, receipts: batch })], { type: "application/json" });
    // Not marked uploaded: nobody reads the answer. The next visit sends them again, harmlessly.
    navigator.sendBeacon(receiptsPath(roundId), body);
  }
}

/** On any game page: games of other days still holding waiting receipts (a crash, an offline spell) upload them now. */
export async function uploadOtherGames(except: string): Promise<void> {
  for (const date of savedDates()) {
    if (date === except) continue;
    const game = GameStore.load(date);
    if (game.waitingReceipts().length === 0) continue;
    try {
      await uploadReceipts(game);
    } catch (error) {
      // Refused outright (a round the server no longer knows): they can never count.
      if (!(error instanceof ApiError && error.transient)) game.dropWaitingReceipts();
    }
  }
}
