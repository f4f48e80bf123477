// One clock for every countdown on a page (the daily round's timer, a room's round, a practice
// turn, the results card's "next puzzle in"): a single interval ticks whatever listens, so the
// countdowns move together and a page keeps one timer, not one per widget.
const TICK_MS = 250;

const listeners = new Set<() => void>();
let interval: ReturnType<typeof setInterval> | undefined;

/** Calls `listener` on every tick (four times a second); returns the function that stops it. */
export function onTick(listener: () => void): () => void {
  listeners.add(listener);
  interval ??= setInterval(() => {
    for (const tick of [...listeners]) tick();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && interval !== undefined) {
      clearInterval(interval);
      interval = undefined;
    }
  };
}
