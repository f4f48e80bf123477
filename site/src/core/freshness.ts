// How old a cached page is, in words: the leaderboard says it under its table.

/** "updated just now", "updated 5 s ago", "updated 3 min ago". */
export function freshness(updatedAt: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  if (seconds < 2) return "updated just now";
  if (seconds < 120) return `updated ${seconds} s ago`;
  return `updated ${Math.round(seconds / 60)} min ago`;
}
