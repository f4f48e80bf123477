// /archive: past puzzles newest first, each linking to /play/YYYY-MM-DD, marked when played here.
import { api } from "./api.ts";
import { todayUtc } from "../../../shared/calendar.ts";
import { formatLongDate } from "./dates.ts";
import { playedDates } from "./game-store.ts";
import { partOf } from "./parts.ts";

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

  const load = async () => {
    more.disabled = true;
    try {
      const { puzzles, next } = await api.archive(before, PAGE_SIZE);
      for (const puzzle of puzzles) {
        const tr = document.createElement("tr");
        const link = document.createElement("a");
        const today = puzzle.date === todayUtc();
        link.href = today ? "/" : `/play/${puzzle.date}`;
        link.textContent = formatLongDate(puzzle.date) + (today ? " (today)" : "");
        const lb = document.createElement("a");
        lb.href = `/leaderboard?date=${puzzle.date}`;
        lb.textContent = "Leaderboard";
        const cells: (string | Node)[] = [
          String(puzzle.number),
          link,
          String(puzzle.totals.words),
          String(puzzle.totals.points),
          played.has(puzzle.date) ? "✓ done" : "",
          lb,
        ];
        cells.forEach((content, i) => {
          const td = document.createElement("td");
          td.append(content);
          if (i === 0 || i === 2 || i === 3) td.className = "num";
          if (i === 4 && content) td.className = "done-mark";
          tr.append(td);
        });
        rows.append(tr);
      }
      before = next;
      more.hidden = next === null;
      status.textContent = rows.children.length === 0 ? "No puzzles yet." : "";
    } catch (error) {
      status.textContent = `The archive could not be loaded: ${error instanceof Error ? error.message : error}`;
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener("click", () => void load());
  void load();
}

customElements.define("tw-archive", ArchiveElement);
