// The game's clocks, redrawn on the page's one clock (ticker.ts, four times a second): a round's timer (urgent in the last 20 s, with
// spoken warnings at 60, 30 and 10 s) and the countdown to the next puzzle. The daily round and a
// room's round both run on it.
import { formatDuration, nextPuzzleText } from "./dates.ts";
import { onTick } from "./ticker.ts";
import { messages } from "../i18n/messages.ts";

/** The timer turns urgent for a round's last this many ms. */
export const URGENT_MS = 20_000;
const WARNINGS_S = [60, 30, 10];

export interface ClockParts {
  timer: HTMLElement | null;
  /** A live region: the timer itself is not one (it would talk every second). */
  warning: HTMLElement | null;
  countdown: HTMLElement | null;
}

export interface ClockSource {
  /** The running ranked round's end (ms since epoch), or null when no round is running. */
  roundEndsAt(): number | null;
  /** What the timer says when no round runs ("Round over" after a ranked round, else nothing). */
  idleText(): string;
  /** When the next puzzle comes out (ms since epoch); only asked with a countdown part. */
  nextPuzzleAt?(): number;
  /** The running round's time ran out (called once per tick while it stays out). */
  onTimeUp(): void;
}

export class RoundClock {
  private readonly parts: ClockParts;
  private readonly source: ClockSource;

  constructor(parts: ClockParts, source: ClockSource) {
    this.parts = parts;
    this.source = source;
  }

  start(): void {
    this.tick();
    onTick(() => this.tick());
  }

  tick(): void {
    const { timer, warning, countdown } = this.parts;
    const now = Date.now();
    const endsAt = this.source.roundEndsAt();
    if (endsAt !== null) {
      const left = endsAt - now;
      if (timer) {
        timer.textContent = formatDuration(left);
        timer.classList.toggle("is-urgent", left < URGENT_MS);
      }
      // Each warning is set during its own second only, so it is spoken once.
      const due = WARNINGS_S.find((s) => left <= s * 1000 && left > (s - 1) * 1000);
      if (due !== undefined && warning) warning.textContent = messages().secondsLeft(due);
      else if (left <= 0 && warning) warning.textContent = "";
      if (left <= 0) this.source.onTimeUp();
    } else {
      // Over: the last spoken warning must not linger in the accessibility tree.
      if (warning && warning.textContent !== "") warning.textContent = "";
      if (timer) {
        timer.textContent = this.source.idleText();
        timer.classList.remove("is-urgent");
      }
    }
    if (countdown && this.source.nextPuzzleAt) {
      const nextIn = this.source.nextPuzzleAt() - now;
      countdown.textContent = nextPuzzleText(nextIn);
    }
  }
}
