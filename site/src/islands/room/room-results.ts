// A finished room round: the results table, each player's words with the struck ones marked,
// and the words nobody found. Player text is only ever set as text.
import type { RoundResults } from "#worker/rooms/scoring.ts";
import { partOf } from "../../core/parts.ts";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function renderResults(root: HTMLElement, results: RoundResults, youId: string): void {
  const $ = (name: string) => partOf(root, name);
  const best = results.players[0]?.score ?? 0;
  const winners = results.players.filter((p) => p.score === best).map((p) => p.name);
  $("room-winner").textContent =
    results.players.length < 2 ? "" : winners.length > 1 ? `A tie between ${winners.join(" and ")}.` : `${winners[0]} wins!`;

  root.querySelector("[data-results-table] tbody")!.replaceChildren(
    ...results.players.map((p) => {
      const tr = el("tr");
      if (p.seatId === youId) tr.className = "is-you";
      tr.append(el("td", String(p.rank)), el("td", p.name + (p.seatId === youId ? " (you)" : "")), el("td", String(p.score)));
      tr.append(el("td", String(p.words.length)), el("td", String(p.words.filter((w) => w.struck).length)));
      return tr;
    }),
  );

  $("results-players").replaceChildren(
    ...results.players.map((p) => {
      const section = el("section");
      section.className = "card";
      section.dataset.resultPlayer = p.name;
      const list = el("ul");
      list.className = "found-list";
      for (const w of p.words) {
        const li = el("li");
        if (w.struck) {
          li.append(el("s", w.word));
          li.title = "Found by another player too: struck";
          li.dataset.struck = "";
        } else {
          li.textContent = `${w.word} ${w.points}`;
        }
        list.append(li);
      }
      section.append(el("h3", `${p.name}: ${p.score} ${p.score === 1 ? "point" : "points"}`), list);
      return section;
    }),
  );

  // Words nobody found: the everyday ones (worth learning) apart from the obscure ones.
  const everyday = results.missed.filter((w) => w.common);
  const obscure = results.missed.filter((w) => !w.common);
  $("missed-count").textContent = String(everyday.length);
  $("room-missed").replaceChildren(...everyday.map((w) => el("li", `${w.word} ${w.points}`)));
  $("obscure-count").textContent = String(obscure.length);
  $("room-obscure").replaceChildren(...obscure.map((w) => el("li", `${w.word} ${w.points}`)));
}

/** The sentence that sums up a finished round for this player. */
export function resultSentence(results: RoundResults, youId: string): string {
  const you = results.players.find((p) => p.seatId === youId);
  const best = results.players[0]?.score ?? 0;
  const winners = results.players.filter((p) => p.score === best);
  const head = results.players.length < 2 ? "Round over." : winners.length > 1 ? `Round over: a tie at ${best} points.` : `Round over: ${winners[0].name} wins with ${best} points.`;
  if (you === undefined) return head;
  const place = results.players.length < 2 ? "" : ` You are #${you.rank} of ${results.players.length}`;
  return `${head}${place}${place ? " with" : " You scored"} ${you.score} ${you.score === 1 ? "point" : "points"}.`;
}

/**
 * Brings a round's results into view when it ends, on a phone too: the results heading is
 * scrolled to and focused (so a screen reader reads from there), and the outcome is announced.
 */
export function presentResults(root: HTMLElement, results: RoundResults, youId: string): void {
  const heading = partOf(root, "room-results-heading");
  heading.tabIndex = -1;
  // At once (no smooth scroll): the results are what the page is about now.
  heading.scrollIntoView({ block: "start" });
  heading.focus({ preventScroll: true });
  partOf(root, "room-announce").textContent = resultSentence(results, youId);
}
