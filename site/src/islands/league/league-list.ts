// A player's league as one list item (the stats page's "Your leagues" and /league): its name,
// linked, and how many members it has. And a league's member as one (its owner may remove them).
import { LANGUAGES } from "#engine";
import type { LeagueSummary, leagues } from "../../core/api.ts";

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

type Member = Awaited<ReturnType<typeof leagues.members>>["members"][number];

/** A member of the league; for its owner, with a button that asks before calling `remove`. */
export function memberItem(m: Member, owner: boolean, remove: () => void): HTMLLIElement {
  const li = document.createElement("li");
  li.textContent = `${m.name}${m.you ? " (you)" : ""}${m.owner ? " · owner" : ""}`;
  if (owner && !m.you) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `Remove ${m.name}`;
    button.addEventListener("click", () => {
      if (confirm(`Remove ${m.name} from the league?`)) remove();
    });
    li.append(" ", button);
  }
  return li;
}
