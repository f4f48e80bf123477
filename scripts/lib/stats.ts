// Small statistics shared by the load tests and the scale run.

/** The p-th percentile (0-100) of some numbers, nearest rank from below; NaN when there are none. */
export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The middle value (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}
