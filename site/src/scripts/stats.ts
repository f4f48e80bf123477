// Personal stats: from the API when this browser has a player, otherwise from the games stored
// in this browser (the same numbers, computed locally).
import { api, identity } from "./api.ts";
import type { Stats } from "./api.ts";
import { longestStreakOf, streakOf, todayUtc } from "../../../shared/calendar.ts";
import { formatLongDate } from "./dates.ts";
import { localHistory } from "./game-store.ts";
import { partOf } from "./parts.ts";

/** Ranked scores of the last 30 days played, oldest first, as a bar chart (SVG, no library). */
function scoreChart(history: Stats["history"]): SVGSVGElement {
  const days = history.filter((d) => d.ranked).slice(0, 30).reverse();
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const width = Math.max(1, days.length) * 10;
  svg.setAttribute("viewBox", `0 0 ${width} 100`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `Ranked scores of the last ${days.length} days played`);
  svg.classList.add("score-chart");
  const max = Math.max(1, ...days.map((d) => d.score));
  days.forEach((d, i) => {
    const h = Math.max(2, (d.score / max) * 96);
    const bar = document.createElementNS(ns, "rect");
    bar.setAttribute("x", String(i * 10 + 1));
    bar.setAttribute("y", String(100 - h));
    bar.setAttribute("width", "8");
    bar.setAttribute("height", String(h));
    const title = document.createElementNS(ns, "title");
    title.textContent = `${d.date}: ${d.score}`;
    bar.append(title);
    svg.append(bar);
  });
  return svg;
}

function localStats(): Stats {
  const history = localHistory();
  const totalPoints = history.reduce((sum, d) => sum + d.score, 0);
  return {
    played: history.length,
    streak: streakOf(history.map((d) => d.date), todayUtc()),
    bestStreak: longestStreakOf(history.map((d) => d.date)),
    bestScore: Math.max(0, ...history.map((d) => d.score)),
    averageScore: history.length === 0 ? 0 : Math.round((10 * totalPoints) / history.length) / 10,
    totalPoints,
    totalWords: history.reduce((sum, d) => sum + d.words, 0),
    history: history.map((d) => ({ ...d, ranked: true })),
    bestWords: [],
  };
}

/** <tw-stats> (the /stats page's island). */
export class StatsElement extends HTMLElement {
  connectedCallback(): void {
    void initStats(this);
  }
}

async function initStats(root: HTMLElement): Promise<void> {
  const $ = (name: string) => partOf(root, `stats-${name}`);
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
  $("longest").textContent = String(longestStreakOf(stats.history.filter((d) => d.ranked).map((d) => d.date)));
  $("chart").replaceChildren(scoreChart(stats.history));
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

customElements.define("tw-stats", StatsElement);
