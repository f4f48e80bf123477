// /leaderboard?date=YYYY-MM-DD (/fr/leaderboard for the French board, and so on): ranked results
// for any day in the page's language, with the player's own rank and
// percentile highlighted. The pages are the same for everyone (the server caches them for a few
// seconds), so the page says how fresh they are and refreshes today's by itself; the player's
// own standing is a separate, private answer. Rounds under fair-play review are listed apart,
// unranked (the first page of them), and a player whose own round is under review is told why.
// Names come from other players: rendered as text only.
import { ApiError, api, identity, moderation } from "../../core/api.ts";
import { LANGUAGES, isIsoDate } from "#engine";
import { boardLanguageOf } from "../../core/board-language.ts";
import { puzzleKey } from "#game/puzzle-key.ts";
import type { Leaderboard, LeaderboardEntry, ReviewList, Standing } from "../../core/api.ts";
import { serverToday } from "../../core/server-day.ts";
import { freshness } from "../../core/freshness.ts";
import { partOf } from "../../core/parts.ts";
import { NAME_KEY } from "../../core/name-prompt.ts";
import { readItem, writeItem } from "../../core/storage.ts";
import { messages, pageLanguage } from "../../i18n/messages.ts";
import { localePath } from "../../i18n/paths.ts";
import { errorReason } from "../../core/error-reason.ts";


const PAGE_SIZE = 50;
const REVIEW_SIZE = 50;
/** Today's board changes while people play: read it again this often (the server's cache time). */
const REFRESH_MS = 5_000;

function cell(text: string, numeric = false): HTMLTableCellElement {
  const td = document.createElement("td");
  td.textContent = text;
  if (numeric) td.className = "num";
  return td;
}

// The page's words, its way of writing numbers and its rules page (/fr/how-to-play on /fr/leaderboard).
const t = messages().pages.leaderboard;
const number = new Intl.NumberFormat(pageLanguage());
const fairPlayRules = `${localePath(pageLanguage(), "/how-to-play")}#fair-play`;

/** A row's name: a deleted player's, and a default one ("Player 1A2B": its code kept), in the page's language. */
function shownName(entry: { name: string; deleted: boolean; defaultName?: boolean }): string {
  if (entry.deleted) return messages().yourData.deletedPlayer;
  return entry.defaultName ? t.defaultName(entry.name.split(" ").pop() ?? "") : entry.name;
}

/** A small link to the fair-play rules beside a name: what the board says about the place. */
function fairPlayMark(text: string, title: string, data: Record<string, string>): HTMLElement {
  const mark = document.createElement("a");
  mark.className = "provisional";
  mark.href = fairPlayRules;
  Object.assign(mark.dataset, data);
  mark.title = title;
  mark.textContent = text;
  return mark;
}

// A round whose words pick like a solver's says something about the round, not the account: its own mark.
const provisionalMark = (reason: NonNullable<LeaderboardEntry["provisional"]>) =>
  fairPlayMark(reason === "picks" ? t.solverLike : t.provisionalMark, t.provisional[reason], { provisional: reason });

/** A place among the best that a moderator has yet to look at (the queue ranks it as a risk). */
const queuedMark = () => fairPlayMark(t.queued, t.queuedTitle, { queued: "" });

type ReportKind = "round" | "name";

/** What a report of a round (its play) or of a name (offensive, or passing for someone) says and sends. */
const REPORTS: Record<ReportKind, { label: string; aria: (name: string) => string; what: (name: string) => string; send: (roundId: string) => Promise<unknown> }> = {
  round: { label: t.report.round, aria: t.report.roundLabel, what: t.report.roundWhat, send: moderation.report },
  name: { label: t.report.name, aria: t.report.nameLabel, what: t.report.nameWhat, send: moderation.reportName },
};

/** Reports this page has made, by kind and round (the rows are redrawn every few seconds; the buttons stay "Reported"). */
const reported = new Set<string>();

/** What a player reads when their report was not needed or not sent. */
function reportRefusal(what: string, error: unknown): string {
  if (error instanceof ApiError && error.code === "already-reported") return t.report.already(what);
  if (error instanceof ApiError && error.code === "already-reviewed") return t.report.reviewed(what);
  return t.report.notSent(errorReason(error));
}

/** "Report" / "Report name": puts another player's round, or their name, before the moderators (once each). */
function reportButton(kind: ReportKind, entry: LeaderboardEntry, feedback: HTMLElement): HTMLButtonElement {
  const { label, aria, what, send } = REPORTS[kind];
  const key = `${kind}:${entry.roundId}`;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "report";
  button.dataset.report = kind;
  const done = () => {
    button.textContent = t.report.done;
    button.disabled = true;
  };
  button.textContent = label;
  button.setAttribute("aria-label", aria(shownName(entry)));
  if (reported.has(key)) done();
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await send(entry.roundId);
      reported.add(key);
      done();
      feedback.textContent = t.report.sent(what(shownName(entry)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        reported.add(key);
        done();
      } else button.disabled = false;
      feedback.textContent = reportRefusal(what(shownName(entry)), error);
    }
  });
  return button;
}

/** <tw-leaderboard> (the /leaderboard page's island). */
export class LeaderboardElement extends HTMLElement {
  connectedCallback(): void {
    initLeaderboard(this);
  }
}

function initLeaderboard(root: HTMLElement): void {
  const $ = <T extends HTMLElement = HTMLElement>(name: string) => partOf<T>(root, name);
  const dateInput = $<HTMLInputElement>("lb-date");
  const status = $("lb-status");
  const updated = $("lb-updated");
  const rows = $("lb-rows");
  const you = $("lb-you");
  const review = $("lb-review");
  const reviewRows = $("lb-review-rows");
  const reportFeedback = $("lb-report-feedback");
  const prev = $<HTMLButtonElement>("lb-prev");
  const next = $<HTMLButtonElement>("lb-next");
  const params = new URLSearchParams(location.search);
  const requested = params.get("date");
  const dated = requested !== null && isIsoDate(requested);
  let date = dated ? requested : serverToday();
  // The French board's leaderboard on /fr/leaderboard (each language ranks its own board).
  const lang = boardLanguageOf(root);
  const boardKey = () => puzzleKey(date, lang);
  if (lang !== "en") document.querySelector("h1")?.append(` · ${LANGUAGES[lang].nativeName}`);
  // The cursors of the pages before the current one (the first page has none).
  let cursors: (string | null)[] = [null];
  let updatedAt: number | null = null;
  dateInput.value = date;
  dateInput.max = serverToday();

  const showStanding = (standing: Standing | null, total: number) => {
    if (!standing?.you) {
      you.hidden = true;
      return;
    }
    you.hidden = false;
    if (!standing.you.verified) {
      you.textContent = t.yourReview(standing.you.score, standing.you.reason);
      return;
    }
    const { rank, score, percentile, provisional } = standing.you;
    you.textContent = t.yourStanding(rank, Math.max(total, standing.total), score, percentile);
    if (provisional) you.append(" ", provisionalMark(provisional));
  };

  const show = async () => {
    if (updatedAt === null) status.textContent = t.loading;
    let board: Leaderboard;
    let standing: Standing | null = null;
    let underReview: ReviewList | null = null;
    try {
      [board, standing, underReview] = await Promise.all([
        api.leaderboard(boardKey(), PAGE_SIZE, cursors[cursors.length - 1]),
        identity() ? api.standing(boardKey()).catch(() => null) : Promise.resolve(null),
        api.underReview(boardKey(), REVIEW_SIZE).catch(() => null),
      ]);
    } catch (error) {
      rows.replaceChildren();
      reviewRows.replaceChildren();
      review.hidden = true;
      you.hidden = true;
      updatedAt = null;
      updated.textContent = "";
      status.textContent = error instanceof ApiError && error.status === 404 ? t.noPuzzle : t.failed(errorReason(error));
      return;
    }
    status.textContent = board.total === 0 ? t.none : t.ranked(board.total);
    updatedAt = Date.parse(board.updatedAt);
    updated.textContent = freshness(updatedAt);
    const mine = standing?.you?.roundId;
    rows.replaceChildren(
      ...board.entries.map((entry) => {
        const tr = document.createElement("tr");
        const isMine = entry.roundId === mine;
        if (isMine) {
          tr.className = "you";
          tr.setAttribute("aria-current", "true");
        }
        const name = cell(`${shownName(entry)}${isMine ? ` (${t.you})` : ""}`);
        if (entry.provisional) name.append(" ", provisionalMark(entry.provisional));
        if (entry.queued) name.append(" ", queuedMark());
        if (identity() && !isMine && !entry.deleted) name.append(" ", reportButton("round", entry, reportFeedback));
        // A default name ("Player 1A2B") is nobody's choice: nothing to report.
        if (identity() && !isMine && !entry.deleted && !entry.defaultName) name.append(" ", reportButton("name", entry, reportFeedback));
        tr.append(cell(number.format(entry.rank), true), name, cell(number.format(entry.score), true), cell(number.format(entry.words), true));
        return tr;
      }),
    );
    showStanding(standing, board.total);
    const reviewed = underReview?.entries ?? [];
    review.hidden = reviewed.length === 0;
    reviewRows.replaceChildren(
      ...reviewed.map((entry) => {
        const tr = document.createElement("tr");
        const isMine = entry.roundId === mine;
        if (isMine) tr.className = "you";
        tr.append(cell(`${shownName(entry)}${isMine ? ` (${t.you})` : ""}`), cell(number.format(entry.score), true), cell(number.format(entry.words), true));
        return tr;
      }),
    );
    prev.disabled = cursors.length === 1;
    next.disabled = board.next === null;
    next.dataset.cursor = board.next ?? "";
  };

  $<HTMLFormElement>("lb-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (!isIsoDate(dateInput.value)) return;
    date = dateInput.value;
    cursors = [null];
    updatedAt = null;
    history.replaceState(null, "", `?date=${date}`);
    void show();
  });
  prev.addEventListener("click", () => {
    if (cursors.length > 1) cursors.pop();
    void show();
  });
  next.addEventListener("click", () => {
    if (!next.dataset.cursor) return;
    cursors.push(next.dataset.cursor);
    void show();
  });
  window.setInterval(() => {
    if (updatedAt !== null) updated.textContent = freshness(updatedAt);
  }, 1000);
  window.setInterval(() => {
    if (date === serverToday() && document.visibilityState === "visible") void show();
  }, REFRESH_MS);

  const nameInput = $<HTMLInputElement>("name-input");
  const nameFeedback = $("name-feedback");
  nameInput.value = readItem(NAME_KEY) ?? "";
  $<HTMLFormElement>("name-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const result = await api.rename(nameInput.value);
      writeItem(NAME_KEY, result.name);
      nameInput.value = result.name;
      nameFeedback.textContent = messages().trouble.nameSaved(result.name);
      void show();
    } catch (error) {
      nameFeedback.textContent = messages().trouble.nameRefused(errorReason(error));
    }
  });
  if (!identity()) nameFeedback.textContent = t.playToAppear;
  void (async () => {
    const today = await api.today();
    dateInput.max = today;
    if (!dated) dateInput.value = date = today;
    await show();
  })();
}

customElements.define("tw-leaderboard", LeaderboardElement);
