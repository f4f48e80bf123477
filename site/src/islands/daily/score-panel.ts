// The daily game's score: the points (and the ranked part of them), progress against the
// computer's totals, the rank ladder, the words found (longest first) and the one-line summary
// shown under the word field on phones.
import type { Totals } from "../../core/api.ts";
import type { FoundEntry } from "./game-store.ts";
import type { WordSync } from "./game-state.ts";
import { RANKS, pointsToNext, rankIndex } from "#game/ranks.ts";
import { type ScoreParts, bonusText } from "./bonus-words.ts";
import { messages } from "../../i18n/messages.ts";
import { languageOf, redrawWhenSpelled, spelled } from "../../core/spellings.ts";

export interface Score {
  found: readonly FoundEntry[];
  /** A ranked round was played: the words found after it are marked as free play. */
  ranked: boolean;
  total: number;
  rankedScore: number;
  /** All words found, everyday and bonus apart. */
  parts: ScoreParts;
  /** Whether a word is an everyday one (the others are marked as bonus words). */
  isCommon: (word: string) => boolean;
  /** Where a word stands with the server (its mark on the list). */
  syncOf: (entry: FoundEntry) => WordSync;
}

export class ScorePanel {
  private readonly root: HTMLElement;
  private readonly totals: Totals;

  constructor(root: HTMLElement, totals: Totals) {
    this.root = root;
    this.totals = totals;
    this.drawLadder();
  }

  private el<T extends HTMLElement = HTMLElement>(name: string): T | null {
    return this.root.querySelector<T>(`[data-${name}]`);
  }

  private setText(name: string, text: string): void {
    const el = this.el(name);
    if (el) el.textContent = text;
  }

  draw(score: Score): void {
    const { found, ranked, total, rankedScore, parts } = score;
    const commonFound = parts.everydayWords;
    const totals = this.totals;
    const t = messages();
    this.setText("score", String(total));
    this.setText("bonus", bonusText(parts, t));
    this.setText("ranked-score", ranked && total !== rankedScore ? t.rankedScore(rankedScore) : "");
    this.setText("found-count", t.words(found.length));
    this.setText("total-points", String(totals.commonPoints));
    this.setText("total-words", String(totals.commonWords));
    const progress = this.el<HTMLProgressElement>("progress-total");
    if (progress) Object.assign(progress, { max: Math.max(1, totals.commonPoints), value: parts.everyday });
    this.setText("common-found", t.of(commonFound, totals.commonWords));
    const progressCommon = this.el<HTMLProgressElement>("progress-common");
    if (progressCommon) Object.assign(progressCommon, { max: Math.max(1, totals.commonWords), value: commonFound });
    // The ladder measures everyday points: bonus words are extra, not the way up.
    const current = rankIndex(parts.everyday, totals.commonPoints);
    const rank = t.rankNames[RANKS[current].key];
    this.setText("rank", rank);
    const toNext = pointsToNext(parts.everyday, totals.commonPoints);
    this.setText("rank-next", toNext === null ? t.topRank : t.toNextRank(toNext));
    this.el("ladder")
      ?.querySelectorAll("li")
      .forEach((li, i) => {
        li.classList.toggle("is-reached", i <= current);
        if (i === current) li.setAttribute("aria-current", "step");
        else li.removeAttribute("aria-current");
      });
    this.drawFound(found, ranked, score.isCommon, score.syncOf);
    // Phones: the side column is below the fold while playing, so one line under the field sums it up.
    this.setText("progress-line", t.progressLine(found.length, parts.everyday, totals.commonPoints, parts.bonus, rank));
  }

  private drawFound(found: readonly FoundEntry[], ranked: boolean, isCommon: (word: string) => boolean, syncOf: Score["syncOf"]): void {
    const list = this.el("found-list");
    if (!list) return;
    // The board's language (the game sets it on its root): "clé" for the lexicon's "cle".
    const lang = languageOf(this.root.dataset.lang);
    redrawWhenSpelled(lang, this, () => this.drawFound(found, ranked, isCommon, syncOf), found.map((f) => f.word));
    const newest = found.at(-1)?.word;
    const t = messages();
    // Longest first, as the genre groups them; the points are drawn by CSS from data-points.
    const items = [...found]
      .sort((a, b) => b.word.length - a.word.length || a.word.localeCompare(b.word))
      .map((entry) => {
        const li = document.createElement("li");
        li.textContent = spelled(entry.word, lang);
        li.dataset.folded = entry.word;
        const bonus = !isCommon(entry.word);
        // A word is shown as counted only once the server has it; before, the mark says how far it got.
        // (Free-play words never go to the leaderboard: only their wait for a verdict is marked.)
        const sync = !entry.confirmed ? "pending" : entry.ranked ? syncOf(entry) : null;
        if (sync) li.dataset.sync = sync;
        li.title = sync ? `${t.wordPoints(entry.points, bonus)} · ${t.wordSync[sync]}` : t.wordPoints(entry.points, bonus);
        li.dataset.points = sync === "pending" ? "…" : `+${entry.points}${bonus ? " bonus" : ""}`;
        if (bonus) li.classList.add("is-bonus");
        if (entry.word === newest) li.classList.add("is-newest");
        if (!entry.confirmed) li.classList.add("is-pending");
        if (!entry.ranked && ranked) li.classList.add("is-free");
        return li;
      });
    list.replaceChildren(...items);
  }

  private drawLadder(): void {
    const ladder = this.el("ladder");
    if (!ladder) return;
    const common = this.totals.commonPoints;
    const names = messages().rankNames;
    ladder.replaceChildren(
      ...RANKS.map((rank, i) => {
        const li = document.createElement("li");
        const name = document.createElement("span");
        name.textContent = names[rank.key];
        const at = document.createElement("span");
        at.className = "at";
        at.textContent = String(Math.ceil(rank.at * common));
        li.append(name, at);
        return li;
      }),
    );
  }
}
