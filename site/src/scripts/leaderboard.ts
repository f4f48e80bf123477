// /leaderboard?date=YYYY-MM-DD: ranked results for any day, with the player's own rank and
// percentile highlighted. Names come from other players: rendered as text only.
import { ApiError, api, identity } from "./api.ts";
import type { Leaderboard } from "./api.ts";
import { isValidDate, todayUtc } from "./dates.ts";

const PAGE_SIZE = 50;
const NAME_KEY = "tw:name";

function cell(text: string, numeric = false): HTMLTableCellElement {
  const td = document.createElement("td");
  td.textContent = text;
  if (numeric) td.className = "num";
  return td;
}

export function initLeaderboard(): void {
  const $ = <T extends HTMLElement>(name: string) => document.querySelector<T>(`[data-${name}]`)!;
  const dateInput = $<HTMLInputElement>("lb-date");
  const status = $("lb-status");
  const rows = $("lb-rows");
  const you = $("lb-you");
  const prev = $<HTMLButtonElement>("lb-prev");
  const next = $<HTMLButtonElement>("lb-next");
  const params = new URLSearchParams(location.search);
  const requested = params.get("date");
  let date = requested && isValidDate(requested) ? requested : todayUtc();
  let offset = 0;
  dateInput.value = date;
  dateInput.max = todayUtc();

  const show = async () => {
    status.textContent = "Loading…";
    let board: Leaderboard;
    try {
      board = await api.leaderboard(date, PAGE_SIZE, offset);
    } catch (error) {
      rows.replaceChildren();
      you.hidden = true;
      status.textContent =
        error instanceof ApiError && error.status === 404
          ? "There is no puzzle for that date."
          : `The leaderboard could not be loaded: ${error instanceof Error ? error.message : error}`;
      return;
    }
    status.textContent = board.total === 0 ? "No ranked rounds for this puzzle yet." : `${board.total} players ranked.`;
    rows.replaceChildren(
      ...board.entries.map((entry) => {
        const tr = document.createElement("tr");
        const mine = entry.you === true;
        if (mine) {
          tr.className = "you";
          tr.setAttribute("aria-current", "true");
        }
        tr.append(cell(String(entry.rank), true), cell(`${entry.name ?? "Anonymous player"}${mine ? " (you)" : ""}`), cell(String(entry.score), true), cell(String(entry.words), true));
        return tr;
      }),
    );
    if (board.you) {
      you.hidden = false;
      const { rank, score, percentile } = board.you;
      you.textContent = `You: rank ${rank} of ${board.total} with ${score} points, level with or ahead of ${percentile}% of players.`;
    } else {
      you.hidden = true;
    }
    prev.disabled = offset === 0;
    next.disabled = offset + PAGE_SIZE >= board.total;
  };

  $<HTMLFormElement>("lb-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (!isValidDate(dateInput.value)) return;
    date = dateInput.value;
    offset = 0;
    history.replaceState(null, "", `?date=${date}`);
    void show();
  });
  prev.addEventListener("click", () => {
    offset = Math.max(0, offset - PAGE_SIZE);
    void show();
  });
  next.addEventListener("click", () => {
    offset += PAGE_SIZE;
    void show();
  });

  const nameInput = $<HTMLInputElement>("name-input");
  const nameFeedback = $("name-feedback");
  nameInput.value = localStorage.getItem(NAME_KEY) ?? "";
  $<HTMLFormElement>("name-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const result = await api.rename(nameInput.value);
      localStorage.setItem(NAME_KEY, result.name);
      nameInput.value = result.name;
      nameFeedback.textContent = `Saved: you appear as "${result.name}".`;
      void show();
    } catch (error) {
      nameFeedback.textContent = `That name can't be used: ${error instanceof Error ? error.message : error}`;
    }
  });
  if (!identity()) nameFeedback.textContent = "Play a ranked round to appear here.";
  void show();
}
