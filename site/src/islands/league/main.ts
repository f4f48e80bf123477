// <tw-league>: /league (your leagues, start one) and /league/CODE (a league: join by the link,
// today's table, the week, past days for members; the owner renames, removes members (who stay
// out until invited again) and replaces the invite link; anyone leaves). Names come from other players: rendered as text only.
import { LANGUAGES, isIsoDate, isLanguageCode } from "#engine";
import { serverToday } from "../../core/server-day.ts";
import { ApiError, type LeagueView, api, identity, leagues } from "../../core/api.ts";
import { NAME_KEY } from "../../core/name-prompt.ts";
import { readItem, writeItem } from "../../core/storage.ts";
import { tableRows, weekLabel, weekRows } from "./league-table.ts";
import { leagueItem, memberItem } from "./league-list.ts";
import { partOf } from "../../core/parts.ts";

/** Today's table changes while members play: read it again this often. */
const REFRESH_MS = 15_000;

function message(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return "No league has this invite link. It may have been replaced by a newer one: ask a member for the new link.";
  return error instanceof Error ? error.message : String(error);
}

/** An invite link no longer in use: said once, with the player's own leagues when there are any (a member's old link). */
const STALE_LINK_MEMBER = "This invite link no longer leads to a league: it may have been replaced by a newer one. Your leagues are listed below.";

/** What a player the owner removed reads on the league's page (the API refuses their joins). */
const REMOVED = "The league's owner removed you from this league. You can still see its table; only the owner can let you join again.";

export class LeagueElement extends HTMLElement {
  private code = "";
  private date = serverToday();
  private view: LeagueView | null = null;

  private el<T extends HTMLElement = HTMLElement>(name: string): T {
    return partOf<T>(this, name);
  }

  connectedCallback(): void {
    const match = /^\/league\/([^/]+)\/?$/.exec(location.pathname);
    if (match) {
      this.code = decodeURIComponent(match[1]!).toUpperCase();
      const asked = new URLSearchParams(location.search).get("date");
      const dated = asked !== null && isIsoDate(asked);
      if (dated) this.date = asked;
      this.el("league-view").hidden = false;
      this.wireLeague();
      void this.openOn(dated);
      window.setInterval(() => {
        if (this.date === serverToday() && document.visibilityState === "visible" && this.view) void this.show();
      }, REFRESH_MS);
    } else {
      this.el("league-start").hidden = false;
      this.wireStart();
      void this.listMine();
    }
  }

  // ---- /league

  private wireStart(): void {
    const name = this.el<HTMLInputElement>("league-create-name");
    const lang = this.el<HTMLSelectElement>("league-create-lang");
    // /league?lang=fr (from a language's pages) starts on that language's board.
    const asked = new URLSearchParams(location.search).get("lang") ?? "";
    if (isLanguageCode(asked)) lang.value = asked;
    const feedback = this.el("league-create-feedback");
    this.el<HTMLFormElement>("league-create").addEventListener("submit", async (e) => {
      e.preventDefault();
      // An earlier attempt's error goes as soon as the player tries again.
      feedback.textContent = "";
      try {
        const created = await leagues.create(name.value, isLanguageCode(lang.value) ? lang.value : "en");
        location.assign(`/league/${created.code}`);
      } catch (error) {
        feedback.textContent = `The league could not be started: ${message(error)}`;
      }
    });
  }

  private async listMine(): Promise<void> {
    const list = this.el("league-mine");
    const none = this.el("league-mine-none");
    try {
      const mine = await leagues.mine();
      none.hidden = mine.length > 0;
      list.replaceChildren(
        ...mine.map((l) => leagueItem(l, { markOwned: true })),
      );
    } catch (error) {
      none.textContent = `Your leagues could not be loaded: ${message(error)}`;
    }
  }

  // ---- /league/CODE

  /** Shows the asked day, or the server's today (asked of it: this page may have learned nothing yet). */
  private async openOn(dated: boolean): Promise<void> {
    const today = await api.today();
    const dateInput = this.el<HTMLInputElement>("league-date");
    dateInput.max = today;
    if (!dated) dateInput.value = this.date = today;
    await this.show();
  }

  private wireLeague(): void {
    const dateInput = this.el<HTMLInputElement>("league-date");
    dateInput.value = this.date;
    dateInput.max = serverToday();
    this.el<HTMLFormElement>("league-date-form").addEventListener("submit", (e) => {
      e.preventDefault();
      if (!isIsoDate(dateInput.value)) return;
      this.date = dateInput.value;
      history.replaceState(null, "", this.date === serverToday() ? location.pathname : `?date=${this.date}`);
      void this.show();
    });
    this.wireJoin();
    this.el("league-copy").addEventListener("click", async () => {
      const link = this.el<HTMLInputElement>("league-invite-link");
      try {
        await navigator.clipboard.writeText(link.value);
        this.feedback("Invite link copied.");
      } catch {
        link.select();
      }
    });
    this.el("league-leave").addEventListener("click", () => {
      if (!confirm("Leave this league?")) return;
      void this.act(() => leagues.remove(this.code, "me"), "You left the league.").then(() => location.assign("/league"));
    });
    this.el("league-new-invite").addEventListener("click", () =>
      void this.act(async () => {
        const renewed = await leagues.newInvite(this.code);
        this.code = renewed.code;
        history.replaceState(null, "", `/league/${renewed.code}${location.search}`);
      }, "A new invite link is ready: the old one no longer works."),
    );
    const rename = this.el<HTMLInputElement>("league-rename-name");
    this.el<HTMLFormElement>("league-rename").addEventListener("submit", (e) => {
      e.preventDefault();
      void this.act(() => leagues.rename(this.code, rename.value), "The league was renamed.");
    });
  }

  /**
   * Joining asks for the name the tables will show (the player's leaderboard name, filled in when
   * this browser knows it). The name goes with the join: the server saves it only when the player
   * is in, so a refused join (a refused name, a removal) leaves the player as they were.
   */
  private wireJoin(): void {
    const input = this.el<HTMLInputElement>("league-join-name");
    const feedback = this.el("league-join-feedback");
    input.value = readItem(NAME_KEY) ?? "";
    this.el<HTMLFormElement>("league-join").addEventListener("submit", async (e) => {
      e.preventDefault();
      feedback.textContent = "";
      const name = input.value.trim();
      if (name === "") {
        feedback.textContent = "Type the name to show in the league's tables.";
        input.focus();
        return;
      }
      try {
        const joined = await leagues.join(this.code, name);
        if (joined.playerName !== undefined) writeItem(NAME_KEY, joined.playerName);
      } catch (error) {
        if (error instanceof ApiError && error.code === "invalid-name") {
          feedback.textContent = `That name can't be used: ${message(error)}`;
          input.focus();
          return;
        }
        this.feedback(`That did not work: ${message(error)}`);
        this.el("league-status").textContent = `That did not work: ${message(error)}`;
        return;
      }
      this.feedback("You joined the league.");
      await this.show();
    });
  }

  private feedback(text: string): void {
    this.el("league-feedback").textContent = text;
  }

  /** Runs a member's or the owner's action, says how it went, and shows the league again. */
  private async act(action: () => Promise<unknown>, done: string): Promise<void> {
    this.feedback("");
    try {
      await action();
      this.feedback(done);
    } catch (error) {
      this.feedback(`That did not work: ${message(error)}`);
      this.el("league-status").textContent = `That did not work: ${message(error)}`;
      return;
    }
    await this.show();
  }

  private async show(): Promise<void> {
    const status = this.el("league-status");
    const today = this.date === serverToday();
    let view: LeagueView;
    try {
      view = today ? await leagues.today(this.code) : await leagues.day(this.code, this.date);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        this.date = serverToday();
        status.textContent = "Past days are for the league's members.";
        return this.show();
      }
      this.view = null;
      status.textContent = message(error);
      // Nothing of a league to show: no join, no empty tables, no member's tools.
      for (const part of ["league-join", "league-body", "league-invite", "league-date-form", "league-manage"]) this.el(part).hidden = true;
      if (error instanceof ApiError && error.status === 404) await this.showYours(status);
      return;
    }
    this.el("league-body").hidden = false;
    this.el("league-yours").hidden = true;
    this.view = view;
    document.title = `${view.name} · Tumbleword`;
    this.el("league-name").textContent = view.name;
    const board = view.lang === "en" ? "" : ` · the ${LANGUAGES[view.lang].name} board`;
    status.textContent = `${view.members} ${view.members === 1 ? "member" : "members"}${board}${view.owner ? " · you own this league" : ""}`;
    // A removed player is told so, not invited to join again.
    if (view.removed) status.textContent = REMOVED;
    this.el("league-join").hidden = view.member || view.removed;
    this.el("league-invite").hidden = !view.member;
    this.el<HTMLInputElement>("league-invite-link").value = `${location.origin}/league/${view.code}`;
    // The embed takes the league's read-only embed key (never the invite code).
    this.el<HTMLInputElement>("league-embed-code").value =
      "embedKey" in view && view.embedKey ? `<script src="${location.origin}/widget.js" data-league="${view.embedKey}" async></script>` : "";
    this.el("league-date-form").hidden = !view.member;
    this.el("league-day-title").textContent = today ? "Today" : `The day of ${view.date}`;
    this.el("league-rows").replaceChildren(...tableRows(view, today));
    this.el("league-week-label").textContent = `${weekLabel(view.week.from, view.week.to)}${today ? ", so far" : `, up to ${view.date}`}.`;
    this.el("league-week").replaceChildren(...weekRows(view));
    this.el("league-manage").hidden = !view.member;
    this.el("league-rename").hidden = !view.owner;
    this.el("league-new-invite").hidden = !view.owner;
    if (view.member) await this.showMembers(view);
    this.el("league-removed-box").hidden = true;
    if (view.owner) await this.showRemoved(view);
  }

  /** The owner's list of removed players, each with "Invite again". */
  private async showRemoved(view: LeagueView): Promise<void> {
    try {
      const { removed } = await leagues.removals(view.code);
      this.el("league-removed-box").hidden = removed.length === 0;
      this.el("league-removed").replaceChildren(
        ...removed.map((r) => {
          const li = document.createElement("li");
          li.textContent = r.name;
          const again = document.createElement("button");
          again.type = "button";
          again.textContent = `Invite ${r.name} again`;
          again.addEventListener("click", () => void this.act(() => leagues.inviteAgain(view.code, r.playerId), `${r.name} can join again with the invite link.`));
          li.append(" ", again);
          return li;
        }),
      );
    } catch (error) {
      this.feedback(`The removed players could not be loaded: ${message(error)}`);
    }
  }

  /** Under a dead invite link: the player's own leagues, so a member finds theirs (and is told so, not "no league"). */
  private async showYours(status: HTMLElement): Promise<void> {
    if (!identity()) return;
    try {
      const mine = await leagues.mine();
      if (mine.length === 0) return;
      status.textContent = STALE_LINK_MEMBER;
      this.el("league-yours-list").replaceChildren(...mine.map((l) => leagueItem(l)));
      this.el("league-yours").hidden = false;
    } catch {
      // The error already shown stands.
    }
  }

  private async showMembers(view: LeagueView): Promise<void> {
    const list = this.el("league-members");
    try {
      const { members } = await leagues.members(view.code);
      const remove = (m: (typeof members)[number]) => () => void this.act(() => leagues.remove(view.code, m.playerId), `${m.name} was removed.`);
      list.replaceChildren(...members.map((m) => memberItem(m, view.owner, remove(m))));
    } catch (error) {
      this.feedback(`The members could not be loaded: ${message(error)}`);
    }
  }
}

customElements.define("tw-league", LeagueElement);
