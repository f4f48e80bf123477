// <tw-home-streak> (HomeStreak.astro): the home page's streak line, as this browser knows it (the
// Stats page asks the server). Saved games are kept by board ("2026-11-25-fr"): a day with a
// ranked game of any language's board counts once.
import { serverToday } from "../../core/server-day.ts";
import { keyDate } from "#game/puzzle-key.ts";
import { streakOfDates } from "#game/streak-freeze.ts";
import { messages } from "../../i18n/messages.ts";
import { localHistory } from "../daily/game-store.ts";

export class HomeStreakElement extends HTMLElement {
  connectedCallback(): void {
    const line = this.querySelector<HTMLElement>("[data-home-streak]");
    // A missed day spends a banked freeze (shared/game/streak-freeze.ts), as on the server.
    const { streak, freezes } = streakOfDates(localHistory().map((d) => keyDate(d.date)), serverToday());
    if (!line || streak === 0) return;
    const t = messages().home;
    line.hidden = false;
    line.textContent = t.streak(streak) + (freezes > 0 ? `${messages().comeback.freezes(freezes)} · ` : "");
    const link = document.createElement("a");
    link.href = "/stats";
    link.textContent = t.yourStats;
    line.append(link);
  }
}

customElements.define("tw-home-streak", HomeStreakElement);
