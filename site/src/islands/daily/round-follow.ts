// A ranked round played elsewhere too (another device, or a page before this one that could keep
// nothing): this page follows it. Every batch is stored at once (the other device reads it), the
// server's round is read again while it runs (first soon: the words stored as the last page went
// away are merged within a second or two; then every FOLLOW_MS), and twice after the end, when the
// other device's last words are in, so the results card gives the merged result.
import { GRACE_MS } from "#game/round.ts";

const FIRST_FOLLOW_MS = 2_000;
const FOLLOW_MS = 10_000;
/** After the round, its merged result is read again this long after the end (the other device's last upload). */
const SETTLE_READS_MS = [GRACE_MS + 1_500, GRACE_MS + 6_000];

export interface FollowedRound {
  /** The round is still running here. */
  running(): boolean;
  /** Takes what the server's round holds that this page lacks; `reopen` redraws an open results card. */
  read(reopen: boolean): Promise<boolean>;
  /** From now on, every batch of words is stored as it is judged. */
  storeEveryBatch(): void;
  /** Sends the receipts kept here so far. */
  sync(): void;
}

export class RoundFollow {
  private following = false;
  private readonly round: FollowedRound;

  constructor(round: FollowedRound) {
    this.round = round;
  }

  start(): void {
    this.round.storeEveryBatch();
    if (this.following) return;
    this.following = true;
    // The receipts kept here so far go now: the other device is to see them while it plays.
    this.round.sync();
    const next = (ms: number) =>
      window.setTimeout(() => {
        if (!this.round.running()) return;
        void this.round.read(false).finally(() => next(FOLLOW_MS));
      }, ms);
    next(FIRST_FOLLOW_MS);
  }

  /** The round is over here: its last words elsewhere reach the server after this page's end. */
  ended(): void {
    if (this.following) for (const ms of SETTLE_READS_MS) window.setTimeout(() => void this.round.read(true), ms);
  }
}
