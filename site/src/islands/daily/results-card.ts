// Fills and opens the end-of-round card (ResultsCard.astro). Loaded on demand when a ranked round
// ends, so it costs the first load nothing.
import { api } from "../../core/api.ts";
import type { Puzzle, Standing } from "../../core/api.ts";
import { nextPuzzleText } from "../../core/dates.ts";
import { backoff, wait } from "../../core/backoff.ts";
import { onTick } from "../../core/ticker.ts";
import { usedHintNames } from "./hints.ts";
import { messages } from "../../i18n/messages.ts";
import { RANKS, rankIndex } from "#game/ranks.ts";
import { NAME_KEY, setUpNamePrompt, wantsName } from "../../core/name-prompt.ts";
import { readItem } from "../../core/storage.ts";
import { standingText } from "./result-text.ts";
import { shareResult } from "./share.ts";
import { type RankedWord, worthLearningFirst } from "../../core/word-order.ts";
import { ACHIEVEMENTS } from "#game/achievements.ts";
import { redrawWhenSpelled, spelled } from "../../core/spellings.ts";

/** Tries at reading the round's achievements: 1 + 2 + 4 + 8 + 16 s of waiting at most. */
const ACHIEVEMENT_ATTEMPTS = 6;

export interface RoundResult {
  puzzle: Puzzle;
  score: number;
  /** Points of the ranked round's everyday words (the rank ladder) and of its bonus words. */
  everyday: number;
  bonus: number;
  /** The words of the ranked round. */
  words: string[];
  closesAt: number;
  /**
   * Settles once the round's own receipts are uploaded (the server then merges them from its
   * queue), with the ranked score the server should then have (words it refused drop out).
   */
  synced: Promise<number>;
}

/** How long the card waits for the server to merge the round before it shows a provisional standing. */
const MERGE_WAIT_MS = 30_000;

export class ResultsCard {
  private readonly dialog: HTMLDialogElement;
  private result: RoundResult | null = null;
  /** Keys of the card's two words drawn again once the spellings load (spellings.ts). */
  private readonly longestView = {};
  private readonly missedView = {};
  private standing: string | undefined;
  /** Stops the countdown to the next puzzle (the page's one clock, core/ticker.ts). */
  private stopTicking: (() => void) | undefined;

  constructor(dialog: HTMLDialogElement, onSolution: () => void) {
    this.dialog = dialog;
    this.q("close")?.addEventListener("click", () => dialog.close());
    this.q("solution")?.addEventListener("click", () => {
      dialog.close();
      onSolution();
    });
    this.q("share")?.addEventListener("click", () => void this.share(false));
    this.q("share-text")?.addEventListener("click", () => void this.share(true));
    const prompt = this.dialog.querySelector<HTMLFormElement>("[data-name-prompt]");
    if (prompt) setUpNamePrompt(prompt);
    dialog.addEventListener("close", () => this.stopTicking?.());
    // A tap on the backdrop closes it, as on every phone sheet.
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) dialog.close();
    });
  }

  private q<T extends HTMLElement = HTMLElement>(name: string): T | null {
    return this.dialog.querySelector<T>(`[data-results-${name}]`);
  }

  private set(name: string, text: string): void {
    const el = this.q(name);
    if (el) el.textContent = text;
  }

  open(result: RoundResult): void {
    this.result = result;
    const { puzzle, score, words, everyday, bonus } = result;
    const t = messages();
    this.set("title", t.results.title(puzzle.number));
    this.set("score", String(score));
    this.set("points", t.results.points(score, bonus));
    this.set("words", t.words(words.length));
    const current = rankIndex(everyday, puzzle.totals.commonPoints);
    this.set("rank", t.rankNames[RANKS[current].key]);
    this.set("rank-step", t.results.rankStep(current + 1, RANKS.length));
    this.q("ladder")?.replaceChildren(
      ...RANKS.map((rank, i) => {
        const name = t.rankNames[rank.key];
        const li = document.createElement("li");
        li.title = name;
        li.className = i <= current ? "is-reached" : "";
        if (i === current) li.setAttribute("aria-current", "step");
        li.textContent = i === current ? name : "";
        return li;
      }),
    );
    const longest = [...words].sort((a, b) => b.length - a.length || a.localeCompare(b))[0];
    // As spelled ("CLÉ"), with the letters the board counts (3).
    this.set("longest", longest ? `${spelled(longest, puzzle.lang).toUpperCase()} (${longest.length})` : t.results.none);
    if (longest) redrawWhenSpelled(puzzle.lang, this.longestView, () => this.result === result && this.set("longest", `${spelled(longest, puzzle.lang).toUpperCase()} (${longest.length})`), [longest]);
    this.set("lengths", byLength(words));
    const hints = usedHintNames(puzzle.id, "ranked", t.hintNames);
    this.set("hints", hints.length ? hints.join(", ") : t.results.none);
    const tick = () => {
      const left = result.closesAt - Date.now();
      this.set("countdown", nextPuzzleText(left));
    };
    tick();
    this.stopTicking?.();
    this.stopTicking = onTick(tick);
    const prompt = this.dialog.querySelector<HTMLFormElement>("[data-name-prompt]");
    if (prompt && !this.dialog.open) prompt.hidden = !wantsName();
    // The player's leaderboard name, as saved here or brought by a passkey sign-in.
    const name = readItem(NAME_KEY);
    this.set("player", name ?? "");
    const nameRow = this.q("player-row");
    if (nameRow) nameRow.hidden = !name;
    // The embed's card sits in the page's flow (the frame grows to hold it); the site's is modal.
    if (!this.dialog.open) {
      if (this.dialog.hasAttribute("data-inline")) {
        this.dialog.show();
        this.dialog.scrollIntoView({ block: "nearest" });
      } else this.dialog.showModal();
    }
    this.q<HTMLButtonElement>("share")?.focus();
    this.standing = undefined;
    this.set("standing", t.results.counting);
    void this.loadStanding(result);
    void this.announceAchievements(result);
  }

  /**
   * The achievements this board's day earned, once the server has the round's words (its sync
   * goes through a queue): asked a few times, backing off, until the stats count them.
   */
  private async announceAchievements(result: RoundResult): Promise<void> {
    const line = this.q("achievements");
    if (!line) return;
    line.hidden = true;
    const { date, lang } = result.puzzle;
    for (let attempt = 0; attempt < ACHIEVEMENT_ATTEMPTS; attempt++) {
      if (attempt > 0) await wait(backoff(attempt + 1, { max: Infinity }));
      if (this.result !== result) return;
      try {
        const stats = await api.stats();
        const round = stats.history.find((h) => h.ranked && h.date === date && h.lang === lang);
        if (round === undefined || round.words < result.words.length) continue;
        const t = messages().comeback;
        const earned = ACHIEVEMENTS.filter((id) => stats.achievements[id] === date);
        if (earned.length === 0) return;
        line.textContent = `🏅 ${t.earnedNow(earned.map((id) => t.achievements[id].name).join(", "))}`;
        line.dataset.achievements = earned.join(" ");
        line.hidden = false;
        return;
      } catch {
        // Offline or busy: try again.
      }
    }
  }

  /** The best word missed: the most points, common words first (worth learning). */
  setSolution(solution: readonly RankedWord[]): void {
    if (!this.result) return;
    const found = new Set(this.result.words);
    const missed = solution.filter((w) => !found.has(w.word)).sort(worthLearningFirst)[0];
    const t = messages();
    const lang = this.result.puzzle.lang;
    this.set("missed", missed ? `${spelled(missed.word, lang).toUpperCase()} (${t.points(missed.points)})` : t.results.allFound);
    if (missed) redrawWhenSpelled(lang, this.missedView, () => this.setSolution(solution), [missed.word]);
  }

  /**
   * The standing with this round in it: the server's rank counts the round only once its upload is
   * merged (a queue behind the sync), so the card waits for the server's score of the round to
   * reach the card's own before it shows (and shares) a place; until then it says so.
   */
  private async loadStanding(result: RoundResult): Promise<void> {
    const t = messages().results;
    const score = await result.synced.catch(() => result.score);
    const deadline = Date.now() + MERGE_WAIT_MS;
    for (let attempt = 1; ; attempt++) {
      if (this.result !== result) return;
      let board: Standing;
      try {
        board = await api.standing(result.puzzle.id);
      } catch {
        return this.set("standing", t.offline);
      }
      const merged = board.you ? board.you.score >= score : score === 0;
      if (merged || Date.now() >= deadline) return this.showStanding(board, merged);
      await wait(backoff(attempt + 1, { first: 250, max: 4000 }));
    }
  }

  private showStanding(board: Standing, merged: boolean): void {
    const t = messages().results;
    if (!board.you) return this.set("standing", merged ? t.players(board.total) : `${t.players(board.total)} · ${t.stillCounting}`);
    if (!board.you.verified) return this.set("standing", t.underReview(board.you.reason));
    const place = t.place(board.you.rank, board.total);
    if (!merged) return this.set("standing", `${place} · ${t.stillCounting}`);
    // The share text is English wherever it is posted; the card speaks the page's language.
    // Only a confirmed place is shared.
    this.standing = standingText(board.you.rank, board.total);
    this.set("standing", board.you.provisional ? `${place} · ${t.provisional[board.you.provisional]}` : place);
  }

  /** Shares the result: with its emoji picture, or as words only (for screen readers). */
  private async share(textOnly: boolean): Promise<void> {
    const r = this.result;
    if (!r) return;
    const { text } = await shareResult(
      {
        number: r.puzzle.number,
        lang: r.puzzle.lang,
        ranked: true,
        score: r.score,
        bonus: r.bonus,
        words: r.words,
        rank: RANKS[rankIndex(r.everyday, r.puzzle.totals.commonPoints)].name,
        standing: this.standing,
        hints: usedHintNames(r.puzzle.id),
        textOnly,
      },
      this.q<HTMLTextAreaElement>("fallback") ?? undefined,
    );
    this.set("feedback", text);
  }
}

/** "By length: 4 letters ×2 · 5 letters ×1" (plain text: emoji fonts are missing on some systems). */
function byLength(words: readonly string[]): string {
  const t = messages().results;
  if (words.length === 0) return t.noWords;
  const counts = new Map<number, number>();
  for (const w of words) counts.set(w.length, (counts.get(w.length) ?? 0) + 1);
  return t.byLength([...counts.keys()].sort((a, b) => a - b).map((n) => [n, counts.get(n) ?? 0]));
}
