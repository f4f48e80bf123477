// Start: the server starts (or gives back) the day's round, and the page takes it, says "Go!" and
// puts the focus where the player types or traces. Offline, or refused, the page says why. And the
// round a player may have played elsewhere, asked for before Start is offered.
import { ApiError, type StartedRound, api } from "../../core/api.ts";
import type { Messages } from "../../i18n/messages.ts";
import type { GamePage } from "./game-page.ts";
import { errorReason } from "../../core/error-reason.ts";

export interface RoundStart {
  puzzleId: string;
  page: GamePage;
  t: Messages;
  /** Takes the server's round into the game, then moves the play to its phase. */
  adopt(round: StartedRound): void;
  /** Whether the round runs here now (one already over was played on another device). */
  running(): boolean;
}

export async function startRoundOnServer({ puzzleId, page, t, adopt, running }: RoundStart): Promise<void> {
  const start = page.el<HTMLButtonElement>("start");
  if (start) start.disabled = true;
  try {
    const round = await api.startRound(puzzleId);
    adopt(round);
    // A round already over (played on another device) has had its "Time's up!".
    if (running() || !round.ranked) page.announce(round.ranked ? t.go : t.goFree, "info");
    // Keyboard players type straight away; on touch screens focusing the field would pop up the
    // on-screen keyboard over the board, so the board gets the focus instead.
    if (matchMedia("(pointer: fine)").matches) page.el<HTMLInputElement>("word")?.focus({ preventScroll: true });
    else page.el("board")?.querySelector<HTMLElement>(".tile")?.focus({ preventScroll: true });
  } catch (error) {
    // Offline: the board is here (seen before), but a ranked round is started by the server.
    if (error instanceof ApiError && error.status === 0) page.announce(t.comeback.offlineToday, "bad");
    else page.announce(t.roundFailed(errorReason(error)), "bad");
  } finally {
    if (start) start.disabled = false;
  }
}

/**
 * The player's round of the day on the server, if any (played on another device), Start held
 * back while it is asked for; offline or unknown, none: Start stays, and gives the same round back.
 */
export async function roundFromServer(page: GamePage, ask: () => Promise<StartedRound | null>): Promise<StartedRound | null> {
  const start = page.el<HTMLButtonElement>("start");
  if (start) start.disabled = true;
  try {
    return await ask();
  } catch {
    return null;
  } finally {
    if (start) start.disabled = false;
  }
}
