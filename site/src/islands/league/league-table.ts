// A league's tables as rows: the day's table (rank among members, score, words, streak; a round
// under fair-play review and a member who has not played are shown as such, unranked) and the
// week's standings (daily rank points). Shared by /league/CODE and the embed. Names come from
// other players: rendered as text only.
import type { LeagueEntry, LeagueView, LeagueWeekEntry } from "../../core/api.ts";

function cell(text: string, numeric = false): HTMLTableCellElement {
  const td = document.createElement("td");
  td.textContent = text;
  if (numeric) td.className = "num";
  return td;
}

function row(you: boolean, cells: HTMLTableCellElement[]): HTMLTableRowElement {
  const tr = document.createElement("tr");
  if (you) {
    tr.className = "you";
    tr.setAttribute("aria-current", "true");
  }
  tr.append(...cells);
  return tr;
}

const nameOf = (entry: { name: string; you: boolean }) => `${entry.name}${entry.you ? " (you)" : ""}`;

function placeOf(entry: LeagueEntry, today: boolean): string {
  if (entry.status === "review") return "Under review";
  if (entry.status === "not-played") return today ? "Not played yet" : "Did not play";
  return String(entry.rank);
}

/** The day's rows: Rank (or why unranked), Player, Score, Words, Streak. */
export function tableRows(view: Pick<LeagueView, "table">, today: boolean): HTMLTableRowElement[] {
  return view.table.map((entry) => {
    const place = cell(placeOf(entry, today), entry.status === "ranked");
    if (entry.reason) place.title = entry.reason;
    const score = entry.score === null ? "–" : `${entry.score}${entry.playing ? " (playing)" : ""}`;
    const tr = row(entry.you, [place, cell(nameOf(entry)), cell(score, true), cell(entry.words === null ? "–" : String(entry.words), true), cell(String(entry.streak), true)]);
    tr.dataset.status = entry.status;
    return tr;
  });
}

/** The week's rows: Rank, Player, Points, Days played. */
export function weekRows(view: Pick<LeagueView, "week">): HTMLTableRowElement[] {
  return view.week.standings.map((entry: LeagueWeekEntry) => row(entry.you, [cell(String(entry.rank), true), cell(nameOf(entry)), cell(String(entry.points), true), cell(String(entry.days), true)]));
}

/** "Monday 2 March to Sunday 8 March" for a week's first and last dates. */
export function weekLabel(from: string, to: string): string {
  const format = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  return `${format(from)} to ${format(to)}`;
}
