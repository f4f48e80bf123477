// `tumbleword play`: the console game. Works at a terminal and through a pipe (same prompts, no
// escape codes unless stdout is a terminal).
import { type Board, type FoundWord, type Language, type Lexicon, RULES, type Rules, checkWord, parseBoard, solve } from "#engine";
import { parseBoardOption, parseCommandLine, parseIntegerOption, parseRulesOption, RULE_NAMES, UsageError } from "../args.ts";
import { type Command } from "../command.ts";
import { DICE_NAMES, parseRngName, parseSeed, resolveDice, shakeBoard, type DiceChoice, type RngName } from "../dice.ts";
import { loadLexicon } from "../lexicon.ts";
import { Prompter } from "../prompt.ts";
import { paint, renderGrid, stdoutIsTerminal } from "../render.ts";
import { plural } from "#game/plural.ts";
import { DEFAULT_ROUND_SECONDS } from "#game/round.ts";
import { REASON_TEXT } from "./check.ts";
import { LANG_HELP, lettersOf, parseLanguageOption } from "../language.ts";

/** The console game's turn lasts as long as a ranked round unless the player says otherwise. */
const DEFAULT_TIMER = DEFAULT_ROUND_SECONDS;

const HELP = `Usage: tumbleword play [--lang L] [--rules R] [--dice D] [--timer SECONDS] [--seed N | --board B] [--rng G] [--dict FILE]

The console game. You are asked for the rules, the dice, a timer and the board (shaken from a seed
or typed in by hand); each flag given answers its question in advance. Then type words one per
line; each gets a verdict. A blank line or 'q' ends your turn (so does the timer). The computer then
takes every word you missed; it wins only with a strictly greater score.

Options:
${LANG_HELP.replace("--lang L    ", "--lang L      ")}
  --rules R       ${RULE_NAMES.join(", ")} (default classic)
  --dice D        ${DICE_NAMES.join(", ")}, fr, es, de or a dice file (default: the
                  language's, new for English); sets the board's size
  --timer S       seconds for your turn, 0 for untimed (default ${DEFAULT_TIMER})
  --seed N        shake the board from this seed
  --board B       play this board instead, e.g. case/mopi/stre/napd
  --rng G         generator for shaking: default or lfsr16
  --dict FILE     a word list to use instead of the language's built-in lexicon
  -h, --help      show this help

Works through a pipe too: answers are read one per line from standard input.`;

function inputEnded(): never {
  throw new UsageError("input ended before the game started");
}

const parseTimer = (answer: string): number =>
  answer === "" ? DEFAULT_TIMER : parseIntegerOption("the timer", answer, 0, 24 * 3600);

/**
 * A board typed by hand: exactly rows x cols letters A-Z, or the language's letters (spaces and
 * '/' between rows are fine).
 */
export function parseTypedBoard(answer: string, side: number, rules: Rules, language?: Language): Board {
  const letters = [...answer.replace(/[\s/]+/g, "")];
  const bad = letters.find((ch) => (language === undefined ? !/[a-z]/i.test(ch) : !language.alphabet.includes(ch.toLowerCase())));
  if (bad !== undefined) throw new UsageError(language === undefined ? `'${bad}' is not a letter A-Z` : `'${bad}' is not a letter of ${language.name} (${lettersOf(language)})`);
  if (letters.length !== side * side) {
    throw new UsageError(`that is ${plural(letters.length, "letter")}; a ${side} x ${side} board needs ${side * side}`);
  }
  const rows: string[] = [];
  for (let r = 0; r < side; r++) rows.push(letters.slice(r * side, (r + 1) * side).join(""));
  return parseBoard(rows.join("/"), { quFace: rules.quFace, letters: language?.boardLetters ?? "" });
}

interface Setup {
  rules: Rules;
  dice: DiceChoice;
  timer: number;
  board: Board;
  /** For a shaken board: how to get the same board again. */
  replay?: string;
}

/** The answers given as flags, all checked before the first question is asked. */
function presetAnswers(values: Record<string, string | undefined>, language: Language) {
  const rng: RngName = parseRngName(values.rng);
  if (values.board !== undefined) parseBoardOption(values.board, RULES.classic, language); // syntax check now
  return {
    language,
    rules: values.rules === undefined ? undefined : parseRulesOption(values.rules),
    dice: values.dice === undefined ? undefined : resolveDice(values.dice, language),
    timer: values.timer === undefined ? undefined : parseIntegerOption("--timer", values.timer, 0, 24 * 3600),
    seed: values.seed === undefined ? undefined : parseSeed(values.seed, rng),
    board: values.board,
    rng,
  };
}

async function setUp(io: Prompter, preset: ReturnType<typeof presetAnswers>): Promise<Setup> {
  const rules = preset.rules
    ?? (await io.askUntil(`Rules [${RULE_NAMES.join("/")}] (classic): `, (a) => parseRulesOption(a || undefined), inputEnded));
  // A board given whole needs no dice; the dice otherwise set its size.
  const { language } = preset;
  const defaultDice = resolveDice(undefined, language);
  const dice = preset.dice ?? (preset.board !== undefined
    ? defaultDice
    : await io.askUntil(
      `Dice [${DICE_NAMES.join("/")} or a dice file] (${defaultDice.name}): `,
      (a) => resolveDice(a || undefined, language),
      inputEnded,
    ));
  const timer = preset.timer ?? (await io.askUntil(`Timer in seconds, 0 for untimed (${DEFAULT_TIMER}): `, parseTimer, inputEnded));

  if (preset.board !== undefined) return { rules, dice, timer, board: parseBoardOption(preset.board, rules, language) };
  const { rng } = preset;
  const shaken = (seed: number): Setup => {
    const lang = language.code === "en" ? "" : ` --lang ${language.code}`;
    const replay = `Seed: ${seed} (replay this board with --seed ${seed}${lang} --dice ${dice.name}${rng === "lfsr16" ? " --rng lfsr16" : ""})`;
    return { rules, dice, timer, board: shakeBoard(dice.dice, rng, seed), replay };
  };
  if (preset.seed !== undefined) return shaken(preset.seed);

  const mode = await io.askUntil("Board: (s)hake the dice or (t)ype it in? (s): ", (a) => {
    const m = a.toLowerCase();
    if (m === "" || m === "s" || m === "shake") return "shake";
    if (m === "t" || m === "type") return "type";
    throw new UsageError(`answer s or t, not '${a}'`);
  }, inputEnded);
  const side = Math.sqrt(dice.dice.length);
  if (mode === "type") {
    const board = await io.askUntil(
      `Type the ${side * side} letters of the ${side} x ${side} board, row by row: `,
      (a) => parseTypedBoard(a, side, rules, language.code === "en" ? undefined : language),
      inputEnded,
    );
    return { rules, dice, timer, board };
  }
  const seed = await io.askUntil("Seed (blank for random): ", (a) => parseSeed(a, rng, "the seed"), inputEnded);
  return shaken(seed);
}

interface Turn {
  found: FoundWord[];
  score: number;
}

async function playerTurn(io: Prompter, setup: Setup, lexicon: Lexicon, language: Language): Promise<Turn> {
  const { board, rules, timer } = setup;
  const deadline = timer > 0 ? Date.now() + timer * 1000 : Infinity;
  const foundSet = new Set<string>();
  const turn: Turn = { found: [], score: 0 };
  io.say(
    `Type one word per line; a blank line or q ends your turn.` +
      (timer > 0 ? ` You have ${plural(timer, "second")}.` : ""),
  );
  for (;;) {
    const left = deadline - Date.now();
    const secondsLeft = Math.max(0, Math.ceil(left / 1000));
    const clock = timer > 0 ? ` (${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, "0")} left)` : "";
    const { line, timedOut } = await io.ask(`Word${clock}: `, timer > 0 ? left : undefined);
    if (timedOut || Date.now() > deadline) {
      io.say(paint("yellow", "Time's up!"));
      break;
    }
    if (line === null) break;
    const entry = line.trim().toLowerCase();
    if (entry === "" || entry === "q") break;
    const word = language.normalize(entry);
    if (word === null) {
      io.say(paint("red", `  ${entry}: rejected: use the letters ${lettersOf(language)} only`));
      continue;
    }
    const verdict = checkWord(board, lexicon, rules, word, foundSet);
    if (verdict.accepted) {
      foundSet.add(verdict.word);
      turn.found.push({ word: verdict.word, path: verdict.path, points: verdict.points, common: verdict.common });
      turn.score += verdict.points;
      io.say(paint("green", `  ${verdict.word}: accepted, ${plural(verdict.points, "point")} (score ${turn.score})`));
    } else {
      io.say(paint("red", `  ${verdict.word}: rejected: ${REASON_TEXT[verdict.reason]}`));
    }
  }
  return turn;
}

/** Words laid out in columns, about 72 characters wide. */
function columns(items: string[]): string[] {
  if (items.length === 0) return [];
  const width = Math.max(...items.map((s) => s.length)) + 2;
  const perLine = Math.max(1, Math.floor(72 / width));
  const lines: string[] = [];
  for (let i = 0; i < items.length; i += perLine) {
    lines.push("  " + items.slice(i, i + perLine).map((s) => s.padEnd(width)).join("").trimEnd());
  }
  return lines;
}

export const playCommand: Command = {
  name: "play",
  summary: "the console game: you against the computer",
  help: HELP,
  async run(args) {
    const { values } = parseCommandLine({
      args,
      options: {
        rules: { type: "string" },
        dice: { type: "string" },
        timer: { type: "string" },
        seed: { type: "string" },
        board: { type: "string" },
        rng: { type: "string" },
        dict: { type: "string" },
        lang: { type: "string" },
      },
    });
    if (values.seed !== undefined && values.board !== undefined) throw new UsageError("give --seed or --board, not both");
    const language = parseLanguageOption(values.lang);
    const preset = presetAnswers(values, language);
    const lexicon = loadLexicon(values.dict, language);
    const io = new Prompter();
    try {
      const setup = await setUp(io, preset);
      if (stdoutIsTerminal()) process.stdout.write("\x1b[2J\x1b[H");
      io.say();
      io.say(paint("bold", renderGrid(setup.board)));
      io.say();
      if (setup.replay) io.say(setup.replay);
      const player = await playerTurn(io, setup, lexicon, language);

      const solution = solve(setup.board, lexicon, setup.rules);
      const mine = new Set(player.found.map((w) => w.word));
      const missed = solution.words.filter((w) => !mine.has(w.word));
      const computerScore = missed.reduce((sum, w) => sum + w.points, 0);
      io.say();
      io.say(`Computer's turn: ${plural(missed.length, "word")} you missed, ${plural(computerScore, "point")}.`);
      for (const line of columns(missed.map((w) => `${w.word} ${w.points}`))) io.say(line);
      io.say();
      io.say(`Your score: ${player.score} (${plural(player.found.length, "word")})`);
      io.say(`Computer's score: ${computerScore} (${plural(missed.length, "word")})`);
      io.say(
        computerScore > player.score
          ? paint("red", "The computer wins.")
          : paint("green", computerScore === player.score ? "A tie: you win (the computer needs a strictly greater score)." : "You win!"),
      );
    } finally {
      io.close();
    }
  },
};
