// /practice: boards on demand, entirely in the browser (works offline once the page and the
// lexicon are cached). Everything that defines the game is in the URL, so a board can be shared
// as a link: ?seed=&size=4|5|6&rules=&timer=&players=, or &board= for a board typed by hand.
import { type Board, EngineError, LANGUAGES, type LanguageCode, type Lexicon, type Path, type PresetName, RULES, type Rules, checkWord, isLanguageCode, parseBoard } from "#engine";
import { BOARD_SIZE_RULES, type BoardSize, defaultRulesFor } from "#game/board-sizes.ts";
import { boardFor, randomSeed, readSettings, settingsQuery } from "./practice-settings.ts";
import { BoardView } from "../board/board-view.ts";
import { partOf } from "../../core/parts.ts";
import { formatDuration } from "../../core/dates.ts";
import { onTick } from "../../core/ticker.ts";
import { reasonText } from "../../core/verdicts.ts";
import { loadLexicon } from "../../core/lexicon.ts";
import { signal } from "../../core/feedback.ts";
import { plural } from "#game/plural.ts";
import { type Player, drawResults } from "./practice-results.ts";

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
    drawResults($, { players, board, rules, lexicon: words, view });
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
