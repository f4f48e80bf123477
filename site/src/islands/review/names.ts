// The reported names on /review: each with how it was reported and how often, and the moderator's
// Keep, Rename (to a name typed here, checked as a player's own) or Hide; then the latest
// decisions on names. Names are players' text: shown as text only.
import { type NameDecision, type ReportedName, moderation } from "../../core/api.ts";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function field(labelText: string, id: string, maxLength: number): { label: HTMLLabelElement; input: HTMLInputElement } {
  const label = el("label", labelText);
  label.htmlFor = id;
  const input = el("input");
  input.id = id;
  input.maxLength = maxLength;
  return { label, input };
}

function nameCard(item: ReportedName, onDecided: (text: string) => void): HTMLElement {
  const article = el("article", undefined, "card review-name");
  article.dataset.playerId = item.playerId;
  const shown = item.name ?? "(no name: hidden already)";
  article.append(
    el("h3", shown),
    el("p", `Reported as "${item.reportedName}" · ${item.reports} ${item.reports === 1 ? "report" : "reports"} since ${item.firstReportedAt.slice(0, 10)}`, "muted"),
  );
  const rename = field("New name (for Rename)", `rename-${item.playerId}`, 40);
  const note = field("Note for the audit log (optional)", `name-note-${item.playerId}`, 500);
  const actions = el("p", undefined, "actions review-actions");
  const choices = [
    ["hide", "Hide the name", "primary"],
    ["rename", "Rename", undefined],
    ["keep", "Keep the name", undefined],
  ] as const;
  for (const [action, text, className] of choices) {
    const button = el("button", text, className);
    button.type = "button";
    button.dataset.nameAction = action;
    button.addEventListener("click", async () => {
      for (const b of actions.querySelectorAll("button")) b.disabled = true;
      try {
        const decided = await moderation.decideName(item.playerId, action, { note: note.input.value, ...(action === "rename" ? { name: rename.input.value } : {}) });
        article.remove();
        onDecided(action === "hide" ? `"${shown}" is hidden.` : action === "rename" ? `"${shown}" is now "${decided.name}".` : `"${shown}" is kept.`);
      } catch (error) {
        for (const b of actions.querySelectorAll("button")) b.disabled = false;
        onDecided(`That did not work: ${error instanceof Error ? error.message : error}`);
      }
    });
    actions.append(button);
  }
  article.append(rename.label, rename.input, note.label, note.input, actions);
  return article;
}

function decisionLine(d: NameDecision): HTMLElement {
  const who = d.moderator ?? d.moderatorId.slice(0, 8);
  const outcome = d.action === "hide" ? "hid" : d.action === "rename" ? `renamed to "${d.newName}"` : "kept";
  return el("li", `${d.at.slice(0, 19).replace("T", " ")} UTC · ${who} · "${d.oldName}" ${outcome}${d.note ? ` · "${d.note}"` : ""}`);
}

/** Draws the reported names and the decisions into `list` and `log`; `say` tells the outcome of each. */
export async function showReportedNames(list: HTMLElement, log: HTMLElement, status: HTMLElement, say: (text: string) => void): Promise<void> {
  const { items, decisions } = await moderation.names();
  status.textContent = items.length === 0 ? "No reported names." : `${items.length} reported ${items.length === 1 ? "name" : "names"}, most reported first.`;
  const decided = (text: string) => {
    say(text);
    void showReportedNames(list, log, status, say);
  };
  list.replaceChildren(...items.map((item) => nameCard(item, decided)));
  log.replaceChildren(...decisions.map(decisionLine));
}
