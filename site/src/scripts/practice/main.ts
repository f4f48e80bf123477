// /practice: boards on demand, entirely in the browser (works offline once the page and the
// lexicon are cached). Everything that defines the game is in the URL, so a board can be shared
// as a link: ?seed=&size=4|5|6&rules=&timer=&players=, or &board= for a board typed by hand.
import { EngineError, RULES, checkWord, compareLists, parseBoard, solve } from "../../../../shared/index.ts";
import type { Board, FoundWord, Lexicon, Path, PresetName, Rules } from "../../../../shared/index.ts";
import { BOARD_SIZE_RULES, type BoardSize, defaultRulesFor } from "../../../../shared/board-sizes.ts";
import { boardFor, randomSeed, readSettings, settingsQuery } from "./practice-settings.ts";
import { BoardView } from "../board/board-view.ts";
import { partOf } from "../core/parts.ts";
import { pathButton } from "../board/path-button.ts";
import { formatDuration } from "../core/dates.ts";
import { onTick } from "../core/ticker.ts";
import { reasonText } from "../core/verdicts.ts";
import { loadLexicon } from "../core/lexicon.ts";
import { LANGUAGES, type LanguageCode, isLanguageCode } from "../../../../shared/languages.ts";
import { signal } from "../core/feedback.ts";
import { plural } from "../../../../shared/plural.ts";
import { worthLearningFirst } from "../core/word-order.ts";

/** The missed words' definitions, loaded once the game is over (the list says nothing offline). */
async function defineMissed(list: HTMLElement, words: string[]): Promise<void> {
  try {
    const [{ defineAll }, { fillDefinitions }] = await Promise.all([import("../solution/definitions.ts"), import("../solution/definition-text.ts")]);
    fillDefinitions(list, await defineAll(words));
  } catch {
    // Offline before the definitions were ever cached: the words stand without them.
  }
}

interface Player {
  name: string;
  found: FoundWord[];
}

/** <tw-practice> (the /practice page's island). */
export class PracticeElement extends HTMLElement {
  connectedCallback(): void {
    initPractice(this);
  }
}

function initPractice(root: HTMLElement): void {
  const $ = <T extends HTMLElement = HTMLElement>(name: string) => partOf<T>(root, name);
  const form = $<HTMLFormElement>("practice-form");
  const sizeSelect = $<HTMLSelectElement>("size");
  const rulesSelect = $<HTMLSelectElement>("rules");
  const timerSelect = $<HTMLSelectElement>("timer-select");
  const playersSelect = $<HTMLSelectElement>("players");
  const langSelect = $<HTMLSelectElement>("lang");
  const boardInput = $<HTMLInputElement>("board-text");
  const feedback = $("feedback");
  const status = $("practice-status");
  const turnButton = $<HTMLButtonElement>("turn");
  const endButton = $<HTMLButtonElement>("end-turn");
  const timerText = $("timer");
  const foundList = $("found-list");
  const scoreText = $("score");
  const results = $("results");

  let settings = readSettings(location.search);
  let board: Board;
  let rules: Rules;
  let lexicon: Lexicon | null = null;
  /** The language whose lexicon `lexicon` is (or is being loaded). */
  let lexiconLang: LanguageCode | null = null;
  let players: Player[] = [];
  let current = 0;
  let turnEndsAt: number | null = null;
  let playing = false;

  const say = (text: string, tone: "good" | "bad" | "info" = "info") => {
    feedback.textContent = text;
    feedback.dataset.tone = tone;
  };

  const view = new BoardView($("board"), $<HTMLInputElement>("word"), {
    onSubmit: (word, path) => submit(word, path),
    // The last verdict is about the last word: it goes once the next one is being built.
    onChange: (word) => {
      if (word) say("");
    },
  });
  $("submit").addEventListener("click", () => view.submit());
  $("clear").addEventListener("click", () => view.clear());

  function submit(word: string, _path: Path | null): void {
    if (!playing || !lexicon) return;
    const player = players[current];
    const verdict = checkWord(board, lexicon, rules, word, new Set(player.found.map((f) => f.word)));
    if (!verdict.accepted) {
      signal($("board"), "bad");
      return say(reasonText(verdict.reason, verdict.word, rules), "bad");
    }
    player.found.push(verdict);
    signal($("board"), "good");
    say(`${verdict.word.toUpperCase()} +${verdict.points}`, "good");
    renderFound();
  }

  function renderFound(): void {
    const player = players[current];
    const words = player ? [...player.found].sort((a, b) => a.word.localeCompare(b.word)) : [];
    foundList.replaceChildren(
      ...words.map((f) => {
        const li = document.createElement("li");
        li.textContent = f.word;
        return li;
      }),
    );
    scoreText.textContent = String(words.reduce((sum, f) => sum + f.points, 0));
  }

  function syncForm(): void {
    sizeSelect.value = String(settings.size);
    rulesSelect.value = settings.rules;
    timerSelect.value = String(settings.timer);
    playersSelect.value = String(settings.players);
    langSelect.value = settings.lang;
    // Other languages have 16 dice only: their boards are 4x4.
    sizeSelect.disabled = settings.lang !== "en";
    boardInput.value = settings.board ?? "";
    $<HTMLAnchorElement>("share-link").href = settingsQuery(settings);
    $("seed").textContent = settings.board ? "typed in" : settings.seed;
    const size = settings.board ? "typed board" : `${settings.size}x${settings.size}`;
    const timer = settings.timer ? `${settings.timer / 60} min` : "untimed";
    const who = settings.players > 1 ? `${settings.players} players` : "solo";
    const language = settings.lang === "en" ? "" : `, ${LANGUAGES[settings.lang].name}`;
    $("settings-summary").textContent = `${size}, ${settings.rules}, ${timer}, ${who}${language}`;
  }

  /** Sets up a new game for the current settings (and records them in the URL). */
  function setup(push: boolean): void {
    try {
      board = boardFor(settings);
    } catch (error) {
      say(error instanceof EngineError ? `That board can't be used: ${error.message}` : String(error), "bad");
      settings.board = null;
      board = boardFor(settings);
    }
    rules = RULES[settings.rules];
    useLanguage(settings.lang);
    const url = settingsQuery(settings);
    if (push) history.pushState(null, "", url);
    else history.replaceState(null, "", url);
    syncForm();
    players = Array.from({ length: settings.players }, (_, i) => ({ name: `Player ${i + 1}`, found: [] }));
    current = 0;
    playing = false;
    results.hidden = true;
    view.setBoard(board, rules, { hidden: settings.players > 1 });
    view.setEnabled(false);
    renderFound();
    prepareTurn();
  }

  function prepareTurn(): void {
    const multi = settings.players > 1;
    turnButton.hidden = false;
    endButton.hidden = true;
    turnButton.textContent = multi ? `${players[current].name}: start your turn` : "Start";
    status.textContent = multi
      ? `Pass the device to ${players[current].name}. The board stays hidden until they start.`
      : `Board ${board.rows}x${board.cols}, ${rules.name} rules (words of ${rules.minLength}+ letters).`;
    timerText.textContent = settings.timer ? formatDuration(settings.timer * 1000) : "Untimed";
    if (!multi) startTurn();
  }

  async function startTurn(): Promise<void> {
    if (!lexicon) {
      status.textContent = "Loading the word list…";
      try {
        lexicon = await loadLexicon(settings.lang);
      } catch {
        status.textContent = "The word list could not be loaded. Connect once to cache it for offline play.";
        return;
      }
    }
    playing = true;
    turnButton.hidden = true;
    endButton.hidden = false;
    endButton.textContent = settings.players > 1 ? `End ${players[current].name}'s turn` : "Finish and see the solution";
    view.setBoard(board, rules);
    view.setEnabled(true);
    renderFound();
    status.textContent =
      settings.players > 1 ? `${players[current].name} is playing.` : `Board ${board.rows}x${board.cols}, ${rules.name} rules (words of ${rules.minLength}+ letters).`;
    turnEndsAt = settings.timer ? Date.now() + settings.timer * 1000 : null;
  }

  function endTurn(): void {
    // A turn only starts once the word list is in.
    if (!playing || !lexicon) return;
    playing = false;
    turnEndsAt = null;
    view.setEnabled(false);
    current += 1;
    if (current < players.length) {
      view.setBoard(board, rules, { hidden: true });
      view.setEnabled(false);
      foundList.replaceChildren();
      scoreText.textContent = "0";
      say("");
      prepareTurn();
    } else {
      current = players.length - 1;
      turnButton.hidden = true;
      endButton.hidden = true;
      status.textContent = "Game over.";
      showResults(lexicon);
    }
  }

  function showResults(words: Lexicon): void {
    results.hidden = false;
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

  turnButton.addEventListener("click", () => void startTurn());
  endButton.addEventListener("click", endTurn);
  $("new-board").addEventListener("click", () => {
    settings = { ...settings, seed: randomSeed(), board: null };
    setup(true);
  });
  form.addEventListener("change", (e) => {
    if (e.target === boardInput) return;
    const lang = isLanguageCode(langSelect.value) ? langSelect.value : "en";
    const langChanged = lang !== settings.lang;
    const size = lang === "en" ? (Number(sizeSelect.value) as BoardSize) : 4;
    const sizeChanged = size !== settings.size || langChanged;
    settings = {
      ...settings,
      lang,
      size,
      rules: sizeChanged ? BOARD_SIZE_RULES[size].rules : (rulesSelect.value as PresetName),
      timer: Number(timerSelect.value),
      players: Number(playersSelect.value),
      board: sizeChanged ? null : settings.board,
    };
    setup(true);
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = boardInput.value.trim();
    if (!text) return;
    let typedRules: PresetName;
    try {
      const letters = LANGUAGES[settings.lang].boardLetters;
      const typed = parseBoard(text, { quFace: RULES[settings.rules].quFace, letters });
      // A typed board gets the rules of its own size, not those of the board it replaces.
      typedRules = (typed.rows === typed.cols ? defaultRulesFor(typed.rows) : null) ?? "open";
      parseBoard(text, { quFace: RULES[typedRules].quFace, letters });
    } catch (error) {
      say(`That board can't be used: ${error instanceof Error ? error.message : error}`, "bad");
      return;
    }
    settings = { ...settings, board: text, rules: typedRules };
    setup(true);
    say("Your board is ready.", "good");
  });
  addEventListener("popstate", () => {
    settings = readSettings(location.search);
    setup(false);
  });
  onTick(() => {
    if (!playing || turnEndsAt === null) return;
    const left = turnEndsAt - Date.now();
    timerText.textContent = formatDuration(left);
    if (left <= 0) {
      say("Time's up!");
      endTurn();
    }
  });
  /** The board's language: its lexicon (fetched right away, cached for offline use) and how typed words fold. */
  function useLanguage(lang: LanguageCode): void {
    if (lang === lexiconLang) return;
    lexiconLang = lang;
    lexicon = null;
    view.fold = lang === "en" ? undefined : LANGUAGES[lang].fold;
    loadLexicon(lang)
      .then((loaded) => {
        if (lexiconLang === lang) lexicon = loaded;
      })
      .catch(() => undefined);
  }
  setup(false);
}

customElements.define("tw-practice", PracticeElement);
