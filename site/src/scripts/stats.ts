// Personal stats: from the API when this browser has a player, otherwise from the games stored
// in this browser (the same numbers, computed locally).
import { api, identity } from "./api.ts";
import type { Stats } from "./api.ts";
import { formatLongDate, todayUtc } from "./dates.ts";
import { localHistory } from "./game-store.ts";

/** Days in a row with a ranked round, ending today or yesterday. */
export function streakOf(dates: readonly string[], today = todayUtc()): number {
  const played = new Set(dates);
  const day = new Date(`${today}T00:00:00Z`);
  if (!played.has(today)) day.setUTCDate(day.getUTCDate() - 1);
  let streak = 0;
  while (played.has(day.toISOString().slice(0, 10))) {
    streak += 1;
    day.setUTCDate(day.getUTCDate() - 1);
  }
  return streak;
}

function localStats(): Stats {
  const history = localHistory();
  return {
    played: history.length,
    streak: streakOf(history.map((d) => d.date)),
    bestScore: Math.max(0, ...history.map((d) => d.score)),
    history: history.map((d) => ({ ...d, ranked: true })),
  };
}

export async function initStats(): Promise<void> {
  const $ = (name: string) => document.querySelector<HTMLElement>(`[data-stats-${name}]`)!;
  let stats: Stats;
  let source: string;
  if (identity()) {
    try {
      stats = await api.stats();
      source = "Your results as the server knows them.";
    } catch {
      stats = localStats();
      source = "The server is unreachable: these are the results stored in this browser.";
    }
  } else {
    stats = localStats();
    source = "You haven't played a ranked round from this browser yet.";
  }
  $("status").textContent = source;
  $("summary").hidden = false;
  $("played").textContent = String(stats.played);
  $("streak").textContent = String(stats.streak);
  $("best").textContent = String(stats.bestScore);
  $("rows").replaceChildren(
    ...stats.history.map((day) => {
      const tr = document.createElement("tr");
      const date = document.createElement("td");
      const link = document.createElement("a");
      link.href = `/leaderboard?date=${day.date}`;
      link.textContent = formatLongDate(day.date);
      date.append(link);
      const score = document.createElement("td");
      score.className = "num";
      score.textContent = String(day.score);
      const words = document.createElement("td");
      words.className = "num";
      words.textContent = String(day.words);
      const kind = document.createElement("td");
      kind.textContent = day.ranked ? "ranked" : "replay";
      tr.append(date, kind, score, words);
      return tr;
    }),
  );
}
