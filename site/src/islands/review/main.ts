// <tw-review> (/review): the moderators' queue for a day, each round with its evidence (pace
// over time, the words with their points, points per word, word lengths, rare share, the
// player's earlier days), Confirm and Clear, the reported names (names.ts), and the audit log.
// Names come from players: text only.
import { ApiError, type AuditEntry, type ReviewItem, api, identity, moderation } from "../../core/api.ts";
import { partOf } from "../../core/parts.ts";
import { showReportedNames } from "./names.ts";

const PROVISIONAL_WHY: Record<string, string> = { picks: "words picked like a solver's (best-scoring and rare)", new: "a new player", jump: "a jump past their best" };
const WHY: Record<string, string> = { flagged: "Flagged by the fair-play rules", provisional: "Provisional top place", "solver-like": "Words picked like a solver's (best-scoring and rare)", reported: "Reported by players", "near-limits": "Near every fair-play limit at once, as a script tuned to pass them would be" };

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** The pace as bars, one per 5-second stretch, each labelled with its words (a list: readable by screen readers too). */
function paceChart(pace: ReviewItem["evidence"]["pace"]): HTMLElement {
  const list = el("ol", undefined, "pace-chart");
  list.setAttribute("aria-label", `Words judged per ${pace.bucketSeconds} seconds`);
  const peak = Math.max(1, ...pace.words);
  pace.words.forEach((n, i) => {
    const item = el("li");
    const bar = el("span", undefined, "pace-bar");
    bar.style.inlineSize = `${Math.round((n / peak) * 100)}%`;
    item.append(el("span", `${i * pace.bucketSeconds}s`, "pace-at"), bar, el("span", String(n), "pace-n"));
    list.append(item);
  });
  return list;
}

function card(item: ReviewItem, date: string, onDecided: (text: string) => void): HTMLElement {
  const article = el("article", undefined, "card review-item");
  article.dataset.roundId = item.roundId;
  article.append(el("h2", `${item.name}: ${item.score} points, ${item.words} words`), el("p", `Risk ${item.risk} (near the limits: ${item.evidence.evasion} of 5)`, "review-risk"));
  const why = el("ul", undefined, "review-why");
  for (const reason of item.why) why.append(el("li", WHY[reason] ?? reason));
  if (item.provisional) why.append(el("li", `Provisional: ${PROVISIONAL_WHY[item.provisional] ?? item.provisional}`));
  if (item.reports > 0) why.append(el("li", `${item.reports} ${item.reports === 1 ? "report" : "reports"}`));
  article.append(why);
  if (item.reason) article.append(el("p", item.reason, "muted"));
  const e = item.evidence;
  article.append(
    el("p", `${e.pointsPerWord} points per word · ${e.meanLength} letters a word on average · ${Math.round(e.rareShare * 100)}% rare words · ${item.words} of the board's ${e.solutionWords} words`),
    el("h3", "Pace"),
    paceChart(e.pace),
    el("h3", "Words (points)"),
  );
  const words = el("p", e.words.map((w) => `${w.word} (${w.points})${w.common ? "" : "*"}`).join(", "), "review-words");
  article.append(words, el("p", "* a rare word (not in the everyday list)", "muted"));
  article.append(el("h3", "Earlier days"));
  if (item.earlier.length === 0) article.append(el("p", "No earlier ranked days.", "muted"));
  else {
    const list = el("ul");
    for (const d of item.earlier) list.append(el("li", `${d.date}: ${d.score} points, ${d.words} words${d.verified ? "" : " (under review)"}`));
    article.append(list);
  }
  const noteId = `note-${item.roundId}`;
  const label = el("label", "Note for the audit log (optional)");
  label.htmlFor = noteId;
  const note = el("input");
  note.id = noteId;
  note.maxLength = 500;
  const actions = el("p", undefined, "actions review-actions");
  for (const [decision, text] of [["confirm", "Confirm: take it out of the ranks"], ["clear", "Clear the mark"]] as const) {
    const button = el("button", text, decision === "confirm" ? "primary" : undefined);
    button.type = "button";
    button.dataset.decision = decision;
    button.addEventListener("click", async () => {
      for (const b of actions.querySelectorAll("button")) b.disabled = true;
      try {
        await moderation.decide(date, item.roundId, decision, note.value);
        article.remove();
        onDecided(decision === "confirm" ? `${item.name}'s round left the ranks.` : `${item.name}'s round was cleared.`);
      } catch (error) {
        for (const b of actions.querySelectorAll("button")) b.disabled = false;
        onDecided(`That did not work: ${error instanceof Error ? error.message : error}`);
      }
    });
    actions.append(button);
  }
  article.append(label, note, actions);
  return article;
}

function logLine(entry: AuditEntry): HTMLElement {
  const who = entry.moderator ?? entry.moderatorId.slice(0, 8);
  return el("li", `${entry.at.slice(0, 19).replace("T", " ")} UTC · ${who} · ${entry.action} · round ${entry.roundId.slice(0, 8)} of ${entry.puzzleDate}${entry.note ? ` · "${entry.note}"` : ""}`);
}

/** Why the review is not shown, in the page's own sentences (the server's reason is for API callers). */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.code === "passkey-required") return "Moderators sign in with a passkey: add one on the Stats page, then come back.";
  if (error instanceof ApiError && error.status === 403) return "This page is for moderators, and this player is not one.";
  if (error instanceof ApiError && error.status === 401) return "This page is for moderators: sign in with your passkey on the Stats page first.";
  return `The review could not be loaded: ${error instanceof Error ? error.message : error}`;
}

export class ReviewElement extends HTMLElement {
  connectedCallback(): void {
    void this.start();
  }

  private async start(): Promise<void> {
    const status = partOf(this, "review-status");
    if (!identity()) {
      status.textContent = "This page is for moderators: sign in with your passkey on the Stats page first.";
      return;
    }
    try {
      await moderation.me();
    } catch (error) {
      status.textContent = refusal(error);
      return;
    }
    partOf(this, "review-body").hidden = false;
    const dateInput = partOf<HTMLInputElement>(this, "review-date");
    dateInput.value = new URLSearchParams(location.search).get("date") ?? (await api.today());
    partOf<HTMLFormElement>(this, "review-form").addEventListener("submit", (e) => {
      e.preventDefault();
      history.replaceState(null, "", `?date=${encodeURIComponent(dateInput.value)}`);
      void this.show(dateInput.value);
    });
    await this.show(dateInput.value);
  }

  private async show(date: string): Promise<void> {
    const status = partOf(this, "review-status");
    const feedback = partOf(this, "review-feedback");
    const queue = partOf(this, "review-queue");
    try {
      const [{ items, date: key }, { entries }] = await Promise.all([moderation.queue(date), moderation.log()]);
      status.textContent = items.length === 0 ? `Nothing to review for ${key}.` : `${items.length} ${items.length === 1 ? "round" : "rounds"} to review for ${key}.`;
      const decided = (text: string) => {
        feedback.textContent = text;
        void moderation.log().then(({ entries }) => partOf(this, "review-log").replaceChildren(...entries.map(logLine)));
      };
      queue.replaceChildren(...items.map((item) => card(item, key, decided)));
      partOf(this, "review-log").replaceChildren(...entries.map(logLine));
      await showReportedNames(partOf(this, "review-names"), partOf(this, "review-names-log"), partOf(this, "review-names-status"), (text) => (feedback.textContent = text));
    } catch (error) {
      status.textContent = `The review could not be loaded: ${error instanceof Error ? error.message : error}`;
    }
  }
}

customElements.define("tw-review", ReviewElement);
