// Personal stats: from the API when this browser has a player, otherwise from the games stored
// in this browser (the same numbers, computed locally).
import { api, identity } from "../../core/api.ts";
import type { Stats } from "../../core/api.ts";
import { ACHIEVEMENTS } from "#game/achievements.ts";
import { serverToday } from "../../core/server-day.ts";
import { streakOfDates } from "#game/streak-freeze.ts";
import { messages } from "../../i18n/messages.ts";
import { LANGUAGES } from "#engine";
import { plural } from "#game/plural.ts";
import { parsePuzzleKey } from "#game/puzzle-key.ts";
import { formatLongDate } from "../../core/dates.ts";
import { loadGame, localHistory } from "../daily/game-store.ts";
import { partOf } from "../../core/parts.ts";
import { leaderboardHref } from "../../core/puzzle-links.ts";
import { scoreHistogram, streakCalendar } from "./stats-chart.ts";
import { languageOf, redrawWhenSpelled, spelled } from "../../core/spellings.ts";

/** The best ranked words stored in this browser: most points, then longest, once each. */
function localBestWords(dates: readonly string[]): Stats["bestWords"] {
  const first = new Map<string, Stats["bestWords"][number]>();
  for (const date of [...dates].sort()) {
    const day = parsePuzzleKey(date);
    if (day === null) continue;
    for (const f of loadGame(date).found) if (f.ranked && !first.has(f.word)) first.set(f.word, { word: f.word, points: f.points, date: day.date, lang: day.lang });
  }
  return [...first.values()].sort((a, b) => b.points - a.points || b.word.length - a.word.length || a.date.localeCompare(b.date)).slice(0, 10);
}

function localStats(): Stats {
  // Saved games are kept by board ("2026-11-25", "2026-11-25-fr"): a day of any language counts.
  const history = localHistory().flatMap((d) => {
    const day = parsePuzzleKey(d.date);
    return day === null ? [] : [{ ...d, date: day.date, lang: day.lang, key: d.date }];
  });
  const totalPoints = history.reduce((sum, d) => sum + d.score, 0);
  const playedDates = [...new Set(history.map((d) => d.date))].sort();
  const { streak, bestStreak, freezes, frozenDates } = streakOfDates(playedDates, serverToday());
  return {
    played: history.length,
    streak,
    bestStreak,
    freezes,
    frozenDates,
    playedDates,
    // Achievements are the server's to award (they need the boards' solutions).
    achievements: {},
    bestScore: Math.max(0, ...history.map((d) => d.score)),
    averageScore: history.length === 0 ? 0 : Math.round((totalPoints / history.length) * 10) / 10,
    totalPoints,
    totalWords: history.reduce((sum, d) => sum + d.words, 0),
    history: history.map(({ key: _, ...d }) => ({ ...d, ranked: true })),
    bestWords: localBestWords(history.map((d) => d.key)),
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
  $("longest").textContent = String(stats.bestStreak);
  $("average").textContent = stats.averageScore.toLocaleString("en", { maximumFractionDigits: 1 });
  $("totals").textContent = `${plural(stats.totalWords, "word")}, ${plural(stats.totalPoints, "point")}`;
  $("freezes").textContent = String(stats.freezes);
  const ranked = stats.history.filter((d) => d.ranked);
  $("chart").replaceChildren(scoreHistogram(ranked.map((d) => d.score)));
  const t = messages().comeback;
  $("calendar").replaceChildren(streakCalendar(new Set(stats.playedDates), serverToday(), new Set(stats.frozenDates), t.frozenDay));
  $("freeze-rule").textContent = t.freezeRule;
  $("achievements").replaceChildren(...achievementItems(stats.achievements));
  const best = $("best-words");
  best.replaceChildren(
    ...stats.bestWords.map((w) => {
      const li = document.createElement("li");
      const word = document.createElement("strong");
      const lang = languageOf(w.lang);
      word.textContent = spelled(w.word, lang).toUpperCase();
      redrawWhenSpelled(lang, word, () => (word.textContent = spelled(w.word, lang).toUpperCase()));
      const meta = document.createElement("span");
      meta.className = "muted";
      meta.textContent = ` ${plural(w.points, "point")} · ${formatLongDate(w.date)}`;
      li.append(word, meta);
      return li;
    }),
  );
  $("best-words-none").hidden = stats.bestWords.length > 0;
  $("rows").replaceChildren(
    ...stats.history.map((day) => {
      const tr = document.createElement("tr");
      const date = document.createElement("td");
      const link = document.createElement("a");
      link.href = leaderboardHref(day);
      link.textContent = formatLongDate(day.date) + (day.lang === "en" ? "" : ` · ${LANGUAGES[day.lang].nativeName}`);
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

/** Every achievement with its one-sentence rule: the earned ones first, each with its day. */
function achievementItems(earned: Stats["achievements"]): HTMLLIElement[] {
  const t = messages().comeback;
  const order = [...ACHIEVEMENTS].sort((a, b) => Number(earned[b] !== undefined) - Number(earned[a] !== undefined));
  return order.map((id) => {
    const li = document.createElement("li");
    const date = earned[id];
    li.dataset.achievement = id;
    li.className = date === undefined ? "" : "is-earned";
    const name = document.createElement("strong");
    name.textContent = t.achievements[id].name;
    const rule = document.createElement("span");
    rule.textContent = ` · ${t.achievements[id].rule} · `;
    const when = document.createElement("span");
    when.className = "muted";
    when.textContent = date === undefined ? t.notYet : t.earnedOn(formatLongDate(date));
    li.append(name, rule, when);
    return li;
  });
}

customElements.define("tw-stats", StatsElement);
