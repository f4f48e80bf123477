// A player's league as one list item (the stats page's "Your leagues" and /league): its name,
// linked, and how many members it has.
import { LANGUAGES } from "../../../../shared/languages.ts";
import type { LeagueSummary } from "../core/api.ts";

export function leagueItem(league: LeagueSummary, options: { markOwned?: boolean } = {}): HTMLLIElement {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = `/league/${league.code}`;
  a.textContent = league.name;
  const members = `${league.members} ${league.members === 1 ? "member" : "members"}`;
  const board = league.lang === "en" ? "" : ` · ${LANGUAGES[league.lang].nativeName}`;
  li.append(a, ` · ${members}${board}${options.markOwned && league.owner ? " · yours" : ""}`);
  return li;
}
