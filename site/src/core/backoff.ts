// How long to wait before trying again, for every retry on the site (the submit queue, a resumed
// round, the room's socket, the solution, the results card's standing and achievements): the wait
// doubles from `first` up to `max`. `backoffDelay` is the jittered one, for requests many players
// could otherwise send in step.

/** The wait before attempt `attempt + 1` after `attempt` failures in a row (1, 2, ...): first, 2 × first, ... up to max. */
export function backoff(attempt: number, { first = 1000, max = 30_000 }: { first?: number; max?: number } = {}): number {
  return Math.min(max, first * 2 ** Math.max(0, attempt - 1));
}

/** The wait before the next attempt: doubling from 1 s up to 30 s, jittered by ±25%. */
export function backoffDelay(attempts: number, random = Math.random()): number {
  return backoff(attempts) * (0.75 + random / 2);
}

/** Resolves after `ms` (a retry's wait). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
