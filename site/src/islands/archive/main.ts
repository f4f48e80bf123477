// /archive: past puzzles newest first, each linking to /play/YYYY-MM-DD, marked when played here;
// /fr/archive the French boards (and /archive?lang=fr, an older address), in the page's language.
import { api } from "../../core/api.ts";
import { LANGUAGES } from "#engine";
import { boardLanguageOf } from "../../core/board-language.ts";
import { leaderboardHref, puzzleHref } from "../../core/puzzle-links.ts";
import { serverToday } from "../../core/server-day.ts";
import { formatLongDate } from "../../core/dates.ts";
import { playedDates } from "../daily/game-store.ts";
import { partOf } from "../../core/parts.ts";
import { messages, pageLanguage } from "../../i18n/messages.ts";
import { errorReason } from "../../core/error-reason.ts";

// Two weeks a page: the Worker keeps the last 16 puzzles it parsed in memory, so a page fits in
// that cache with room for today's puzzle, which every other page asks for.
const PAGE_SIZE = 14;

/** <tw-archive> (the /archive page's island). */
export class ArchiveElement extends HTMLElement {
  connectedCallback(): void {
    initArchive(this);
  }
}

function initArchive(root: HTMLElement): void {
  const rows = partOf(root, "archive-rows");
  const status = partOf(root, "archive-status");
  const more = partOf<HTMLButtonElement>(root, "archive-more");
  const played = playedDates();
  let before: string | null = null;
  const number = new Intl.NumberFormat(pageLanguage());
  const t = messages().pages.archive;
  const lang = boardLanguageOf(root);
  if (lang !== "en") document.querySelector("h1")?.append(` · ${LANGUAGES[lang].nativeName}`);

  const load = async () => {
    more.disabled = true;
    try {
      const { puzzles, next } = await api.archive(before, PAGE_SIZE, lang);
      for (const puzzle of puzzles) {
        const tr = document.createElement("tr");
        const link = document.createElement("a");
        const today = puzzle.date === serverToday();
        link.href = puzzleHref(puzzle, today);
        link.textContent = today ? t.today(formatLongDate(puzzle.date)) : formatLongDate(puzzle.date);
        const lb = document.createElement("a");
        lb.href = leaderboardHref(puzzle);
        lb.textContent = messages().nav.leaderboard;
        const cells: (string | Node)[] = [
          number.format(puzzle.number),
          link,
          number.format(puzzle.totals.words),
          number.format(puzzle.totals.points),
          played.has(puzzle.id) ? t.done : "",
          lb,
        ];
        cells.forEach((content, i) => {
          const td = document.createElement("td");
          td.append(content);
          if (i === 0 || i === 2) td.className = "num";
          if (i === 3) td.className = "num points";
          if (i === 4 && content) td.className = "done-mark";
          tr.append(td);
        });
        rows.append(tr);
      }
      before = next;
      more.hidden = next === null;
      status.textContent = rows.children.length === 0 ? t.none : "";
    } catch (error) {
      status.textContent = t.failed(errorReason(error));
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener("click", () => void load());
  void load();
}

customElements.define("tw-archive", ArchiveElement);
