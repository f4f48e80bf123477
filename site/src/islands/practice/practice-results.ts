// The end of a practice game: each player's words (a word found by two players is struck), the
// winner, and what the computer finds that nobody did, with definitions once they load.
import { type Board, type FoundWord, type Lexicon, type Rules, compareLists, solve } from "#engine";
import { plural } from "#game/plural.ts";
import type { BoardView } from "../board/board-view.ts";
import { pathButton } from "../board/path-button.ts";
import { worthLearningFirst } from "../../core/word-order.ts";

export interface Player {
  name: string;
  found: FoundWord[];
}

export interface PracticeGame {
  players: readonly Player[];
  board: Board;
  rules: Rules;
  lexicon: Lexicon;
  view: BoardView;
}

/** The missed words' definitions, loaded once the game is over (the list says nothing offline). */
async function defineMissed(list: HTMLElement, words: string[]): Promise<void> {
  try {
    const [{ defineAll }, { fillDefinitions }] = await Promise.all([import("../solution/definitions.ts"), import("../solution/definition-text.ts")]);
    fillDefinitions(list, await defineAll(words));
  } catch {
    // Offline before the definitions were ever cached: the words stand without them.
  }
}

/** Draws the results into the page's parts (`$` finds one by name). */
export function drawResults($: (name: string) => HTMLElement, game: PracticeGame): void {
  const { players, board, rules, lexicon: words, view } = game;
  const compared = compareLists(
    players.map((p) => p.found.map((f) => f.word)),
    rules,
  );
  const table = $("results-players");
  table.replaceChildren(
    ...compared.players.map((result, i) => {
      const section = document.createElement("section");
      section.className = "card";
      const h = document.createElement("h3");
      h.textContent = `${players[i].name}: ${plural(result.score, "point")}`;
      const ul = document.createElement("ul");
      ul.className = "found-list";
      for (const w of [...result.words].sort((a, b) => a.word.localeCompare(b.word))) {
        const li = document.createElement("li");
        if (w.struck) {
          const s = document.createElement("s");
          s.textContent = w.word;
          li.append(s);
          li.title = "Found by another player too: struck";
        } else {
          li.textContent = `${w.word} ${w.points}`;
        }
        ul.append(li);
      }
      section.append(h, ul);
      return section;
    }),
  );
  if (players.length > 1) {
    const best = Math.max(...compared.players.map((p) => p.score));
    const winners = compared.players.flatMap((p, i) => (p.score === best ? [players[i].name] : []));
    $("winner").textContent = winners.length > 1 ? `A tie between ${winners.join(" and ")}.` : `${winners[0]} wins!`;
  } else {
    $("winner").textContent = "";
  }
  const solution = solve(board, words, rules);
  const foundByAnyone = new Set(players.flatMap((p) => p.found.map((f) => f.word)));
  const missed = solution.words.filter((w) => !foundByAnyone.has(w.word));
  const who = players.length > 1 ? "Nobody found" : "You missed";
  $("computer").textContent = `The computer finds ${plural(solution.totals.words, "word")} worth ${plural(solution.totals.points, "point")} (${plural(solution.totals.commonWords, "common word")}). ${who} ${missed.length}:`;
  const missedList = $("missed");
  missedList.replaceChildren(
    ...missed
      .sort(worthLearningFirst)
      .map((w) => {
        const li = document.createElement("li");
        const def = document.createElement("span");
        def.className = "def";
        def.dataset.def = w.word;
        li.append(pathButton(w.word, w.path, view), def);
        return li;
      }),
  );
  view.setBoard(board, rules);
  view.setEnabled(false);
  void defineMissed(missedList, missed.map((w) => w.word));
}
