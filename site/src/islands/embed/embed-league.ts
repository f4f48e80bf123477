// A league's table in the embed (/embed?league=KEY, KEY the league's embed key, never its invite
// code): today's table and the week's standings, read-only, refreshed while the frame is visible.
// Nothing here leads to the invite: the link opens the site. Loaded only for that kind of embed.
import { LANGUAGES } from "#engine";
import { ApiError, leagues } from "../../core/api.ts";
import { reportHeight } from "./embed-frame.ts";
import { tableRows, weekLabel, weekRows } from "../league/league-table.ts";
import { partOf } from "../../core/parts.ts";

const REFRESH_MS = 30_000;

export async function showEmbeddedLeague(box: HTMLElement, key: string): Promise<void> {
  const status = partOf(box, "embed-league-status");
  partOf<HTMLAnchorElement>(box, "embed-league-link").href = `${location.origin}/`;
  const show = async () => {
    try {
      const view = await leagues.embed(key);
      partOf(box, "embed-league-name").textContent = view.name;
      status.textContent = `${view.members} ${view.members === 1 ? "member" : "members"}${view.lang === "en" ? "" : ` · ${LANGUAGES[view.lang].nativeName}`}`;
      partOf(box, "league-rows").replaceChildren(...tableRows(view, true));
      partOf(box, "league-week-label").textContent = `${weekLabel(view.week.from, view.week.to)}, so far.`;
      partOf(box, "league-week").replaceChildren(...weekRows(view));
    } catch (error) {
      status.textContent =
        error instanceof ApiError && error.status === 404
          ? "This league's embed key has been replaced or the league no longer exists (an embed takes the embed code shown on the league's page, not its invite link)."
          : `The league could not be loaded: ${error instanceof Error ? error.message : error}`;
    }
    reportHeight();
  };
  await show();
  window.setInterval(() => {
    if (document.visibilityState === "visible") void show();
  }, REFRESH_MS);
}
